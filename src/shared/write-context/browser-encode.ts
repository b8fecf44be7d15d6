// The characters of a URL that a browser sends percent-encoded, written percent-encoded: the WHATWG
// URL Standard's percent-encode sets, applied per component (userinfo, path, query, fragment), so
// the browser reads the written URL as the very same URL (same href). One linear pass.
import { isInvisible } from '../../core/common/invisible';
import {
  isAsciiLetter,
  isHighSurrogate,
  isLowSurrogate,
  isSchemeChar,
  isUnicodeStop,
} from '../../core/common/url-chars';

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
/**
 * Where a closer look is needed: the sets' characters but the delimiters (a `?` in a path starts
 * the query, a `#` the fragment), and `\` (written `/` in a path). With userinfo, its set too.
 */
const ANY = asciiSet(' "<>`{}\'\\');
const ANY_USERINFO = asciiSet(' "<>`{}\'\\/;=@[]^|:');

function asciiSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let c = 0; c < 0x20; c++) set[c] = 1;
  set[0x7f] = 1;
  for (const ch of chars) set[ch.charCodeAt(0)] = 1;
  return set;
}

/** Where the parts of a URL are: offsets of its delimiters, so that no array is built per URL. */
export interface SplitUrl {
  /** http, https, ws, wss, ftp or file: `\` is `/` and the host is percent-decoded by the browser. */
  special: boolean;
  /** Where the authority starts (after `scheme://`), the `@` ending userinfo (or -1), the host, the port's `:`, the authority's end. */
  authority: number;
  at: number;
  host: number;
  port: number;
  path: number;
  /** The `?` starting the query, the `#` starting the fragment, or -1. */
  query: number;
  fragment: number;
}

/** The part the code unit at `i` is in (a delimiter `@` counts as Scheme: never encoded). */
export function partAt(s: SplitUrl, i: number): Part {
  if (i < s.authority) return Part.Scheme;
  if (i < s.at) return Part.Userinfo;
  if (i === s.at) return Part.Scheme;
  if (i < s.port) return Part.Host;
  if (i < s.path) return Part.Port;
  if (s.fragment >= 0 && i >= s.fragment) return Part.Fragment;
  return s.query >= 0 && i >= s.query ? Part.Query : Part.Path;
}

/**
 * The parts of `url` as the WHATWG parser splits an absolute URL. A text without a scheme (a
 * bare host such as `example.com/x`, which the publisher reverse gives) is read as if `http://`
 * were before it. A URL with another scheme and no `//` has no authority.
 */
export function splitUrl(url: string): SplitUrl {
  const colon = schemeEnd(url);
  const special = colon < 0 || SPECIAL.has(url.slice(0, colon).toLowerCase());
  let i = colon + 1;
  let end = i;
  if (special) {
    while (i < url.length && (url.charCodeAt(i) === 0x2f || url.charCodeAt(i) === 0x5c)) i++;
    end = authorityEnd(url, i);
  } else if (url.startsWith('//', i)) {
    i += 2;
    end = authorityEnd(url, i);
  }
  const atIndex = end > i ? url.lastIndexOf('@', end - 1) : -1;
  const at = atIndex >= i ? atIndex : -1;
  const host = at >= 0 ? at + 1 : i;
  const close = url.lastIndexOf(']', end - 1);
  const portColon = end > host ? url.lastIndexOf(':', end - 1) : -1;
  const port = portColon >= host && portColon > close ? portColon : end;
  const fragment = url.indexOf('#', end);
  const q = url.indexOf('?', end);
  const query = q >= 0 && (fragment < 0 || q < fragment) ? q : -1;
  return { special, authority: i, at, host, port, path: end, query, fragment };
}

function authorityEnd(url: string, i: number): number {
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) return i; // / \ ? #
  }
  return i;
}

/** The index of the scheme's `:`, or -1 when the text starts with no scheme. */
function schemeEnd(url: string): number {
  if (!isAsciiLetter(url.charCodeAt(0))) return -1;
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3a) return i;
    if (!isSchemeChar(c)) return -1;
  }
  return -1;
}

export type Encoded = { text: string; refused?: undefined } | { text?: undefined; refused: 'tab' };

/**
 * `url` with the characters the browser would percent-encode written percent-encoded (only in
 * userinfo, path, query and fragment: the host is left as it is, the browser serializes it so),
 * and `\` in a special URL's path written as the `/` the browser reads it as. Readable non-ASCII
 * (é, 日本) stays as written, an IRI that the browser encodes the same way when it sends it;
 * separator characters (U+2028…) and lone surrogates are encoded, and every Bidi_Control and
 * Default_Ignorable_Code_Point (U+061C, U+200B, U+202E, U+FE0F, U+E0041…) in any part. A tab or line break is refused: the browser drops it, so neither it nor `%0A` would
 * keep the URL's meaning in place.
 */
export function browserEncode(url: string): Encoded {
  if (/[\t\n\r]/.test(url)) return { refused: 'tab' };
  const split = splitUrl(url);
  let out = '';
  let from = 0;
  let firstColon = true;
  const look = split.at >= 0 ? ANY_USERINFO : ANY;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x80 && !look[c]) continue; // the usual case: a character no set holds
    if (isHighSurrogate(c) && isLowSurrogate(url.charCodeAt(i + 1))) {
      // An astral character (emoji, rare CJK) is readable and kept; a tag or variation selector
      // (U+E0000-E0FFF) is invisible, encoded wherever it is.
      const cp = url.codePointAt(i) ?? 0;
      if (isInvisible(cp)) {
        out += url.slice(from, i) + percent(url.slice(i, i + 2));
        from = i + 2;
      }
      i++;
      continue;
    }
    const part = partAt(split, i);
    let piece: string | undefined;
    // Bidi controls and default-ignorables are encoded in every part, host included: the browser
    // percent-decodes a special URL's host before reading it, and percent-encodes any non-ASCII
    // of another URL's, so the URL stays the same and the written text shows what it holds.
    if (c >= 0x80 && isInvisible(c)) piece = percent(url[i]);
    else if (part === Part.Userinfo && c === 0x3a && firstColon) firstColon = false;
    else if (part === Part.Path && c === 0x5c && split.special) piece = '/';
    else if (part >= Part.Path || part === Part.Userinfo)
      piece = encodeAt(c, url[i], setFor(part, split.special));
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

/** The `%XX` form of the code unit `c` (`ch`) when `set` (or the hidden-character rule) says so. */
function encodeAt(c: number, ch: string, set: Uint8Array): string | undefined {
  if (c < 0x80) return set[c] ? percent(ch) : undefined;
  if (c >= 0xd800 && c <= 0xdfff) return percent('\ufffd'); // lone surrogate: the browser sends U+FFFD
  return isUnicodeStop(c) ? percent(ch) : undefined;
}

/** UTF-8 percent-encoding of one character, upper-case hex as the browser writes it. */
const UTF8 = new TextEncoder();

export function percent(ch: string): string {
  let out = '';
  for (const byte of UTF8.encode(ch)) {
    out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
