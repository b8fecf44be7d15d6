// The common cache URL read without allocations (fastPublisherUrl), and the test that tells a plain
// publisher URL from a possible AMP URL by its host as written (isPlainPublisherUrl). Anything
// unusual goes to the general reading in reverse.ts, which explains it.
import { plainSchemeEnd } from './cache-url';
import { hostInfo, hyphensAt3And4 } from './prefix';
import { type AmpCache } from './caches';
import { matchHost, mayBeAmpHostAt, prefixedCacheAt, type AmpHost } from './hosts';
import { asciiHost } from './address';
import { REVERSE_TYPES, isViewerParam } from './params';
import { hostForms, isIpv4, isLookupLdhDomain, mayBeRtl, type HostForms } from '../common/idn';
import { decodePunycodeInto } from '../common/punycode-points';

const isLdh = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;

/**
 * The end of the `/`-free run of lower-case LDH characters and dots from `from`, or -1 when
 * another character comes before `/`, `?`, `#` or the end.
 */
function plainRun(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isLdh(c) || c === 46) continue;
    return c === 47 || c === 63 || c === 35 ? i : -1;
  }
  return text.length;
}

/**
 * True when the publisher host `text[h, hEnd)` (lower-case LDH and dots) is a plain domain: valid
 * labels (no empty one, none starting or ending with `-`, no `--` so no `xn--`, at most 63
 * characters), a dot, and a last label that is no number (which browsers would read as IPv4).
 * Anything else goes to the general path, which checks it as a browser does.
 */
function isPlainDomain(text: string, h: number, hEnd: number): boolean {
  let label = 0;
  let prev = 46;
  let dots = 0;
  let lastStart = h;
  for (let i = h; i < hEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (label === 0 || prev === 45) return false;
      label = 0;
      dots++;
      lastStart = i + 1;
    } else {
      if (c === 45 && (label === 0 || prev === 45)) return false;
      if (++label > 63) return false;
    }
    prev = c;
  }
  const last = text.charCodeAt(lastStart);
  return dots > 0 && label > 0 && prev !== 45 && hEnd - h <= 253 && !(last >= 48 && last <= 57);
}

/**
 * An ASCII host with A-labels (`xn--`) that a browser keeps as it is (valid, and in its own form):
 * both its forms, else undefined.
 */
function canonicalIdn(host: string): HostForms | undefined {
  if (!host.includes('xn--') || host.length > 253) return undefined;
  try {
    const forms = hostForms(host);
    return forms.ascii === host && !isIpv4(host) ? forms : undefined;
  } catch {
    return undefined;
  }
}

let ambiguous: ReadonlySet<string> | undefined;

/**
 * The hashed prefixes of the hosts `s`, `c`, `v`, … (dotless, so hashed): only on these can a
 * path segment be read two ways (`/s` as https or the host `s`; a serving type or the host of the
 * seed's form without one). The general path decides between the readings there.
 */
function isAmbiguousPrefix(text: string, p: number, pEnd: number): boolean {
  if (pEnd - p !== 52) return false;
  ambiguous ??= new Set(['s', ...REVERSE_TYPES].map((host) => hostInfo(host).prefix));
  return ambiguous.has(text.slice(p, pEnd));
}

/** `/<serving type>/` at `at` (not `ii`, whose parameter the general path reads): the index of its closing `/`, or -1. */
function plainType(text: string, at: number): number {
  const a = text.charCodeAt(at + 1);
  const b = text.charCodeAt(at + 2);
  // c v i r a
  if (b === 47) return a === 99 || a === 118 || a === 105 || a === 114 || a === 97 ? at + 2 : -1;
  if (text.charCodeAt(at + 3) === 47)
    return (a === 119 && b === 112) || (a === 97 && b === 100) ? at + 3 : -1; // wp ad
  if (text.startsWith('mbv/', at + 1)) return at + 4;
  return text.startsWith('cert/', at + 1) ? at + 5 : -1;
}

// Where fastPublisherUrl found the parts of the last URL it converted: read by quietPublisherUrl
// right after the call, so neither scans the text twice nor allocates an object for them.
let lastDot = 0;
let lastCache: AmpHost | undefined;
let lastHostStart = 0;
let lastHostEnd = 0;
let lastAscii = true;
// The publisher host's forms when it is an IDN (`xn--` labels), undefined for a plain domain.
let lastIdn: HostForms | undefined;

/**
 * The common case of `publisherUrl` without allocations beyond the result: a lower-case
 * `https://<prefix>.<cache domain>/<type>/[s/]<plain domain>/…` with a path that a browser reads
 * as written, and no parameter to remove. Undefined for anything
 * else, which the general path reads (and explains).
 */
export function fastPublisherUrl(text: string, caches: readonly AmpCache[]): string | undefined {
  if (typeof text !== 'string' || text.length > 4096 || !text.startsWith('https://'))
    return undefined;
  const hostEnd = plainRun(text, 8);
  if (hostEnd < 0 || text.charCodeAt(hostEnd) !== 47) return undefined;
  const dot = text.indexOf('.', 8);
  const cache = dot < 9 || dot > hostEnd ? undefined : prefixedCacheAt(text, dot, hostEnd, caches);
  if (cache === undefined) return undefined;
  const typeEnd = plainType(text, hostEnd);
  if (typeEnd < 0) return undefined;
  let h = typeEnd + 1;
  const https = text.charCodeAt(h) === 115 && text.charCodeAt(h + 1) === 47;
  if (https) h += 2;
  const end = plainRun(text, h);
  // The prefix is not compared: it only warns (reverseAmpUrl), and the path alone names the page.
  if (end <= h || isAmbiguousPrefix(text, 8, dot)) return undefined;
  let idn: HostForms | undefined;
  if (!isPlainDomain(text, h, end)) {
    idn = canonicalIdn(text.slice(h, end));
    if (idn === undefined) return undefined;
  }
  // A host without a dot names no page a cache serves (the general path says why).
  if (text.lastIndexOf('.', end - 1) < h) return undefined;
  // The rest: read as written by a browser (no blanks, `\`, dot segments), no parameter to drop.
  let query = -1;
  let hash = -1;
  let ascii = true;
  for (let i = end; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 127 || c === 92) return undefined;
    if (c > 127) ascii = false;
    if (c === 35) {
      if (hash < 0) hash = i;
    } else if (c === 63) {
      if (query < 0 && hash < 0) query = i;
    } else if (query < 0 && hash < 0) {
      // In the path: a dot segment (`/.`, `%2e`) is resolved by the general path.
      if (c === 46 && text.charCodeAt(i - 1) === 47) return undefined;
      if (c === 37 && text.charCodeAt(i + 1) === 50 && (text.charCodeAt(i + 2) | 32) === 101)
        return undefined;
    }
  }
  if (query >= 0) {
    const qEnd = hash < 0 ? text.length : hash;
    const amp = text.indexOf('amp_', query);
    const usqp = text.indexOf('usqp', query);
    if ((amp >= 0 && amp < qEnd) || (usqp >= 0 && usqp < qEnd)) return undefined;
  }
  if (hash >= 0) {
    const amp = text.indexOf('&', hash);
    const eq = text.indexOf('=', hash);
    const nameEnd = Math.min(amp < 0 ? text.length : amp, eq < 0 ? text.length : eq);
    if (isViewerParam(text.slice(hash + 1, nameEnd))) return undefined;
  }
  lastDot = dot;
  lastCache = cache;
  lastHostStart = h;
  lastHostEnd = end;
  lastAscii = ascii;
  lastIdn = idn;
  return (https ? 'https://' : 'http://') + text.slice(h);
}

/**
 * The publisher URL when reverseAmpUrl would give it with nothing to say: the fast path's URLs
 * (nothing removed, the path read as written) on a cache still serving, whose host's prefix is
 * the publisher host's own, readable or hashed (no look-alike warning). Undefined: ask reverseAmpUrl.
 * The front ends' conversions (src/shared/transforms.ts) take it first: it spares the per-URL
 * classification and full reading that made `amp-url publisher` slow on long lists.
 */
export function quietPublisherUrl(text: string, caches: readonly AmpCache[]): string | undefined {
  const url = Array.isArray(caches) ? fastPublisherUrl(text, caches) : undefined;
  if (url === undefined) return undefined;
  const dot = lastDot;
  const h = lastHostStart;
  const hEnd = lastHostEnd;
  const idn = lastIdn;
  if (lastCache?.status === 'retired') return undefined;
  const readable =
    idn === undefined
      ? dot - 8 <= 63 && isReadableFormOf(text, 8, dot, text, h, hEnd)
      : isIdnPrefixOf(text, 8, dot, idn);
  return readable || isHashedPrefixOf(text, dot, h, hEnd) ? url : undefined;
}

/**
 * True when `text[8, dot)` is the hashed prefix of the host `text[h, hEnd)` (a readable form too
 * long, or invalid for lookup): the prefix reverseAmpUrl expects, computed as it computes it.
 * Hosts with such a prefix are few, and the full reverse would cost several times as much.
 */
function isHashedPrefixOf(text: string, dot: number, h: number, hEnd: number): boolean {
  if (dot - 8 !== HASHED_PREFIX_LENGTH) return false;
  try {
    const { prefix } = hostInfo(text.slice(h, hEnd));
    return prefix.length === HASHED_PREFIX_LENGTH && text.startsWith(prefix, 8);
  } catch {
    return false;
  }
}

// A hashed prefix: the SHA-256 of the host in base 32, without padding.
const HASHED_PREFIX_LENGTH = 52;

/**
 * True when `text[p, pEnd)` is the domain prefix (prefix.ts prefixOf) of the IDN host `forms`,
 * told in the other direction: the prefix's A-label decoded once and compared with the host's
 * readable form, where computing the prefix would encode that form (Punycode is one to one, so
 * decoding is as exact). Hosts prefixOf hashes (labels invalid for lookup, a Bidi label: left to
 * the reverse, conservatively, when right-to-left at all) and hosts over the DNS limits (refused,
 * so the reverse warns) are not: their prefix is no readable `xn--` label.
 */
function isIdnPrefixOf(text: string, p: number, pEnd: number, forms: HostForms): boolean {
  if (pEnd - p > 63 || !text.startsWith('xn--', p) || mayBeRtl(forms.unicode)) return false;
  if (!isLookupLdhDomain(forms.ascii)) return false;
  const length = decodePunycodeInto(text, p + 4, pEnd, DECODED);
  return length >= 0 && isReadableFormIn(DECODED, length, forms.unicode);
}

// The code points of a decoded cache label: at most 59 (63 characters less `xn--`).
const DECODED = new Int32Array(64);

/**
 * True when the last URL that fastPublisherUrl or quietPublisherUrl gave is ASCII: as the whole
 * URL was read, each character was checked for a blank or control, so a front end that prints it
 * knows without reading it again that it holds nothing but printable ASCII.
 */
export function lastPublisherUrlIsAscii(): boolean {
  return lastAscii;
}

/**
 * True when `prefix[p, pEnd)` is the readable form of the domain `host[h, hEnd)` (prefix.ts
 * prefixOf, before Punycode): hyphens doubled, dots as hyphens, wrapped as `0-…-0` exactly when
 * that puts `--` at code point positions 3 and 4. Read in place: a plain domain's prefix is
 * compared in its own URL, an IDN's with its A-label decoded.
 */
function isReadableFormOf(
  prefix: string,
  p: number,
  pEnd: number,
  host: string,
  h: number,
  hEnd: number,
): boolean {
  let i = p;
  const wrapped = prefix.startsWith('0-', p) && prefix.startsWith('-0', pEnd - 2);
  if (wrapped) i += 2;
  for (let k = h; k < hEnd; k++) {
    const c = host.charCodeAt(k);
    if (c === 45) {
      if (prefix.charCodeAt(i) !== 45 || prefix.charCodeAt(i + 1) !== 45) return false;
      i += 2;
    } else if (prefix.charCodeAt(i++) !== (c === 46 ? 45 : c)) return false;
  }
  if (i !== (wrapped ? pEnd - 2 : pEnd)) return false;
  return hyphensAt3And4(prefix, wrapped ? p + 2 : p) === wrapped;
}

/**
 * isReadableFormOf for a prefix given as `length` code points in `points` (a decoded A-label) and
 * a whole host, compared code point by code point.
 */
function isReadableFormIn(points: Int32Array, length: number, host: string): boolean {
  const wrapped =
    length >= 3 &&
    points[0] === 48 &&
    points[1] === 45 &&
    points[length - 2] === 45 &&
    points[length - 1] === 48;
  const start = wrapped ? 2 : 0;
  const end = wrapped ? length - 2 : length;
  let i = start;
  for (let k = 0; k < host.length; k++) {
    const c = host.codePointAt(k) ?? 0;
    if (c > 0xffff) k++;
    if (c === 45) {
      if (i + 1 >= end || points[i] !== 45 || points[i + 1] !== 45) return false;
      i += 2;
    } else if (i >= end || points[i++] !== (c === 46 ? 45 : c)) return false;
  }
  if (i !== end) return false;
  // hyphensAt3And4: `--` at code point positions 3 and 4.
  return (start + 3 < length && points[start + 2] === 45 && points[start + 3] === 45) === wrapped;
}

/**
 * True when `url` is surely a publisher URL, told without the full reading: its host as written
 * (lower-case `http(s)://`, then lower-case LDH and dots up to the path: nothing a browser would
 * rewrite), less a trailing dot, is no host of the table. False means "read it in full".
 */
export function isPlainPublisherUrl(url: string, caches: readonly AmpCache[]): boolean {
  // plainPublisherHost without cutting the host out (the classifier asks it of every URL).
  const from = plainSchemeEnd(url);
  if (from === 0) return false;
  const end = plainHostEnd(url, from);
  if (end < 0) return unicodePublisherHost(url, from, caches) !== undefined;
  return end > from && !mayBeAmpHostAt(url, from, end, caches);
}

/**
 * The host of a URL that isPlainPublisherUrl accepts (as the full reading reads it), else
 * undefined. Also undefined when a blank or control follows the host: the full reading refuses
 * that URL for it first, and tryPublisherUrl must give that refusal, as publisherUrl throws it.
 */
export function plainPublisherHost(url: string, caches: readonly AmpCache[]): string | undefined {
  const from = plainSchemeEnd(url);
  if (from === 0) return undefined;
  const end = plainHostEnd(url, from);
  if (end < 0) return unicodePublisherHost(url, from, caches);
  if (end <= from || mayBeAmpHostAt(url, from, end, caches)) return undefined;
  BLANK_AFTER.lastIndex = end;
  return BLANK_AFTER.test(url) ? undefined : url.slice(from, end);
}

/** The end of the lower-case LDH host from `from`, less a trailing dot, or -1 when it is not one. */
function plainHostEnd(url: string, from: number): number {
  const end = plainRun(url, from);
  return end > from && url.charCodeAt(end - 1) === 46 ? end - 1 : end;
}

/**
 * plainPublisherHost for a host written with non-ASCII characters (`bücher.de`): its ASCII form
 * as the full reading gives it (the same `asciiHost`), when that is no host of the table. Only
 * for what the full reading would take to the same host: lower-case LDH, dots and non-ASCII up to
 * `/`, `?`, `#` or the end, in a URL without blanks or controls. Else undefined (a `%`, `@`, `:`
 * or `\`, a host browsers refuse: the full reading says why). It spares IDN publisher URLs,
 * refused by the reverse and passed over by the classifier, the rest of that reading.
 */
function unicodePublisherHost(
  url: string,
  from: number,
  caches: readonly AmpCache[],
): string | undefined {
  let end = from;
  for (; end < url.length; end++) {
    const c = url.charCodeAt(end);
    if (c === 47 || c === 63 || c === 35) break;
    if (!(isLdh(c) || c === 46 || c > 127)) return undefined;
  }
  if (end === from || BLANK.test(url)) return undefined;
  let host: string;
  try {
    host = asciiHost(url.slice(from, end));
  } catch {
    return undefined;
  }
  return host !== '' && matchHost(host, caches) === undefined ? host : undefined;
}

// What the full reading refuses anywhere in a URL (trimUrl): blanks and controls.
const BLANK = /[\u0000-\u0020\u007f]/;
// The same, searched from `lastIndex` (after a host already known to hold none).
const BLANK_AFTER = /[\u0000-\u0020\u007f]/g;
