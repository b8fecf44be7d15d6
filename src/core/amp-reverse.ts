// AMP Cache origin or URL -> publisher domain or URL (shared/specs/amp-cache.md, "Reverse").
import * as punycode from 'punycode/';
import { domainPrefix, endOfAuthority, isServingType, trimUrl, type ServingType } from './amp-cache';
import { hostInfo } from './amp-prefix';
import { AMP_CACHES, type AmpCache } from './caches';
import { UrlError, readOptions } from './errors';
import { hostToAscii, quote } from './idn';
import { splitAuthority } from './uri';

/**
 * Query parameters that caches and viewers add to a cache URL and never send to the publisher
 * (spec: "Caches may append their own query parameters", e.g. `amp_latest_update_time`).
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

/** Splits `[scheme://]host[:port][rest]` into a lower-case ASCII host and the rest. */
function splitCacheAddress(input: string, what: string): { host: string; rest: string } {
  const text = trimUrl(input, what);
  let authority = text;
  let rest = '';
  let scheme: string | undefined;
  const slash = text.indexOf('/');
  if (slash >= 0) {
    const colon = text.indexOf(':');
    scheme = colon > 0 && colon < slash ? text.slice(0, colon).toLowerCase() : undefined;
    if (scheme !== 'http' && scheme !== 'https') throw notCache(`${quote(text)} is not an http(s) URL, so not an AMP Cache URL.`);
    if (!text.startsWith('//', colon + 1)) throw notCache(`${quote(text)} has no host.`);
    const end = endOfAuthority(text, colon + 3);
    authority = text.slice(colon + 3, end);
    rest = text.slice(end);
  }
  const { userinfo, host, port } = authority.includes('@') || authority.includes(':') ? splitAuthority(authority) : { host: authority, userinfo: undefined, port: undefined };
  if (userinfo !== undefined) throw notCache('AMP Cache URLs have no user name or password (userinfo).');
  if (port !== undefined && port !== '' && (scheme === undefined || Number(port) !== Number(DEFAULT_PORTS[scheme]))) {
    throw notCache(`AMP Caches serve on the default https port, not ${quote(port)}.`);
  }
  let ascii = host.toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(ascii)) {
    try {
      ascii = hostToAscii(host);
    } catch (e) {
      throw notCache((e as Error).message);
    }
  }
  return { host: ascii, rest };
}

/** `.cacheDomain` suffixes of a cache list, computed once per list. */
const suffixCache = new WeakMap<readonly AmpCache[], { cache: AmpCache; suffix: string }[]>();

function suffixes(caches: readonly AmpCache[]): { cache: AmpCache; suffix: string }[] {
  let list = suffixCache.get(caches);
  if (!list) {
    list = caches
      .filter((cache) => cache && typeof cache.cacheDomain === 'string' && cache.cacheDomain !== '')
      .map((cache) => ({ cache, suffix: `.${cache.cacheDomain.toLowerCase()}` }))
      .sort((a, b) => b.suffix.length - a.suffix.length);
    suffixCache.set(caches, list);
  }
  return list;
}

/** The cache serving a lower-case ASCII host and the domain prefix, or undefined. */
function matchCache(host: string, caches: readonly AmpCache[]): { cache: AmpCache; prefix: string } | undefined {
  // Longest cache domain first, so a cache inside another cache's domain wins.
  for (const { cache, suffix } of suffixes(caches)) {
    if (!host.endsWith(suffix)) continue;
    const prefix = host.slice(0, -suffix.length);
    // One DNS label: the wildcard certificate of a cache covers a single label.
    return /^[a-z0-9-]{1,63}$/.test(prefix) ? { cache, prefix } : undefined;
  }
  return undefined;
}

function cacheList(caches: readonly AmpCache[] | undefined): readonly AmpCache[] {
  if (caches === undefined) return AMP_CACHES;
  if (!Array.isArray(caches)) throw new UrlError('invalid-option', 'caches must be an array of AMP Cache records.');
  return caches;
}

function knownDomains(caches: readonly AmpCache[]): string {
  return suffixes(caches).map((c) => c.cache.cacheDomain).join(', ') || 'none given';
}

/** The registered cache serving this host or URL (origin, host or full URL), or undefined. Never throws. */
export function findCache(urlOrHost: string, caches: readonly AmpCache[] = AMP_CACHES): AmpCache | undefined {
  try {
    return matchCache(splitCacheAddress(urlOrHost, 'URL').host, cacheList(caches))?.cache;
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

/**
 * The publisher domain (ASCII form) behind a cache origin or host. A hashed prefix (no `-`) gives
 * null unless one of `candidates` hashes to it. A readable prefix that the forward direction would
 * not produce for its own decoding (so no cache serves it) is refused rather than guessed.
 */
export function publisherDomain(
  cacheOriginOrHost: string,
  domainOptions?: { caches?: readonly AmpCache[]; candidates?: Iterable<string> },
): string | null {
  const options = readOptions(domainOptions, 'publisherDomain options');
  const caches = cacheList(options.caches);
  const { host } = splitCacheAddress(cacheOriginOrHost, 'cache origin');
  const match = matchCache(host, caches);
  if (!match) throw notCache(`${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)}).`);
  const { prefix } = match;
  if (!prefix.includes('-')) return matchCandidate(prefix, options.candidates);
  let domain: string;
  try {
    domain = hostToAscii(decodePrefix(prefix));
  } catch (e) {
    if (e instanceof UrlError && e.code === 'not-a-cache-url') throw e;
    throw notCache(`The domain prefix ${quote(prefix)} does not decode to a valid domain.`);
  }
  const expected = domainPrefix(domain);
  if (expected !== prefix) {
    throw notCache(`The domain prefix ${quote(prefix)} is not one an AMP Cache produces: ${domain} has the prefix ${expected}.`);
  }
  return domain;
}

/** The candidate whose prefix is this hash, in ASCII form, or null. Invalid candidates are skipped. */
function matchCandidate(prefix: string, candidates: Iterable<string> | undefined): string | null {
  if (candidates === undefined) return null;
  if (typeof candidates !== 'object' || typeof (candidates as Iterable<string>)[Symbol.iterator] !== 'function') {
    throw new UrlError('invalid-option', 'candidates must be an iterable of domains.');
  }
  for (const candidate of candidates) {
    try {
      if (domainPrefix(candidate) === prefix) return hostToAscii(candidate.trim());
    } catch {
      // A malformed candidate cannot be the publisher: keep looking.
    }
  }
  return null;
}

/** Drops the cache's own parameters; the publisher's are kept byte for byte, in order. */
function publisherQuery(query: string): string {
  if (!query.includes('amp_') && !query.includes('usqp')) return `?${query}`;
  const kept = query.split('&').filter((pair) => {
    const eq = pair.indexOf('=');
    return !CACHE_QUERY_PARAMS.has(eq < 0 ? pair : pair.slice(0, eq));
  });
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/** Splits `rest` at its first `/` (after index `from`): [segment, remainder starting with `/` or empty]. */
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

/** Parsed view of a cache URL. Throws `UrlError('not-a-cache-url')` for anything else. */
export function parseCacheUrl(url: string, options?: { caches?: readonly AmpCache[] }): ParsedCacheUrl {
  const caches = cacheList(readOptions(options, 'parseCacheUrl options').caches);
  const { host, rest } = splitCacheAddress(url, 'cache URL');
  const match = matchCache(host, caches);
  if (!match) throw notCache(`${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)}).`);
  // rest = path [? query] [# fragment]; only the query is rewritten, the rest is kept as written.
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const path = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const tail = (mark < 0 ? '' : publisherQuery(beforeHash.slice(mark + 1))) + (hash < 0 ? '' : rest.slice(hash));
  if (!path.startsWith('/')) throw notCache('The cache URL has no path: expected /<serving type>/[s/]<host>/….');
  const [type, afterType] = segment(path, 1);
  if (!isServingType(type)) throw notCache(`${quote(type)} is not a serving type (c, v, wp, cert, i, ii, r).`);
  let at = afterType;
  let imageWidth: number | undefined;
  if (type === 'ii') {
    const [param, next] = segment(path, at + 1);
    if (!/^w[1-9]\d{0,8}$/.test(param)) throw notCache(`The ii serving type needs a width such as /ii/w800, not ${quote(param)}.`);
    imageWidth = Number(param.slice(1));
    at = next;
  }
  let [publisherHost, next] = segment(path, at + 1);
  let https = false;
  let valid = false;
  // `/s` marks https, unless `s` is itself the publisher host: the domain prefix tells them apart.
  if (publisherHost === 's' && next < path.length) {
    const [after, afterNext] = segment(path, next + 1);
    const afterPrefix = prefixOrUndefined(after);
    if (afterPrefix === match.prefix || prefixOrUndefined('s') !== match.prefix) {
      https = true;
      publisherHost = after;
      next = afterNext;
      valid = afterPrefix !== undefined;
    }
  }
  if (publisherHost === '') throw notCache('The cache URL names no publisher host after the serving type.');
  if (!valid) {
    try {
      hostToAscii(publisherHost);
    } catch (e) {
      throw notCache(`The publisher host in the cache URL is invalid: ${(e as Error).message}`);
    }
  }
  const publisherUrl = `${https ? 'https' : 'http'}://${publisherHost}${path.slice(next)}${tail}`;
  return { cache: match.cache, prefix: match.prefix, servingType: type, imageWidth, https, publisherUrl };
}

/** The publisher URL behind a cache URL of any serving type, without the cache's own parameters. */
export function publisherUrl(cacheUrl: string, options?: { caches?: readonly AmpCache[] }): string {
  return parseCacheUrl(cacheUrl, options).publisherUrl;
}
