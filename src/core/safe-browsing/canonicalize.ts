// Safe Browsing URL canonicalization (spec: Safe Browsing "URLs and Hashing").
import { checkInput, MAX_URL_LENGTH, UrlError } from '../common/errors';
import { escapeBytes, toByteString, unescapeFully } from './escape';
import { canonicalHost } from './host';
import { canonicalPath } from './path';
import { splitAuthority } from '../common/uri';
import { isAsciiDigit, isAsciiLetter, isSchemeChar } from '../common/url-chars';

/** A canonical URL's parts; `host` and `path` are escaped, `query` is kept as it came. */
export interface CanonicalUrl {
  scheme: string;
  host: string;
  path: string;
  query?: string;
}

// Schemes a browser parses specially: `\` is a slash and the `//` before the host is optional.
// (`file` is special too but has no host to check.)
const SPECIAL_SCHEMES = new Set(['http', 'https', 'ftp', 'ws', 'wss']);

/**
 * The Safe Browsing canonical form of a URL, e.g. `http://host/%25%32%35` → `http://host/%25`.
 * Userinfo and port are dropped (as in the spec's own table: `http://www.gotaport.com:1234/` →
 * `http://www.gotaport.com/`); the query is kept; `http://` is added when there is no scheme.
 */
export function canonicalize(url: string): string {
  const hostStart = simpleSplit(url);
  if (hostStart < 0) return joinCanonical(canonicalParts(url));
  const rawHost = url.slice(hostStart, split.hostEnd);
  const rawPath = url.slice(split.hostEnd, split.pathEnd);
  const host = canonicalHost(rawHost);
  const path = canonicalPath(rawPath);
  // Most URLs are already canonical (both steps return their input): give back the URL as it came.
  if (host === rawHost && path === rawPath) return url;
  return `${url.slice(0, hostStart)}${host}${path}${url.slice(split.pathEnd)}`;
}

/**
 * Characters that the byte steps (fragment, tabs, UTF-8, unescape fully, escape) leave exactly
 * as they are: printable ASCII but `#` and `%`, and the escapes written back unchanged (`%20`,
 * `%C3`: uppercase hex of a byte the spec escapes, never `%25`, whose `%` could join the next
 * two characters into a new escape).
 */
const UNCHANGED_BY_BYTE_STEPS = /^(?:[!"$&-~]|%(?:[01][0-9A-F]|2[03]|7F|[89A-F][0-9A-F]))+$/;

/** Where the host and the path of the last `simpleSplit` end (no allocation per URL). */
const split = { hostEnd: 0, pathEnd: 0 };

/**
 * Where the host starts in the common URL, `http(s)://host/path?query` with no userinfo, port,
 * IP literal, backslash or character the byte steps would change; -1 for any other input, which
 * takes the full way. For these inputs the full way's byte steps return the text unchanged and
 * its parse finds the same host, path and query, so both ways give the same answer.
 */
function simpleSplit(url: string): number {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return -1;
  const hostStart = schemeLength(url);
  if (hostStart < 0 || !UNCHANGED_BY_BYTE_STEPS.test(url)) return -1;
  let hostEnd = hostStart;
  for (; hostEnd < url.length; hostEnd++) {
    const c = url.charCodeAt(hostEnd);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */) break;
    // \ (a slash, or more slashes before the host), userinfo, port, IPv6: the full way.
    if (c === 0x5c || c === 0x40 || c === 0x3a || c === 0x5b) return -1;
  }
  if (hostEnd === hostStart) return -1;
  const q = url.indexOf('?', hostEnd);
  const pathEnd = q < 0 ? url.length : q;
  const slash = url.indexOf('\\', hostEnd);
  if (slash >= 0 && slash < pathEnd) return -1;
  split.hostEnd = hostEnd;
  split.pathEnd = pathEnd;
  return hostStart;
}

/** The length of a lowercase `http://` or `https://` at the start, else -1. */
function schemeLength(url: string): number {
  if (
    url.charCodeAt(0) !== 0x68 ||
    url.charCodeAt(1) !== 0x74 ||
    url.charCodeAt(2) !== 0x74 ||
    url.charCodeAt(3) !== 0x70
  )
    return -1;
  const colon = url.charCodeAt(4) === 0x73 ? 5 : 4;
  return url.charCodeAt(colon) === 0x3a &&
    url.charCodeAt(colon + 1) === 0x2f &&
    url.charCodeAt(colon + 2) === 0x2f
    ? colon + 3
    : -1;
}

function joinCanonical(u: CanonicalUrl): string {
  return `${u.scheme}://${u.host}${u.path}${u.query === undefined ? '' : `?${u.query}`}`;
}

/** Canonicalizes and returns the parts; throws `UrlError` for anything without a usable host. */
export function canonicalParts(url: string): CanonicalUrl {
  const hostStart = simpleSplit(url);
  if (hostStart >= 0) {
    const { hostEnd, pathEnd } = split;
    return {
      scheme: hostStart === 7 ? 'http' : 'https',
      host: canonicalHost(url.slice(hostStart, hostEnd)),
      path: canonicalPath(url.slice(hostEnd, pathEnd)),
      query: pathEnd < url.length ? url.slice(pathEnd + 1) : undefined,
    };
  }
  const text = escapeBytes(
    unescapeFully(
      toByteString(stripFragment(removeTabsAndNewlines(trimControls(checkInput(url))))),
    ),
  );
  // From here on `text` is printable ASCII: every structural character in it (`/ ? @ :`) is one
  // the parse below must honour, whether it was typed or came out of an escape, exactly as the
  // spec's "unescape the URL, then take the host" reads and as a re-canonicalization would see it.
  const { scheme, special, rest } = splitScheme(text);
  let end = 0;
  while (end < rest.length) {
    const c = rest.charCodeAt(end);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || (special && c === 0x5c) /* \ */) break;
    end++;
  }
  const q = rest.indexOf('?', end);
  let path = q < 0 ? rest.slice(end) : rest.slice(end, q);
  if (special && path.includes('\\')) path = path.replace(/\\/g, '/');
  return {
    scheme,
    host: hostOf(rest.slice(0, end)),
    path: canonicalPath(path),
    query: q < 0 ? undefined : rest.slice(q + 1),
  };
}

/** The host of an authority; userinfo and port are checked and dropped. */
function hostOf(authority: string): string {
  const { host, port } = splitAuthority(authority);
  if (host.startsWith('[') && !host.endsWith(']')) {
    throw new UrlError('invalid-host', 'The IPv6 address in the URL has no closing "]".');
  }
  if (port !== undefined && !/^\d*$/.test(port)) {
    throw new UrlError('port', `The port "${port.slice(0, 20)}" is not a number.`);
  }
  if (host === '') throw new UrlError('invalid-host', 'The URL has no host name.');
  return canonicalHost(host);
}

/** Leading and trailing C0 controls and spaces go, as in a browser's URL parser. */
function trimControls(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  if (start === end) throw new UrlError('empty', 'The URL is empty.');
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Spec step 1: tab, CR and LF characters go; their escapes (`%0A`) stay. */
function removeTabsAndNewlines(s: string): string {
  return !s.includes('\t') && !s.includes('\r') && !s.includes('\n')
    ? s
    : s.replace(/[\t\r\n]/g, '');
}

/** Spec step 2: the fragment goes (everything from the first `#`, before unescaping). */
function stripFragment(s: string): string {
  const hash = s.indexOf('#');
  return hash < 0 ? s : s.slice(0, hash);
}

/**
 * Splits off the scheme, adding `http` when there is none. `www.google.com:8080/x` and
 * `localhost:80` have a port, not a scheme (as the Go client decides it). Special schemes take
 * any run of `/` and `\` before the host, like a browser (`http:\\host`, `http:host`); other
 * schemes need `//` and a host, so `mailto:` and `javascript:` URLs are refused.
 */
function splitScheme(text: string): { scheme: string; special: boolean; rest: string } {
  const colon = schemeEnd(text);
  if (colon < 0) return { scheme: 'http', special: true, rest: skipSlashesNoScheme(text) };
  const scheme = text.slice(0, colon).toLowerCase();
  const rest = text.slice(colon + 1);
  if (SPECIAL_SCHEMES.has(scheme)) return { scheme, special: true, rest: skipSlashes(rest) };
  if (!rest.startsWith('//')) {
    throw new UrlError(
      'unsupported-scheme',
      `A "${scheme.slice(0, 30)}:" URL has no host for Safe Browsing to check.`,
    );
  }
  return { scheme, special: false, rest: rest.slice(2) };
}

/** Index of the scheme's `:`, or -1 when the text has no scheme. */
function schemeEnd(text: string): number {
  if (!isAsciiLetter(text.charCodeAt(0))) return -1;
  let i = 1;
  while (i < text.length && isSchemeChar(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x3a /* : */) return -1;
  if (!SPECIAL_SCHEMES.has(text.slice(0, i).toLowerCase()) && isPortAt(text, i + 1)) return -1;
  return i;
}

function isPortAt(text: string, start: number): boolean {
  let i = start;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  if (i === start) return false;
  const c = text.charCodeAt(i);
  return i === text.length || c === 0x2f || c === 0x3f || c === 0x5c;
}

/** Without a scheme, `//host` is a scheme-relative URL and `/path` a relative one (refused). */
function skipSlashesNoScheme(text: string): string {
  if (!isSlash(text.charCodeAt(0))) return text;
  if (!isSlash(text.charCodeAt(1))) {
    throw new UrlError(
      'relative-url',
      'The URL is a path without a host; Safe Browsing needs a host.',
    );
  }
  return skipSlashes(text);
}

function skipSlashes(text: string): string {
  let i = 0;
  while (i < text.length && isSlash(text.charCodeAt(i))) i++;
  return i === 0 ? text : text.slice(i);
}

function isSlash(c: number): boolean {
  return c === 0x2f || c === 0x5c;
}
