// Whether a file's bytes may hold an AMP Cache or viewer URL, told without decoding the text or
// reading its URLs: `amp-url check` skips the full reading (findUrls, each URL read in its file's
// syntax, classified, its fix planned) of every file that surely holds none. It must let through
// every file in which the full check reports something, however the URL is spelled; a file it
// lets through for nothing only costs the full check. test/unit/shared/amp-prefilter.test.ts
// compares it with the full check on generated, real and adversarial files.
//
// Why it is sound. The check reports a URL only when its host, as a browser reads it, is a host
// of the AMP table (matchHost: a cache, a viewer, the project's frames) for the configured caches.
// Every URL the check sees starts where findUrls' candidates are: `http(s)://`, `http(s):\/\/`
// (JSON) or `www.`, in ASCII and any case (findUrls' regular expression has no `u` flag, so no
// non-ASCII character matches them). So the host of every such URL starts right after a `://` or
// a `:\/\/` of the bytes, or at a `www.`. From there the authority runs to the first `/`, `?`, `#`,
// `\/` or character that ends a URL in text (url-chars' stops: controls, space, `"<>\`|` and DEL);
// a reported URL goes on after its host with `/`, `\` or `?` (a viewer URL has a path; a cache
// URL with no path is a bare origin, which the check leaves alone), so for a reported URL these
// bytes are its whole authority. Inside them:
// - `&` (an HTML character reference: `&#46;`, `&period;`, `&afr;` is 𝔞) and a `\` that is not
//   `\/` (a JS, JSON, CSS or Markdown escape: `\u002e`, `\x2e`, `\2e `) may be decoded by the
//   file's reader into anything: the file is let through.
// - Otherwise no reading of the file changes these bytes (references and escapes start with `&`
//   or `\`), so the URL's host is the browser's reading of them: for letters, digits, `-` and `.`
//   alone that is the lower-case text less one trailing dot; for anything else (`%` escapes,
//   full-width and other characters IDNA maps, userinfo, a port) the same reading the classifier
//   makes (splitCacheAddress), on the same authority.
// Nothing here depends on a word such as "amp" being absent: the configured caches (custom ones
// too) and every host of the table are matched exactly as the classifier matches them.
import { AMP_HOSTS, matchHost, type AmpCache } from '../core';
import { browserText, cacheList, splitCacheAddress } from '../core/amp/address';
import { cacheDomainAscii } from '../core/amp/cache-url';

/**
 * Bytes with a native substring search, as Node's Buffer has (the command line reads into one).
 * Function-typed members, so a plain Uint8Array (whose indexOf takes one number and would find
 * no string at all) is refused by the compiler; another front end wraps its bytes.
 */
export interface SearchableBytes {
  readonly length: number;
  readonly [index: number]: number;
  indexOf: (value: string | number, byteOffset?: number) => number;
  toString: (encoding: 'utf8' | 'latin1', start?: number, end?: number) => string;
}

/**
 * Past this many bytes without the authority's end the file is let through: a host is at most
 * 253 characters, but userinfo or escapes may make its spelling longer, and a bound keeps
 * overlapping candidates (`w.w.w.…`) linear.
 */
const MAX_AUTHORITY = 2048;

/**
 * False when the UTF-8 `bytes` (valid UTF-8: the caller checked) surely hold no URL that
 * `checkText` would report as an AMP Cache or viewer URL with these caches; true when they may.
 */
export function mayHoldAmpUrl(bytes: SearchableBytes, caches: readonly AmpCache[]): boolean {
  const list = cacheList(caches);
  const units: Units = {
    length: bytes.length,
    at: (i) => bytes[i],
    text: (start, end) => bytes.toString('utf8', start, end),
    bytes,
  };
  // `:` is one byte: the fastest search.
  const find = (needle: string, from: number) =>
    needle === ':' ? bytes.indexOf(0x3a, from) : bytes.indexOf(needle, from);
  return eachHost(units, find, (host, https) => authorityMayBeAmp(units, host, https, list));
}

/**
 * Where, in `text`, the hosts start whose authority may be an AMP host's (mayHoldAmpUrl's test,
 * on a decoded text), in order. A URL whose host starts anywhere else is surely no AMP Cache or
 * viewer URL.
 */
export function ampHostsIn(text: string, caches: readonly AmpCache[]): number[] {
  const list = cacheList(caches);
  const units: Units = {
    length: text.length,
    at: (i) => text.charCodeAt(i),
    text: (from, end) => text.slice(from, end),
    string: text,
  };
  const out: number[] = [];
  eachHost(
    units,
    (needle, from) => text.indexOf(needle, from),
    (host, https) => {
      if (authorityMayBeAmp(units, host, https, list)) out.push(host);
      return false;
    },
  );
  return out.sort((x, y) => x - y);
}

/**
 * Calls `visit` with every place a host may start (after `://` or `:\/\/`, at `www.` in any
 * case) until it returns true; returns whether it did.
 */
function eachHost(
  units: Units,
  find: (needle: string, from: number) => number,
  visit: (host: number, https: boolean) => boolean,
): boolean {
  // `http://`, `https://` (and `hxxp://`, `ftp://`: more than needed, never less), and
  // `https:\/\/` in JSON and JS strings: from each `:`.
  for (let i = find(':', 0); i >= 0; i = find(':', i + 1)) {
    const host =
      units.at(i + 1) === 0x2f && units.at(i + 2) === 0x2f
        ? i + 3
        : units.at(i + 1) === 0x5c &&
            units.at(i + 2) === 0x2f &&
            units.at(i + 3) === 0x5c &&
            units.at(i + 4) === 0x2f
          ? i + 5
          : -1;
    if (host >= 0 && visit(host, secure(units.at(i - 1)))) return true;
  }
  // `www.` in any case: found by its `w.` (`W.`), the host starting two units before.
  for (const needle of ['w.', 'W.']) {
    for (let i = find(needle, 0); i >= 0; i = find(needle, i + 2))
      if (i >= 2 && isW(units.at(i - 1)) && isW(units.at(i - 2)) && visit(i - 2, false))
        return true;
  }
  return false;
}

const isW = (c: number): boolean => (c | 0x20) === 0x77;

/**
 * Whether the URL match `text[start, …)` (findUrls': `http://`, `https://`, `https:\/\/` or
 * `www.`, any case) may be an AMP Cache or viewer URL for `checkText`: the same test as
 * mayHoldAmpUrl's on one URL's authority, for a file that test let through. False means its
 * reading and classification can be skipped: it is surely neither.
 */
export function mayBeAmpUrlAt(text: string, start: number, caches: readonly AmpCache[]): boolean {
  const units: Units = {
    length: text.length,
    at: (i) => text.charCodeAt(i),
    text: (from, end) => text.slice(from, end),
    string: text,
  };
  if (isW(text.charCodeAt(start))) return authorityMayBeAmp(units, start, false, cacheList(caches));
  const colon = text.indexOf(':', start);
  if (colon < 0) return true;
  const host = text.charCodeAt(colon + 1) === 0x2f ? colon + 3 : colon + 5; // `//` or `\/\/`
  return authorityMayBeAmp(units, host, secure(text.charCodeAt(colon - 1)), cacheList(caches));
}

/** Code units of bytes (UTF-8) or of a string (UTF-16): the scan reads ASCII alike in both. */
interface Units {
  readonly length: number;
  at(i: number): number;
  /** The text of `[start, end)`, both at ASCII characters. */
  text(start: number, end: number): string;
  /** The same units, for the scan's loop (the hot part: no call per unit). */
  bytes?: SearchableBytes;
  string?: string;
}

/**
 * What each ASCII character means in an authority: 0 a plain host character (letter, digit, `-`,
 * `.`), 1 another one, 2 its end (`/`, `?`, `#`, a character that ends a URL in text: url-chars'
 * stops less `\`), 3 `&` (a reference: let through), 4 `\`.
 */
const AUTHORITY = new Uint8Array(128).fill(1);
for (let c = 0; c < 128; c++) {
  const l = c | 0x20;
  if ((l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e)
    AUTHORITY[c] = 0;
  else if (c <= 0x20 || '/?#"<>`|\x7f'.includes(String.fromCharCode(c))) AUTHORITY[c] = 2;
}
AUTHORITY[0x26] = 3;
AUTHORITY[0x5c] = 4;

/**
 * Where the authority starting at `start` ends, times two, plus 1 when it is plain (`AUTHORITY`
 * 0 only); -1 to let it through (a `&`, a `\` other than `\/`, or longer than MAX_AUTHORITY).
 * Two copies, bytes and string, so that the loop reads its units without a call.
 */
function scanBytes(bytes: SearchableBytes, start: number): number {
  let plain = 1;
  const limit = Math.min(bytes.length, start + MAX_AUTHORITY + 1);
  for (let end = start; end < limit; end++) {
    const c = bytes[end];
    const k = c < 0x80 ? AUTHORITY[c] : 1;
    if (k === 0) continue;
    if (k === 1) plain = 0;
    else if (k === 2) return end * 2 + plain;
    else if (k === 4 && bytes[end + 1] === 0x2f)
      return end * 2 + plain; // `\/`: a `/`
    else return -1;
  }
  return limit === bytes.length ? limit * 2 + plain : -1;
}

function scanText(text: string, start: number): number {
  let plain = 1;
  const limit = Math.min(text.length, start + MAX_AUTHORITY + 1);
  for (let end = start; end < limit; end++) {
    const c = text.charCodeAt(end);
    const k = c < 0x80 ? AUTHORITY[c] : 1;
    if (k === 0) continue;
    if (k === 1) plain = 0;
    else if (k === 2) return end * 2 + plain;
    else if (k === 4 && text.charCodeAt(end + 1) === 0x2f)
      return end * 2 + plain; // `\/`
    else return -1;
  }
  return limit === text.length ? limit * 2 + plain : -1;
}

/** Whether the last letter of a scheme (before its `:`) makes it `https` (default port 443). */
function secure(last: number): boolean {
  return (last | 0x20) === 0x73;
}

/**
 * Whether the authority starting at `start` may be an AMP host's (see the file's comment); `https`
 * says which default port the reading accepts.
 */
function authorityMayBeAmp(
  units: Units,
  start: number,
  https: boolean,
  caches: readonly AmpCache[],
): boolean {
  const scanned = units.bytes ? scanBytes(units.bytes, start) : scanText(units.string ?? '', start);
  if (scanned < 0) return true;
  const end = Math.floor(scanned / 2);
  const plain = scanned % 2 === 1;
  if (end === start) return false;
  if (plain) {
    // matchHost needs one of these for a match; most hosts have none, told without a string.
    let hostEnd = end;
    if (units.at(hostEnd - 1) === 0x2e) hostEnd--;
    if (!mayBeTableHost(units, start, hostEnd, domainsOf(caches))) return false;
    return matchHost(units.text(start, hostEnd).toLowerCase(), caches) !== undefined;
  }
  // Escapes, non-ASCII characters, userinfo or a port: the classifier's own reading of the host
  // (remembered: the same hosts come back, and IDNA is the slow part).
  if (readingsOf !== caches) {
    readings.clear();
    readingsOf = caches;
  }
  const key = `${https ? 's' : ''}:${units.text(start, end)}`;
  let known = readings.get(key);
  if (known === undefined) {
    if (readings.size >= MAX_READINGS) readings.clear();
    known = readsAsTableHost(key.slice(key.indexOf(':') + 1), https, caches);
    readings.set(key, known);
  }
  return known;
}

// Per list of caches (a custom list matches other hosts), cleared when full.
const readings = new Map<string, boolean>();
let readingsOf: readonly AmpCache[] | undefined;
const MAX_READINGS = 4096;

/** Whether the classifier reads `authority` as a host of the table. */
function readsAsTableHost(authority: string, https: boolean, caches: readonly AmpCache[]): boolean {
  try {
    const url = `${https ? 'https' : 'http'}://${authority}/`;
    const { host } = splitCacheAddress(browserText(url, 'URL'), 'URL');
    return matchHost(host, caches) !== undefined;
  } catch {
    // The classifier refuses the same authority (userinfo, another port, an invalid host): the
    // URL is no AMP URL to it either.
    return false;
  }
}

/**
 * The lower-case ASCII domains a host of the table ends with (matchHost's index: the caches'
 * domains and every other host of AMP_HOSTS), the Google viewers aside.
 */
function domainsOf(caches: readonly AmpCache[]): readonly Uint8Array[] {
  let domains = domainLists.get(caches);
  if (domains) return domains;
  const set = new Set<string>();
  for (const h of AMP_HOSTS) if (h.match !== 'google') set.add(h.domain);
  for (const c of caches as readonly (Partial<AmpCache> | null | undefined)[]) {
    if (!c || typeof c.cacheDomain !== 'string') continue;
    try {
      set.add(cacheDomainAscii(c.cacheDomain).toLowerCase());
    } catch {
      // matchHost leaves out a cache whose domain is none.
    }
  }
  domains = [...set].map((d) => Uint8Array.from(d, (ch) => ch.charCodeAt(0)));
  domainLists.set(caches, domains);
  return domains;
}

const domainLists = new WeakMap<readonly AmpCache[], readonly Uint8Array[]>();

/**
 * Whether the letters, digits, `-` and `.` of `bytes[from, end)` (any case) may be a host of the
 * table: one of `domains` or ending with `.` and one, or `google.…` or `www.google.…`.
 */
function mayBeTableHost(
  units: Units,
  from: number,
  end: number,
  domains: readonly Uint8Array[],
): boolean {
  for (const d of domains) {
    const at = end - d.length;
    if (at >= from && (at === from || units.at(at - 1) === 0x2e) && sameLower(units, at, d))
      return true;
  }
  return sameLower(units, from, GOOGLE) || sameLower(units, from, WWW_GOOGLE);
}

const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
const GOOGLE = ascii('google.');
const WWW_GOOGLE = ascii('www.google.');

/** Whether the units at `at` are `lower` (lower-case ASCII) in any case. */
function sameLower(units: Units, at: number, lower: Uint8Array): boolean {
  if (at + lower.length > units.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const c = units.at(at + k);
    if (c !== lower[k] && (c | 0x20) !== lower[k]) return false;
  }
  return true;
}
