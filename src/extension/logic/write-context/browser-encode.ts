// The characters of a URL that a browser sends percent-encoded, written percent-encoded: the WHATWG
// URL Standard's percent-encode sets, applied per component (userinfo, path, query, fragment), so
// the browser reads the written URL as the very same URL (same href). One linear pass.
import { isUnicodeStop } from '../../../core/shared/url-chars';

/** The parts of a URL a code unit can be in. */
export const Part = {
  Scheme: 0,
  Userinfo: 1,
  Host: 2,
  Port: 3,
  Path: 4,
  Query: 5,
  Fragment: 6,
} as const;
export type Part = (typeof Part)[keyof typeof Part];

const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

/** The fragment percent-encode set (ASCII part): C0 controls, space, " < > `. */
const FRAGMENT = asciiSet(' "<>`');
/** The query percent-encode set: C0 controls, space, " # < >. */
const QUERY = asciiSet(' "#<>');
/** The special-query percent-encode set (http, https, ws, wss, ftp, file): the query set and '. */
const SPECIAL_QUERY = asciiSet(' "#<>\'');
/** The path percent-encode set: the query set and ? ` { }. */
const PATH = asciiSet(' "#<>?`{}');
/** The userinfo percent-encode set: the path set and / : ; = @ [ \ ] ^ | (the first : is the delimiter). */
const USERINFO = asciiSet(' "#<>?`{}/;=@[\\]^|');

function asciiSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let c = 0; c < 0x20; c++) set[c] = 1;
  set[0x7f] = 1;
  for (const ch of chars) set[ch.charCodeAt(0)] = 1;
  return set;
}

export interface SplitUrl {
  /** The part of each code unit. */
  parts: Uint8Array;
  /** http, https, ws, wss, ftp or file: `\` is `/` and the host is percent-decoded by the browser. */
  special: boolean;
}

/**
 * Which part each code unit of `url` is in, as the WHATWG parser splits an absolute URL. A text
 * without a scheme (a bare host such as `example.com/x`, which the publisher reverse gives) is
 * read as if `http://` were before it.
 */
export function splitUrl(url: string): SplitUrl {
  const parts = new Uint8Array(url.length);
  const colon = schemeEnd(url);
  const scheme = colon < 0 ? 'http' : url.slice(0, colon).toLowerCase();
  const special = SPECIAL.has(scheme);
  let i = colon + 1;
  let part: Part = Part.Path;
  if (colon < 0 || special) {
    while (i < url.length && (url[i] === '/' || url[i] === '\\')) i++;
    i = markAuthority(url, i, parts);
  } else if (url.startsWith('//', i)) {
    i = markAuthority(url, i + 2, parts);
  }
  for (; i < url.length; i++) {
    const ch = url[i];
    if (ch === '?' && part === Part.Path) part = Part.Query;
    else if (ch === '#' && part !== Part.Fragment) part = Part.Fragment;
    parts[i] = part;
  }
  return { parts, special };
}

/** The index of the scheme's `:`, or -1 when the text starts with no scheme. */
function schemeEnd(url: string): number {
  if (!/^[A-Za-z]/.test(url)) return -1;
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3a) return i;
    if (!/[A-Za-z0-9+.-]/.test(url[i])) return -1;
  }
  return -1;
}

/** Marks userinfo, host and port from `i` to the authority's end; returns that end. */
function markAuthority(url: string, i: number, parts: Uint8Array): number {
  let end = i;
  while (end < url.length && !'/\\?#'.includes(url[end])) end++;
  const at = url.lastIndexOf('@', end - 1);
  const hostStart = at >= i ? at + 1 : i;
  for (let k = i; k < hostStart - 1; k++) parts[k] = Part.Userinfo;
  if (hostStart > i) parts[hostStart - 1] = Part.Scheme; // the @: a delimiter, as written
  const close = url.lastIndexOf(']', end - 1);
  const portColon = url.lastIndexOf(':', end - 1);
  const port = portColon >= hostStart && portColon > close ? portColon : end;
  for (let k = hostStart; k < end; k++) parts[k] = k < port ? Part.Host : Part.Port;
  return end;
}

export type Encoded = { text: string; refused?: undefined } | { text?: undefined; refused: 'tab' };

/**
 * `url` with the characters the browser would percent-encode written percent-encoded (only in
 * userinfo, path, query and fragment: the host is left as it is, the browser serializes it so),
 * and `\` in a special URL's path written as the `/` the browser reads it as. Readable non-ASCII
 * (é, 日本) stays as written, an IRI that the browser encodes the same way when it sends it;
 * invisible, bidirectional and separator characters (U+2028, U+202E…) and lone surrogates are
 * encoded. A tab or line break is refused: the browser drops it, so neither it nor `%0A` would
 * keep the URL's meaning in place.
 */
export function browserEncode(url: string): Encoded {
  if (/[\t\n\r]/.test(url)) return { refused: 'tab' };
  const { parts, special } = splitUrl(url);
  let out = '';
  let from = 0;
  let firstColon = true;
  for (let i = 0; i < url.length; i++) {
    const part = parts[i] as Part;
    const c = url.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && isLowAt(url, i + 1)) {
      i++; // an astral character (emoji, rare CJK): readable, kept
      continue;
    }
    let piece: string | undefined;
    if (part === Part.Userinfo && c === 0x3a && firstColon) firstColon = false;
    else if (part === Part.Path && c === 0x5c && special) piece = '/';
    else if (part >= Part.Path || part === Part.Userinfo)
      piece = encodeAt(c, url[i], setFor(part, special));
    if (piece === undefined) continue;
    out += url.slice(from, i) + piece;
    from = i + 1;
  }
  return { text: from === 0 ? url : out + url.slice(from) };
}

function setFor(part: Part, special: boolean): Uint8Array {
  if (part === Part.Userinfo) return USERINFO;
  if (part === Part.Path) return PATH;
  if (part === Part.Query) return special ? SPECIAL_QUERY : QUERY;
  return FRAGMENT;
}

const isLowAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
};

/** The `%XX` form of the code unit `c` (`ch`) when `set` (or the hidden-character rule) says so. */
function encodeAt(c: number, ch: string, set: Uint8Array): string | undefined {
  if (c < 0x80) return set[c] ? percent(ch) : undefined;
  if (c >= 0xd800 && c <= 0xdfff) return percent('\ufffd'); // lone surrogate: the browser sends U+FFFD
  return isUnicodeStop(c) ? percent(ch) : undefined;
}

/** UTF-8 percent-encoding of one character, upper-case hex as the browser writes it. */
export function percent(ch: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(ch)) {
    out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
