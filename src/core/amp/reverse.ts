// AMP Cache origin or URL -> publisher domain or URL (shared/specs/amp-cache.md, "Reverse").
import * as punycode from 'punycode/';
import {
  MAX_IMAGE_WIDTH,
  cacheDomainAscii,
  domainPrefix,
  endOfAuthority,
  isServingType,
  trimUrl,
  type ServingType,
} from './cache-url';
import { hostInfo } from './prefix';
import { AMP_CACHES, type AmpCache } from './caches';
import { UrlError, readOptions } from '../shared/errors';
import { hostToAscii, quote } from '../shared/idn';
import { splitAuthority } from '../shared/uri';

/**
 * Query parameters that caches and viewers add to a cache URL and never send to the publisher
 * (spec: "Caches may append their own query parameters", e.g. `amp_latest_update_time`).
 * `publisherUrl` drops them, so a publisher URL whose own query uses one of these names does not
 * come back exactly: the cache does not send it to the publisher either (a documented limit).
 */
export const CACHE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'amp_js_v',
  'amp_gsa',
  'amp_r',
  'amp_kit',
  'usqp',
  'amp_latest_update_time',
  'amp_lite',
]);

/**
 * Fragment parameters an AMP viewer adds (Google's `aoh`, `amp_tf`, `ampshare`; the AMP Viewer API
 * initialization parameters, amphtml extensions/amp-viewer-integration/amp-doc-viewer-api.md).
 * They are not the publisher's, so `publisherUrl` drops them, but only from a fragment that is a
 * viewer's parameter list (its first parameter is one of these): any other fragment is kept as
 * written (`#/login?referrer=x`, `#section`). Left out: `development`, `log` and `highlight`,
 * which also work on the publisher's own page.
 */
export const VIEWER_FRAGMENT_PARAMS: ReadonlySet<string> = new Set([
  'aoh',
  'amp_tf',
  'ampshare',
  'referrer',
  'origin',
  'cap',
  'visibilityState',
  'prerenderSize',
  'paddingTop',
  'viewerUrl',
  'csi',
  'p2r',
  'webview',
  'cid',
  'dialog',
  'history',
  'storage',
]);

/** A cache URL taken apart. */
export interface ParsedCacheUrl {
  cache: AmpCache;
  prefix: string;
  servingType: ServingType;
  imageWidth?: number;
  https: boolean;
  publisherUrl: string;
}

function notCache(message: string): UrlError {
  return new UrlError('not-a-cache-url', message);
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * Splits `[scheme://]host[:port][rest]` into a lower-case ASCII host and the rest. The port may be
 * the scheme's default, or 443 for a bare host (caches serve https). One trailing dot of an
 * absolute host name is dropped: `a-com.cdn.ampproject.org.` is the same host to DNS, TLS and the cache.
 */
function splitCacheAddress(input: string, what: string): { host: string; rest: string } {
  const text = trimUrl(input, what);
  let authority = text;
  let rest = '';
  let scheme: string | undefined;
  const slash = text.indexOf('/');
  if (slash >= 0) {
    const colon = text.indexOf(':');
    scheme = colon > 0 && colon < slash ? text.slice(0, colon).toLowerCase() : undefined;
    if (scheme !== 'http' && scheme !== 'https')
      throw notCache(`${quote(text)} is not an http(s) URL, so not an AMP Cache URL.`);
    if (!text.startsWith('//', colon + 1)) throw notCache(`${quote(text)} has no host.`);
    const end = endOfAuthority(text, colon + 3);
    authority = text.slice(colon + 3, end);
    rest = text.slice(end);
  }
  const { userinfo, host, port } =
    authority.includes('@') || authority.includes(':')
      ? splitAuthority(authority)
      : { host: authority, userinfo: undefined, port: undefined };
  if (userinfo !== undefined)
    throw notCache('AMP Cache URLs have no user name or password (userinfo).');
  const defaultPort = DEFAULT_PORTS[scheme ?? 'https'];
  if (
    port !== undefined &&
    port !== '' &&
    (!/^\d{1,5}$/.test(port) || Number(port) !== Number(defaultPort))
  ) {
    throw notCache(
      `AMP Caches serve on the default port (${defaultPort} for ${scheme ?? 'https'}), not ${quote(port)}.`,
    );
  }
  let ascii = host.toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(ascii)) {
    try {
      ascii = hostToAscii(host);
    } catch (e) {
      throw notCache((e as Error).message);
    }
  }
  return { host: ascii.endsWith('.') ? ascii.slice(0, -1) : ascii, rest };
}

/** `.cacheDomain` suffixes of a cache list in ASCII form, as `cacheOrigin` writes them, computed once per list. */
const suffixCache = new WeakMap<readonly AmpCache[], { cache: AmpCache; suffix: string }[]>();

function suffixes(caches: readonly AmpCache[]): { cache: AmpCache; suffix: string }[] {
  let list = suffixCache.get(caches);
  if (!list) {
    list = [];
    for (const cache of caches) {
      const domain =
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- lists come from user settings
        cache && typeof cache.cacheDomain === 'string'
          ? asciiOrUndefined(cache.cacheDomain)
          : undefined;
      // A record without a usable cache domain serves nothing `cacheOrigin` could name.
      if (domain !== undefined) list.push({ cache, suffix: `.${domain}` });
    }
    list.sort((a, b) => b.suffix.length - a.suffix.length);
    suffixCache.set(caches, list);
  }
  return list;
}

function asciiOrUndefined(cacheDomain: string): string | undefined {
  try {
    return cacheDomainAscii(cacheDomain);
  } catch {
    return undefined;
  }
}

/** The cache serving a lower-case ASCII host and the domain prefix, or undefined. */
function matchCache(
  host: string,
  caches: readonly AmpCache[],
): { cache: AmpCache; prefix: string } | undefined {
  // Longest cache domain first, so a cache inside another cache's domain wins.
  for (const { cache, suffix } of suffixes(caches)) {
    if (!host.endsWith(suffix)) continue;
    const prefix = host.slice(0, -suffix.length);
    // One DNS label: the wildcard certificate of a cache covers a single label.
    return /^[a-z0-9-]{1,63}$/.test(prefix) ? { cache, prefix } : undefined;
  }
  return undefined;
}

// The fallback prefix: base32 (RFC 4648 alphabet, lower case) of a SHA-256, padding dropped.
const HASHED_PREFIX = /^[a-z2-7]{52}$/;

/**
 * Why no cache serves this domain prefix, or undefined. A prefix without `-` is a hash, and a
 * hash is always 52 base32 characters: `abc` is neither readable nor hashed.
 */
function prefixProblem(prefix: string): string | undefined {
  if (prefix.includes('-') || HASHED_PREFIX.test(prefix)) return undefined;
  return `The domain prefix ${quote(prefix)} has no "-", so it would be a hash, but a hashed prefix is 52 base32 characters (a-z, 2-7).`;
}

/** The cache and domain prefix of a cache host; throws `not-a-cache-url`. */
function cacheOfHost(
  host: string,
  caches: readonly AmpCache[],
): { cache: AmpCache; prefix: string } {
  const match = matchCache(host, caches);
  if (!match)
    throw notCache(`${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)}).`);
  const problem = prefixProblem(match.prefix);
  if (problem) throw notCache(problem);
  return match;
}

/** The `caches` option: null or undefined mean the registered caches (AMP_CACHES). */
function cacheList(caches: readonly AmpCache[] | null | undefined): readonly AmpCache[] {
  if (caches === undefined || caches === null) return AMP_CACHES;
  if (!Array.isArray(caches))
    throw new UrlError('invalid-option', 'caches must be an array of AMP Cache records.');
  return caches as readonly AmpCache[];
}

function knownDomains(caches: readonly AmpCache[]): string {
  return (
    suffixes(caches)
      .map((c) => c.suffix.slice(1))
      .join(', ') || 'none given'
  );
}

/** The registered cache serving this host or URL (origin, host or full URL), or undefined. Never throws. */
export function findCache(
  urlOrHost: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): AmpCache | undefined {
  try {
    const match = matchCache(splitCacheAddress(urlOrHost, 'URL').host, cacheList(caches));
    return match && !prefixProblem(match.prefix) ? match.cache : undefined;
  } catch {
    return undefined;
  }
}

/** Spec reverse steps 3.1-3.3: readable prefix -> Unicode publisher domain. */
function decodePrefix(prefix: string): string {
  let text = prefix;
  if (text.startsWith('xn--')) {
    try {
      text = punycode.decode(text.slice(4));
    } catch {
      throw notCache(`The domain prefix ${quote(prefix)} is not valid Punycode.`);
    }
  }
  // Only a wrap the forward step made (`--` at positions 3-4 inside): IPv4 0.1.0.0 is `0-1-0-0`, no wrap.
  if (text.length > 4 && text.startsWith('0-') && text.endsWith('-0')) {
    const inner = Array.from(text.slice(2, -2));
    if (inner[2] === '-' && inner[3] === '-') text = inner.join('');
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '-') out += text[i];
    else if (text[i + 1] === '-') {
      out += '-';
      i++;
    } else out += '.';
  }
  return out;
}

/** Options of `publisherDomain`; null means not given, as undefined does. */
export interface PublisherDomainOptions {
  caches?: readonly AmpCache[] | null;
  candidates?: Iterable<string> | null;
}

/**
 * The publisher domain (ASCII form) behind a cache origin or host. A hashed prefix (no `-`) gives
 * null unless one of `candidates` hashes to it. A readable prefix that the forward direction would
 * not produce for its own decoding (so no cache serves it) is refused rather than guessed.
 */
export function publisherDomain(
  cacheOriginOrHost: string,
  domainOptions?: PublisherDomainOptions | null,
): string | null {
  const options = readOptions(domainOptions, 'publisherDomain options');
  const caches = cacheList(options.caches);
  const candidates = candidateList(options.candidates);
  const { prefix } = cacheOfHost(splitCacheAddress(cacheOriginOrHost, 'cache origin').host, caches);
  if (!prefix.includes('-'))
    return candidates === undefined ? null : matchCandidate(prefix, candidates);
  let domain: string;
  try {
    domain = hostToAscii(decodePrefix(prefix));
  } catch (e) {
    if (e instanceof UrlError && e.code === 'not-a-cache-url') throw e;
    throw notCache(`The domain prefix ${quote(prefix)} does not decode to a valid domain.`);
  }
  const expected = domainPrefix(domain);
  if (expected !== prefix) {
    throw notCache(
      `The domain prefix ${quote(prefix)} is not one an AMP Cache produces: ${domain} has the prefix ${expected}.`,
    );
  }
  return domain;
}

/** The `candidates` option, checked whatever the prefix: null or undefined mean none. A string is refused (it would iterate characters). */
function candidateList(candidates: unknown): Iterable<unknown> | undefined {
  if (candidates === undefined || candidates === null) return undefined;
  let iterable = false;
  try {
    iterable =
      typeof candidates === 'object' &&
      typeof (candidates as Iterable<unknown>)[Symbol.iterator] === 'function';
  } catch {
    iterable = false; // a getter that throws
  }
  if (!iterable)
    throw new UrlError(
      'invalid-option',
      'candidates must be an iterable of domains, such as an array or a Set.',
    );
  return candidates as Iterable<unknown>;
}

/**
 * The candidate whose prefix is this hash, in ASCII form, or null. Invalid candidates are skipped;
 * an iterable that fails to iterate (its iterator is no iterator, or throws) is a UrlError.
 */
function matchCandidate(prefix: string, candidates: Iterable<unknown>): string | null {
  try {
    for (const candidate of candidates) {
      const ascii = candidateAscii(candidate, prefix);
      if (ascii !== undefined) return ascii;
    }
  } catch (e) {
    const why = e instanceof Error && typeof e.message === 'string' ? `: ${quote(e.message)}` : '';
    throw new UrlError(
      'invalid-option',
      `candidates must be an iterable of domains; iterating them failed${why}.`,
    );
  }
  return null;
}

/** The candidate in ASCII form if its prefix is `prefix`; undefined for any other or a malformed one. */
function candidateAscii(candidate: unknown, prefix: string): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  try {
    return domainPrefix(candidate) === prefix ? hostToAscii(candidate.trim()) : undefined;
  } catch {
    return undefined; // a malformed candidate cannot be the publisher: keep looking
  }
}

/** The name of a `name=value` pair. */
function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq < 0 ? pair : pair.slice(0, eq);
}

/** `&`-separated pairs without those named in `names`, the rest byte for byte, in order. */
function withoutParams(list: string, names: ReadonlySet<string>): string[] {
  return list.split('&').filter((pair) => !names.has(paramName(pair)));
}

/** Drops the cache's own parameters; the publisher's are kept byte for byte, in order. */
function publisherQuery(query: string): string {
  if (!query.includes('amp_') && !query.includes('usqp')) return `?${query}`;
  const kept = withoutParams(query, CACHE_QUERY_PARAMS);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/** Drops a viewer's parameters from a fragment that is a viewer's parameter list (see VIEWER_FRAGMENT_PARAMS). */
function publisherFragment(fragment: string): string {
  const amp = fragment.indexOf('&');
  if (!VIEWER_FRAGMENT_PARAMS.has(paramName(amp < 0 ? fragment : fragment.slice(0, amp))))
    return `#${fragment}`;
  const kept = withoutParams(fragment, VIEWER_FRAGMENT_PARAMS);
  return kept.length === 0 ? '' : `#${kept.join('&')}`;
}

/** Splits `path` at its first `/` after index `from`: [segment, index of that `/` or the length]. */
function segment(path: string, from: number): [string, number] {
  const end = path.indexOf('/', from);
  return end < 0 ? [path.slice(from), path.length] : [path.slice(from, end), end];
}

/** The domain prefix of a publisher host as written in the path, or undefined if it is invalid. */
function prefixOrUndefined(host: string): string | undefined {
  try {
    return hostInfo(host).prefix;
  } catch {
    return undefined;
  }
}

/**
 * Checks the publisher host of the path against the domain prefix of the cache host: a cache
 * serves `/c/s/other.com/` only on other.com's prefix. This holds for hashed prefixes too.
 */
function checkPublisherHost(host: string, prefix: string): void {
  if (host === '') throw notCache('The cache URL names no publisher host after the serving type.');
  let expected: string;
  try {
    expected = hostInfo(host).prefix;
  } catch (e) {
    throw notCache(`The publisher host in the cache URL is invalid: ${(e as Error).message}`);
  }
  if (expected !== prefix) {
    throw notCache(
      `The publisher host ${quote(host)} does not belong to the domain prefix ${quote(prefix)}: its own prefix is ${quote(expected)}, so no cache serves this URL.`,
    );
  }
}

/** Where the publisher URL sits in a cache URL path. */
interface Located {
  servingType: ServingType;
  imageWidth?: number;
  https: boolean;
  host: string;
  hostEnd: number; // index in the path where the publisher path starts
}

/** `/<type>[/w<width>][/s]/<host>…` read from the serving type `type`, whose segment ends at `at`. */
function locateAfterServingType(
  path: string,
  type: ServingType,
  at: number,
  prefix: string,
): Located {
  let imageWidth: number | undefined;
  if (type === 'ii') {
    const [param, next] = segment(path, at + 1);
    // The same bound as cacheUrl (MAX_IMAGE_WIDTH), so the round trip holds for every width.
    if (!/^w[1-9]\d{0,4}$/.test(param) || Number(param.slice(1)) > MAX_IMAGE_WIDTH) {
      throw notCache(
        `The ii serving type needs a width from w1 to w${MAX_IMAGE_WIDTH}, such as /ii/w800, not ${quote(param)}.`,
      );
    }
    imageWidth = Number(param.slice(1));
    at = next;
  }
  let [host, hostEnd] = segment(path, at + 1);
  let https = false;
  // `/s` marks https, unless `s` is itself the publisher host: the domain prefix tells them apart
  // (cacheUrl refuses the one URL form where both readings fit, `http://s/s/…`).
  if (host === 's' && hostEnd < path.length) {
    const [after, afterEnd] = segment(path, hostEnd + 1);
    if (prefixOrUndefined('s') !== prefix || prefixOrUndefined(after) === prefix) {
      https = true;
      host = after;
      hostEnd = afterEnd;
    }
  }
  checkPublisherHost(host, prefix);
  return { servingType: type, imageWidth, https, host, hostEnd };
}

/**
 * Seed 003 (the spec's source, which wins) writes cache URLs without a serving type:
 * `https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/not-found`. Its first
 * segment is the publisher host (checked against the prefix), read as content (`c`); without `/s`
 * the path format says http (the spec: "/s only if the publisher URL is https").
 */
function locateWithoutServingType(path: string, prefix: string): Located | undefined {
  const [host, hostEnd] = segment(path, 1);
  return host !== '' && prefixOrUndefined(host) === prefix
    ? { servingType: 'c', https: false, host, hostEnd }
    : undefined;
}

/** Parsed view of a cache URL. Throws `UrlError('not-a-cache-url')` for anything else. */
export function parseCacheUrl(
  url: string,
  options?: { caches?: readonly AmpCache[] | null } | null,
): ParsedCacheUrl {
  const caches = cacheList(readOptions(options, 'parseCacheUrl options').caches);
  const { host, rest } = splitCacheAddress(url, 'cache URL');
  const { cache, prefix } = cacheOfHost(host, caches);
  // rest = path [? query] [# fragment]; query and fragment lose the cache's and viewer's parameters.
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const path = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const tail =
    (mark < 0 ? '' : publisherQuery(beforeHash.slice(mark + 1))) +
    (hash < 0 ? '' : publisherFragment(rest.slice(hash + 1)));
  if (!path.startsWith('/'))
    throw notCache('The cache URL has no path: expected /<serving type>/[s/]<host>/….');
  const located = locate(path, prefix);
  const publisherUrl = `${located.https ? 'https' : 'http'}://${located.host}${path.slice(located.hostEnd)}${tail}`;
  return {
    cache,
    prefix,
    servingType: located.servingType,
    imageWidth: located.imageWidth,
    https: located.https,
    publisherUrl,
  };
}

/** The serving-type reading first (what cacheUrl writes), then the seed's form without one. */
function locate(path: string, prefix: string): Located {
  const [type, afterType] = segment(path, 1);
  if (!isServingType(type)) {
    const bare = locateWithoutServingType(path, prefix);
    if (bare) return bare;
    throw notCache(
      `${quote(type)} is neither a serving type (c, v, wp, cert, i, ii, r) nor the publisher host of the domain prefix ${quote(prefix)}.`,
    );
  }
  try {
    return locateAfterServingType(path, type, afterType, prefix);
  } catch (e) {
    // A publisher host named like a serving type (`http://c/x` at /c/x) still reads without one.
    const bare = locateWithoutServingType(path, prefix);
    if (bare) return bare;
    throw e;
  }
}

/**
 * The publisher URL behind a cache URL of any serving type, without the cache's query parameters
 * and a viewer's fragment parameters. Exact round trip: `publisherUrl(cacheUrl(u)) === u` (host in
 * ASCII form) for every u whose query and fragment hold none of those parameters.
 */
export function publisherUrl(
  cacheUrl: string,
  options?: { caches?: readonly AmpCache[] | null } | null,
): string {
  return parseCacheUrl(cacheUrl, options).publisherUrl;
}
