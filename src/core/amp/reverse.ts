// AMP cache and viewer URLs -> publisher URL, and cache origin -> publisher domain (docs/specs.md,
// AMP Cache "Reverse"; the hosts recognised are the table in hosts.ts, listed in docs/amp-hosts.md).
// Browser-true: the URL reversed is the one a browser requests (WHATWG: tabs and newlines
// removed, `\` as `/`, `%2e` and `..` segments resolved), so the result is the page that the
// cache or viewer really serves for it.
import * as punycode from 'punycode/';
import {
  MAX_IMAGE_WIDTH,
  domainPrefix,
  plainSchemeEnd,
  trimUrl,
  type ServingType,
} from './cache-url';
import { hostInfo } from './prefix';
import { AMP_CACHES, type AmpCache } from './caches';
import {
  isPrefixedDomainAt,
  matchHost,
  mayBeAmpHostAt,
  type AmpHost,
  type HostMatch,
} from './hosts';
import { MAX_URL_LENGTH, UrlError, checkInput, readOptions } from '../shared/errors';
import { hostToAscii, isIpv4, quote } from '../shared/idn';
import { splitAuthority } from '../shared/uri';

/**
 * Query parameters that caches, viewers and the AMP runtime add and never send to the publisher
 * (amphtml `removeAmpJsParamsFromSearch`: every `amp_js*` name, `amp_gsa`, `amp_r`, `amp_kit`,
 * `usqp`; and the spec's `amp_latest_update_time`, `amp_lite`). `publisherUrl` drops them, so a
 * publisher URL whose own query uses one of these names does not come back exactly: the cache
 * does not send it to the publisher either (a documented limit).
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

/** A parameter of the runtime: one of CACHE_QUERY_PARAMS or any name starting `amp_js`. */
export function isCacheQueryParam(name: string): boolean {
  return typeof name === 'string' && (CACHE_QUERY_PARAMS.has(name) || name.startsWith('amp_js'));
}

/**
 * Fragment parameters an AMP viewer adds (Google's `aoh`, `amp_tf`, `ampshare`, `amp_ct`; the AMP
 * Viewer API initialization parameters, amphtml extensions/amp-viewer-integration/amp-doc-viewer-api.md).
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
  'amp_ct',
]);

/**
 * The serving types a cache URL path may start with: the spec's (cache-url.ts SERVING_TYPES) and
 * those amphtml and the caches also serve: `a` and `ad` (ad landing pages, amphtml's
 * SERVING_TYPE_PREFIX), `mbv` (video).
 */
export type ReverseServingType = ServingType | 'a' | 'ad' | 'mbv';

const REVERSE_TYPES: ReadonlySet<string> = new Set([
  'c',
  'v',
  'wp',
  'cert',
  'i',
  'ii',
  'r',
  'a',
  'ad',
  'mbv',
]);

/** True for every serving type a cache URL path may start with (see ReverseServingType). */
export function isReverseServingType(type: unknown): type is ReverseServingType {
  return typeof type === 'string' && REVERSE_TYPES.has(type);
}

/** A cache URL taken apart. `prefix` is '' on the bare cache host (`https://cdn.ampproject.org/c/…`). */
export interface ParsedCacheUrl {
  cache: AmpCache;
  prefix: string;
  servingType: ReverseServingType;
  imageWidth?: number;
  https: boolean;
  publisherUrl: string;
}

/** What `reverseAmpUrl` found. */
export interface AmpReverse {
  /** The publisher URL: the page the cache or viewer serves for this URL. */
  url: string;
  kind: 'cache' | 'viewer';
  /** The table entry (hosts.ts) of the cache or viewer host. */
  host: AmpHost;
  /** The domain prefix of a prefixed cache host. */
  prefix?: string;
  /** Caches only. */
  servingType?: ReverseServingType;
  /** `/ii/w800`: 800. */
  imageWidth?: number;
  /** The `/ii/` parameter as written (`w800`, `AW`). */
  imageParam?: string;
  https: boolean;
  /** Why the result deserves a look: look-alike prefix, resolved dot segments, `%3F`, retired cache. */
  warnings: string[];
  /** Names of the cache's and viewer's parameters removed from the query and fragment, in order. */
  removed: string[];
}

/** Options of the reverse: null means not given, as undefined does. */
export interface ReverseOptions {
  caches?: readonly AmpCache[] | null;
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
    const end = endOfHost(text, colon + 3);
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
  return { host: asciiHost(host), rest };
}

/** Index of the first `/`, `\`, `?` or `#` at or after `from`, or the length (WHATWG, special schemes). */
function endOfHost(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || c === 92) return i;
  }
  return url.length;
}

/** A cache or viewer host in lower-case ASCII form without a trailing dot, as a browser reads it. */
function asciiHost(host: string): string {
  let ascii = host.toLowerCase();
  for (let i = 0; i < ascii.length; i++) {
    const c = ascii.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46) continue;
    try {
      ascii = hostToAscii(host);
    } catch (e) {
      throw notCache((e as Error).message);
    }
    break;
  }
  return ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
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

/** The `caches` option: null or undefined mean the registered caches (AMP_CACHES). */
function cacheList(caches: readonly AmpCache[] | null | undefined): readonly AmpCache[] {
  if (caches === undefined || caches === null) return AMP_CACHES;
  if (!Array.isArray(caches))
    throw new UrlError('invalid-option', 'caches must be an array of AMP Cache records.');
  return caches as readonly AmpCache[];
}

function knownDomains(caches: readonly AmpCache[]): string {
  const domains = (caches as readonly (Partial<AmpCache> | null)[])
    .map((c) => (c && typeof c.cacheDomain === 'string' ? c.cacheDomain : ''))
    .filter((d) => d !== '');
  return domains.join(', ') || 'none given';
}

/** The cache and domain prefix of a cache origin's host; throws `not-a-cache-url`. */
function cacheOfHost(
  host: string,
  caches: readonly AmpCache[],
): { cache: AmpCache; prefix: string } {
  const match = matchHost(host, caches);
  if (match?.entry.cache === undefined || match.prefix === undefined) {
    const why =
      match === undefined
        ? ''
        : match.entry.kind === 'viewer'
          ? `: it is an AMP viewer (${match.entry.name}), which has no cache origin`
          : ': the bare cache host names no publisher';
    throw notCache(
      `${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)})${why}.`,
    );
  }
  const problem = prefixProblem(match.prefix);
  if (problem) throw notCache(problem);
  return { cache: match.entry.cache, prefix: match.prefix };
}

/** The name of a `name=value` pair. */
function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq < 0 ? pair : pair.slice(0, eq);
}

/** `&`-separated pairs without those `drop` names (their names go to `removed`), the rest byte for byte. */
function withoutParams(list: string, drop: (name: string) => boolean, removed: string[]): string[] {
  const kept: string[] = [];
  for (const pair of list.split('&')) {
    const name = paramName(pair);
    if (!drop(name)) kept.push(pair);
    else if (!removed.includes(name)) removed.push(name);
  }
  return kept;
}

/** Drops the runtime's and cache's parameters; the publisher's are kept byte for byte, in order. */
function publisherQuery(query: string, removed: string[]): string {
  if (!query.includes('amp_') && !query.includes('usqp')) return `?${query}`;
  const kept = withoutParams(query, isCacheQueryParam, removed);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

const isViewerParam = (name: string): boolean => VIEWER_FRAGMENT_PARAMS.has(name);

/** Drops a viewer's parameters from a fragment that is a viewer's parameter list (see VIEWER_FRAGMENT_PARAMS). */
function publisherFragment(fragment: string, removed: string[]): string {
  const amp = fragment.indexOf('&');
  if (!isViewerParam(paramName(amp < 0 ? fragment : fragment.slice(0, amp)))) return `#${fragment}`;
  const kept = withoutParams(fragment, isViewerParam, removed);
  return kept.length === 0 ? '' : `#${kept.join('&')}`;
}

/** Splits `path` at its first `/` after index `from`: [segment, index of that `/` or the length]. */
function segment(path: string, from: number): [string, number] {
  const end = path.indexOf('/', from);
  return end < 0 ? [path.slice(from), path.length] : [path.slice(from, end), end];
}

/** A publisher host segment of the path, read as amphtml's getSourceUrl does (percent-decoded). */
interface PublisherHost {
  /** The host for the publisher URL: as written, or its ASCII form when it was percent-encoded. */
  host: string;
  /** Its ASCII form, as a browser reads it. */
  ascii?: string;
  port?: string;
  /** Why it is no host a cache serves; set instead of the others. */
  problem?: string;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads `host`, `host:81` or `host%3A81`. The host must be valid as a browser reads it; IPv6
 * literals and user names are refused as cacheUrl refuses them.
 */
function readPublisherHost(written: string): PublisherHost {
  const decoded = written.includes('%') ? safeDecode(written) : written;
  if (decoded === undefined)
    return { host: '', problem: `${quote(written)} is not valid percent-encoding.` };
  if (decoded === '') return { host: '', problem: 'The URL names no publisher host.' };
  if (decoded.startsWith('['))
    return { host: '', problem: 'IPv6 publisher hosts have no AMP Cache URL.' };
  if (decoded.includes('@'))
    return { host: '', problem: 'The publisher host has a user name (userinfo).' };
  let host = decoded;
  let port: string | undefined;
  const colon = decoded.lastIndexOf(':');
  if (colon >= 0) {
    port = decoded.slice(colon + 1);
    host = decoded.slice(0, colon);
    if (port === '') port = undefined;
    else if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
      return { host: '', problem: `${quote(port)} is not a port number.` };
  }
  try {
    // Validity only: the domain prefix (a Punycode encoding or a SHA-256) is computed when asked.
    const ascii = hostToAscii(host);
    if (ascii.startsWith('['))
      return { host: '', problem: 'IPv6 publisher hosts have no AMP Cache URL.' };
    return { host: decoded === written ? host : ascii, ascii, port };
  } catch (e) {
    return { host: '', problem: `The publisher host is invalid: ${(e as Error).message}` };
  }
}

/** The domain prefix of a valid publisher host, or undefined. */
function hostPrefix(host: PublisherHost): string | undefined {
  if (host.ascii === undefined) return undefined;
  try {
    return hostInfo(host.ascii).prefix;
  } catch {
    return undefined;
  }
}

/** Where the publisher URL sits in the path. */
interface Located {
  servingType?: ReverseServingType;
  imageWidth?: number;
  imageParam?: string;
  https: boolean;
  host: PublisherHost;
  /** Index in the path where the publisher path starts. */
  hostEnd: number;
}

// `/ii/w800/…` (a width, at most the one cacheUrl writes) or `/ii/AW/…` (Google's own form).
function imageParameter(param: string): number | undefined | null {
  if (param === 'AW') return undefined;
  if (param.length < 2 || param.length > 6 || !param.startsWith('w') || param[1] === '0')
    return null;
  for (let i = 1; i < param.length; i++) {
    const c = param.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const width = Number(param.slice(1));
  return width > MAX_IMAGE_WIDTH ? null : width;
}

/** The prefix of a host as written, or undefined if it is none. */
function prefixOf(host: string): string | undefined {
  return hostPrefix(readPublisherHost(host));
}

/**
 * `[s/]<host>` from index `at` (the `/` before it). `s` marks https; on a prefixed host, unless
 * `s` is itself the publisher host: the domain prefix tells them apart (cacheUrl refuses the one
 * URL form where both readings fit, `http://s/s/…`).
 */
function hostAfter(
  path: string,
  at: number,
  prefix: string | undefined,
): Omit<Located, 'servingType'> {
  let [host, hostEnd] = segment(path, at + 1);
  let https = false;
  if (host === 's' && hostEnd < path.length) {
    const [after, afterEnd] = segment(path, hostEnd + 1);
    if (prefix === undefined || prefixOf('s') !== prefix || prefixOf(after) === prefix) {
      https = true;
      host = after;
      hostEnd = afterEnd;
    }
  }
  return { https, host: readPublisherHost(host), hostEnd };
}

/** `/<type>[/<ii parameter>]/[s/]<host>…` of a cache, or the seed's form without a type. */
function locateInCache(path: string, prefix: string | undefined): Located {
  const [type, afterType] = segment(path, 1);
  if (isReverseServingType(type)) {
    let at = afterType;
    let imageWidth: number | undefined;
    let imageParam: string | undefined;
    if (type === 'ii') {
      const [param, next] = segment(path, at + 1);
      const width = imageParameter(param);
      if (width === null)
        throw notCache(
          `The ii serving type needs a width from w1 to w${MAX_IMAGE_WIDTH} (such as /ii/w800) or AW, not ${quote(param)}.`,
        );
      imageWidth = width;
      imageParam = param;
      at = next;
    }
    const typed: Located = {
      servingType: type,
      imageWidth,
      imageParam,
      ...hostAfter(path, at, prefix),
    };
    // A publisher host named like a serving type (`http://c/x` at /c/x) reads without one when
    // the typed reading's host is not the prefix's and the type's is.
    if (prefix !== undefined && prefixOf(type) === prefix && hostPrefix(typed.host) !== prefix) {
      const bare = withoutServingType(path, prefix);
      if (bare) return bare;
    }
    if (typed.host.problem !== undefined) throw notCache(typed.host.problem);
    return typed;
  }
  const bare = prefix === undefined ? undefined : withoutServingType(path, prefix);
  if (bare) return bare;
  throw notCache(
    `${quote(type)} is neither a serving type (${[...REVERSE_TYPES].join(', ')})${prefix === undefined ? '' : ` nor the publisher host of the domain prefix ${quote(prefix)}`}.`,
  );
}

/**
 * Seed 003 (the spec's source, which wins) writes cache URLs without a serving type:
 * `https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/not-found`. Its first
 * segment is the publisher host (the prefix's own), read as content (`c`) over http.
 */
function withoutServingType(path: string, prefix: string): Located | undefined {
  const [host, hostEnd] = segment(path, 1);
  const read = host === '' ? undefined : readPublisherHost(host);
  return read && hostPrefix(read) === prefix
    ? { servingType: 'c', https: false, host: read, hostEnd }
    : undefined;
}

/** `/<viewerPath>/[s/]<host>…` of a viewer. */
function locateInViewer(path: string, entry: AmpHost): Located {
  const [first, end] = segment(path, 1);
  if (first !== entry.viewerPath || end >= path.length)
    throw notCache(
      `${entry.name} serves AMP pages under /${entry.viewerPath ?? ''}/<host>/…, and this path is not one.`,
    );
  const located = hostAfter(path, end, undefined);
  if (located.host.problem !== undefined) throw notCache(located.host.problem);
  // amphtml's getSourceUrl: "Expected a . in origin".
  if (!located.host.host.includes('.'))
    throw notCache(`${quote(located.host.host)} is no domain name (it has no ".").`);
  return located;
}

/** The input as a browser reads it: tabs and newlines removed (WHATWG), `https:\\host` as `https://host`. */
function browserText(input: unknown, what: string): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_URL_LENGTH)
    checkInput(input, what);
  let text = input as string;
  if (text.includes('\t') || text.includes('\n') || text.includes('\r'))
    text = text.replace(/[\t\n\r]/g, '');
  // Special schemes: any run of `/` and `\` after the colon starts the authority.
  if (text.includes('\\')) text = text.replace(/^([\u0000-\u0020]*https?:)[/\\]+/i, '$1//');
  return text;
}

/** Splits `rest` (path, query, fragment) into the path and the index where it ends. */
function pathOf(rest: string): string {
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (c === 63 || c === 35) return rest.slice(0, i);
  }
  return rest;
}

// Characters after which a browser's reading of a path may differ from the text: `\` and dot
// segments (also `%2e`). Searched with indexOf: no regex on the hot path.
function mayResolve(path: string): boolean {
  return path.includes('/.') || path.includes('\\') || path.includes('%2e') || path.includes('%2E');
}

function isSingleDot(segment: string): boolean {
  return segment === '.' || segment.toLowerCase() === '%2e';
}

function isDoubleDot(segment: string): boolean {
  if (segment.length !== 2 && segment.length !== 4 && segment.length !== 6) return false;
  const s = segment.toLowerCase();
  return s === '..' || s === '.%2e' || s === '%2e.' || s === '%2e%2e';
}

/**
 * A path as a browser resolves it (WHATWG path state, special schemes): `\` as `/`, `.` and `..`
 * segments (also written `%2e`) removed, a last dot segment leaving a trailing `/`. Other bytes
 * are kept as written: the browser's percent-encoding of them names the same resource.
 */
function resolvePath(path: string): string {
  if (!mayResolve(path)) return path;
  const parts = path.replaceAll('\\', '/').split('/');
  const out: string[] = [];
  // parts[0] is the '' before the leading '/'.
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (isDoubleDot(part)) {
      out.pop();
      if (last) out.push('');
    } else if (isSingleDot(part)) {
      if (last) out.push('');
    } else out.push(part);
  }
  return `/${out.join('/')}`;
}

/**
 * What the publisher URL keeps of a path that the browser resolves: the written tail when it
 * resolves to the same tail (`/c/s/a.com/x/../y` keeps `/x/../y`, which the publisher resolves to
 * `/y` too), else the resolved tail. And a warning when the written path reaches outside
 * `/<type>/[s/]<host>/`: the browser then requests another page than the text seems to name
 * (issue 13's `…/c/s/example.com/x/../../../../c/s/evil.com/y`, which fetches evil.com's page).
 */
function resolvedTail(
  written: string,
  resolved: string,
  hostEnd: number,
): { tail: string; warning?: string } {
  const tail = resolved.slice(hostEnd);
  const served = resolved.slice(0, hostEnd);
  const depth = served.split('/').length;
  const parts = written.replaceAll('\\', '/').split('/');
  const wroteStart = parts.slice(0, depth).join('/');
  if (wroteStart === served) {
    // `\` is `/` to the browser, in the publisher URL as in the cache URL: written as `/`.
    const wroteTail = written.slice(wroteStart.length).replaceAll('\\', '/');
    return { tail: resolvePath(wroteTail || '/') === (tail || '/') ? wroteTail : tail };
  }
  return {
    tail,
    warning: `The path ${quote(written)} resolves to ${quote(resolved)} in a browser (dot segments): it leaves ${quote(`${wroteStart}/`)}, and the page served is the one at ${quote(`${served}/`)}, which is what was reversed.`,
  };
}

/** The warning when the prefix of a cache host is not the publisher host's own (a look-alike check). */
function prefixWarning(
  cacheHost: string,
  match: HostMatch,
  host: PublisherHost,
): string | undefined {
  if (match.prefix === undefined) return undefined;
  const expected = hostPrefix(host);
  if (expected === match.prefix) return undefined;
  const own = `${expected ?? '?'}.${match.entry.domain}`;
  return `The cache host ${quote(cacheHost)} is not the one of ${quote(host.host)} (${quote(own)}): the cache serves the page by its path, so this is ${quote(host.host)}'s page; check the link is not a look-alike.`;
}

/**
 * The query after a `%3F` in a viewer's path. Viewers write it two ways: only the `?` encoded
 * (`a%3foutputType=amp`, Google), or the whole query encoded once
 * (`post-1778/%3Famp%3D1%26usqp%3Dmq331AQGsAEggAID`, Yahoo! JAPAN). Without a raw `=` or `&` but
 * with `%3D` or `%26`, it is the second: one level of `%3D`, `%26`, `%25` is decoded.
 */
function decodeEncodedQuery(text: string): string {
  if (text.includes('=') || text.includes('&') || !/%3d|%26/i.test(text)) return text;
  return text.replace(/%(3d|26|25)/gi, (_, hex: string) =>
    hex === '25' ? '%' : hex.toLowerCase() === '3d' ? '=' : '&',
  );
}

/** `%3F` in a viewer's path: Google's viewer writes the publisher's `?` encoded. */
function encodedQuery(tail: string): number {
  const upper = tail.indexOf('%3F');
  const lower = tail.indexOf('%3f');
  return upper < 0 ? lower : lower < 0 ? upper : Math.min(upper, lower);
}

/**
 * The publisher URL behind an AMP cache or viewer URL, read as a browser reads it, with what was
 * removed and what deserves a warning. Throws `UrlError('not-a-cache-url')` with the reason for
 * anything else (an unknown host, a path outside `/<type>/[s/]<host>/`, an invalid publisher host).
 */
export function reverseAmpUrl(input: string, options?: ReverseOptions | null): AmpReverse {
  return reverse(input, options, true);
}

/** The reverse; `lookAlike` false skips the prefix check, which only warns (a Punycode or SHA-256 per host). */
function reverse(
  input: string,
  options: ReverseOptions | null | undefined,
  lookAlike: boolean,
): AmpReverse {
  const caches = cacheList(readOptions(options, 'reverseAmpUrl options').caches);
  const { host: cacheHost, rest } = splitCacheAddress(browserText(input, 'AMP URL'), 'AMP URL');
  const match = matchHost(cacheHost, caches);
  if (!match)
    throw notCache(
      `${quote(cacheHost)} is not a host of a known AMP Cache (${knownDomains(caches)}) or AMP viewer.`,
    );
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const written = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const path = resolvePath(written);
  if (!path.startsWith('/'))
    throw notCache('The URL has no path: expected /<serving type>/[s/]<host>/….');
  const entry = match.entry;
  let located: Located;
  try {
    located =
      entry.kind === 'viewer' ? locateInViewer(path, entry) : locateInCache(path, match.prefix);
  } catch (e) {
    if (written === path || !(e instanceof UrlError)) throw e;
    throw notCache(
      `${e.message} (The path ${quote(written)} resolves to ${quote(path)} in a browser: outside /<type>/[s/]<host>/.)`,
    );
  }
  const warnings: string[] = [];
  const removed: string[] = [];
  let tail = path.slice(located.hostEnd);
  if (written !== path) {
    const r = resolvedTail(written, path, located.hostEnd);
    tail = r.tail;
    if (r.warning) warnings.push(r.warning);
  }
  const look = lookAlike ? prefixWarning(cacheHost, match, located.host) : undefined;
  if (look) warnings.push(look);
  if (entry.status === 'retired')
    warnings.push(
      `${entry.name} no longer serves pages: the publisher URL is where the page lives.`,
    );
  let query = mark < 0 ? '' : publisherQuery(beforeHash.slice(mark + 1), removed);
  if (entry.kind === 'viewer') {
    const q = encodedQuery(tail);
    if (q >= 0) {
      const recovered = decodeEncodedQuery(tail.slice(q + 3));
      tail = tail.slice(0, q);
      const rest = publisherQuery(recovered, removed);
      const real = query.length > 1 ? query.slice(1) : '';
      query =
        rest === '' ? (real === '' ? '' : `?${real}`) : real === '' ? rest : `${rest}&${real}`;
      warnings.push(
        'An encoded "?" (%3F) in the path was read as the start of the query, as the viewer reads it; this is ambiguous: the publisher\'s own path may hold a %3F.',
      );
    }
  }
  const fragment = hash < 0 ? '' : publisherFragment(rest.slice(hash + 1), removed);
  const scheme = located.https ? 'https' : 'http';
  const { host, port } = located.host;
  const portPart =
    port === undefined || Number(port) === Number(DEFAULT_PORTS[scheme]) ? '' : `:${Number(port)}`;
  return {
    url: `${scheme}://${host}${portPart}${tail}${query}${fragment}`,
    kind: entry.kind,
    host: entry,
    prefix: match.prefix,
    servingType: located.servingType,
    imageWidth: located.imageWidth,
    imageParam: located.imageParam,
    https: located.https,
    warnings,
    removed,
  };
}

/** Parsed view of a cache URL (not a viewer URL). Throws `UrlError('not-a-cache-url')` for anything else. */
export function parseCacheUrl(url: string, options?: ReverseOptions | null): ParsedCacheUrl {
  const r = reverse(url, readOptions(options, 'parseCacheUrl options'), false);
  if (r.kind !== 'cache' || r.host.cache === undefined || r.servingType === undefined)
    throw notCache(`This is an AMP viewer URL (${r.host.name}), not an AMP Cache URL.`);
  return {
    cache: r.host.cache,
    prefix: r.prefix ?? '',
    servingType: r.servingType,
    imageWidth: r.imageWidth,
    https: r.https,
    publisherUrl: r.url,
  };
}

/**
 * The publisher URL behind an AMP cache or viewer URL of any shape (see reverseAmpUrl), without
 * the cache's and runtime's query parameters and a viewer's fragment parameters. Round trip:
 * `publisherUrl(cacheUrl(u)) === u` (host in ASCII form) for every u whose query and fragment
 * hold none of those parameters; `publisherUrl(new URL(cacheUrl(u)).href) === new URL(u).href`.
 */
export function publisherUrl(url: string, options?: ReverseOptions | null): string {
  const caches = options === undefined || options === null ? AMP_CACHES : undefined;
  return (caches && fastPublisherUrl(url, caches)) ?? reverse(url, options, false).url;
}

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

/** An ASCII host with A-labels (`xn--`) that a browser keeps as it is: valid, and in its own form. */
function isCanonicalIdn(host: string): boolean {
  if (!host.includes('xn--') || host.length > 253) return false;
  try {
    return hostToAscii(host) === host && !isIpv4(host);
  } catch {
    return false;
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
  if (dot < 9 || dot > hostEnd || !isPrefixedDomainAt(text, dot, hostEnd, caches)) return undefined;
  const typeEnd = plainType(text, hostEnd);
  if (typeEnd < 0) return undefined;
  let h = typeEnd + 1;
  const https = text.charCodeAt(h) === 115 && text.charCodeAt(h + 1) === 47;
  if (https) h += 2;
  const end = plainRun(text, h);
  // The prefix is not compared: it only warns (reverseAmpUrl), and the path alone names the page.
  if (end <= h || isAmbiguousPrefix(text, 8, dot)) return undefined;
  if (!isPlainDomain(text, h, end) && !isCanonicalIdn(text.slice(h, end))) return undefined;
  // The rest: read as written by a browser (no blanks, `\`, dot segments), no parameter to drop.
  let query = -1;
  let hash = -1;
  for (let i = end; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 127 || c === 92) return undefined;
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
  return (https ? 'https://' : 'http://') + text.slice(h);
}

/**
 * True when `url` is surely a publisher URL, told without the full reading: its host as written
 * (lower-case `http(s)://`, then lower-case LDH and dots up to the path: nothing a browser would
 * rewrite), less a trailing dot, is no host of the table. False means "read it in full".
 */
function isPlainPublisherUrl(url: string, caches: readonly AmpCache[]): boolean {
  const from = plainSchemeEnd(url);
  if (from === 0) return false;
  let end = plainRun(url, from);
  if (end > from && url.charCodeAt(end - 1) === 46) end--;
  return end > from && !mayBeAmpHostAt(url, from, end, caches);
}

/** What kind of AMP URL this is, as the classifier of the extension needs it. */
export type AmpUrlKind = 'cache' | 'cacheOrigin' | 'viewer';

/**
 * The kind and host entry of an AMP cache or viewer URL, or undefined for any other URL (never
 * throws). Only the host and the first path segment decide, read as a browser reads them: a URL
 * that merely contains `amp` (`amp.example.com`, `/amp/` on a publisher's site, `?amp=1`) is none.
 * A prefixed cache host is a cache URL whatever its path (`cacheOrigin` without a path); the bare
 * cache host only with a serving type, a viewer only under its `/amp/`.
 */
export function ampUrlKind(
  url: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): { kind: AmpUrlKind; host: AmpHost } | undefined {
  try {
    const list = cacheList(caches);
    // Most URLs in a document are plain publisher URLs: their host, read as written, says "none".
    if (isPlainPublisherUrl(url, list)) return undefined;
    const { host, rest: raw } = splitCacheAddress(browserText(url, 'URL'), 'URL');
    const match = matchHost(host, list);
    if (!match) return undefined;
    const path = pathOf(raw);
    const rest = resolvePath(path) + raw.slice(path.length);
    const end = endOfHost(rest, 1);
    const first = rest.startsWith('/') ? rest.slice(1, end) : '';
    const entry = match.entry;
    if (entry.kind === 'viewer')
      return first === entry.viewerPath && rest.length > end + 1 && rest[end] === '/'
        ? { kind: 'viewer', host: entry }
        : undefined;
    if (match.prefix === undefined)
      return isReverseServingType(first) ? { kind: 'cache', host: entry } : undefined;
    const bare = rest === '' || rest === '/' || rest.startsWith('#') || rest.startsWith('/#');
    return { kind: bare ? 'cacheOrigin' : 'cache', host: entry };
  } catch {
    return undefined;
  }
}

/**
 * The cache serving this host or URL (origin, host or full URL), or undefined; never throws.
 * Agrees with parseCacheUrl: the bare cache host counts only with a serving-type path.
 */
export function findCache(
  urlOrHost: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): AmpCache | undefined {
  try {
    const { host, rest } = splitCacheAddress(browserText(urlOrHost, 'URL'), 'URL');
    const match = matchHost(host, cacheList(caches));
    if (match?.entry.kind !== 'cache') return undefined;
    if (
      match.prefix === undefined &&
      !isReverseServingType(segment(resolvePath(pathOf(rest)), 1)[0])
    )
      return undefined;
    return match.entry.cache;
  } catch {
    return undefined;
  }
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
