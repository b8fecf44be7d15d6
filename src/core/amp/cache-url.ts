// Publisher URL -> AMP Cache URL (docs/specs.md, AMP Cache "Path"; the prefix is prefix.ts).
import { hostInfo, otherHostInfo, plainPrefix, type HostInfo } from './prefix';
import { AMP_CACHES } from './caches';
import { MAX_URL_LENGTH, UrlError, checkInput, describe, readOptions } from '../common/errors';
import {
  hostInputProblem,
  hostToAscii,
  isIpv4,
  isIpv6,
  quote,
  strictDomainProblem,
} from '../common/idn';
import { splitAuthority } from '../common/uri';

export type ServingType = 'c' | 'v' | 'wp' | 'cert' | 'i' | 'ii' | 'r';

/** The serving types of the spec, in its order, with a short label and what each one serves. */
export const SERVING_TYPES: readonly { type: ServingType; label: string; description: string }[] =
  Object.freeze([
    { type: 'c', label: 'Content', description: 'An AMP document served as a standalone page.' },
    {
      type: 'v',
      label: 'Viewer',
      description: 'An AMP document inside an AMP Viewer frame, e.g. a search results page.',
    },
    {
      type: 'wp',
      label: 'Web Package',
      description: 'The document as a Signed Exchange; acts as a redirect to the publisher origin.',
    },
    {
      type: 'cert',
      label: 'Certificate',
      description: 'The public certificate for a Signed Exchange.',
    },
    { type: 'i', label: 'Image', description: 'An image, typically a document subresource.' },
    {
      type: 'ii',
      label: 'Image (sized)',
      description:
        'An image with cache-configuring parameters, e.g. /ii/w800 = at most 800 px wide.',
    },
    { type: 'r', label: 'Resource', description: 'A resource such as a font.' },
  ] as const);

const SERVING_TYPE_SET: ReadonlySet<string> = new Set(SERVING_TYPES.map((s) => s.type));

/** True for the serving types this module knows. */
export function isServingType(type: unknown): type is ServingType {
  return typeof type === 'string' && SERVING_TYPE_SET.has(type);
}

const DEFAULT_CACHE_DOMAIN = AMP_CACHES[0].cacheDomain;

/** The cache domain prefix of a publisher domain (Unicode or `xn--`, any case). */
export function domainPrefix(publisherDomain: string): string {
  return hostInfo(checkInput(publisherDomain, 'publisher domain').trim()).prefix;
}

/** Parts of a publisher URL that a cache URL keeps. */
interface PublisherParts {
  https: boolean;
  info: HostInfo;
  rest: string; // path, query and fragment, exactly as written
}

// Leading and trailing C0 controls and spaces are stripped, as browsers do; inside, they are refused.
const INNER_BLANKS = /[\u0000-\u0020\u007f]/;

/** Checks and trims a URL argument (as `checkInput`, without its allocation on the hot path). */
export function trimUrl(text: string, what: string): string {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_URL_LENGTH)
    checkInput(text, what);
  let url = text;
  if (url.charCodeAt(0) <= 32 || url.charCodeAt(url.length - 1) <= 32) {
    url = checkInput(text, what)
      .replace(/^[\u0000-\u0020]+/, '')
      .replace(/[\u0000-\u0020]+$/, '');
    if (url === '') throw new UrlError('empty', `The ${what} is empty.`);
  }
  if (INNER_BLANKS.test(url))
    throw new UrlError('invalid-url', `The ${what} contains whitespace or a control character.`);
  return url;
}

/** Index of the first `/`, `?` or `#` at or after `from`, or the length. */
function endOfAuthority(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) return i;
  }
  return url.length;
}

/** The scheme of a URL as a browser reads it: `https`, `http`, or a typed refusal. */
function httpScheme(url: string): { https: boolean; colon: number } {
  const colon = endOfAuthority(url, 0) > url.indexOf(':') ? url.indexOf(':') : -1;
  if (colon <= 0) {
    throw new UrlError(
      'relative-url',
      `${quote(url)} is relative: a publisher URL starts with http:// or https://.`,
    );
  }
  const http =
    (url.charCodeAt(0) | 32) === 104 &&
    (url.charCodeAt(1) | 32) === 116 &&
    (url.charCodeAt(2) | 32) === 116 &&
    (url.charCodeAt(3) | 32) === 112;
  const https = http && colon === 5 && (url.charCodeAt(4) | 32) === 115;
  if (!http || (colon !== 4 && !https)) {
    throw new UrlError(
      'unsupported-scheme',
      `The scheme ${quote(url.slice(0, colon + 1))} is not http or https: AMP Caches serve only web pages and resources.`,
    );
  }
  return { https, colon };
}

/**
 * The input as the URL parser sees it: surrounding blanks trimmed and every tab, LF and CR
 * removed (WHATWG URL "basic URL parser", steps 1-3). Other blanks and controls inside are
 * refused, not percent-encoded as a browser would: in a document they end the URL.
 */
function browserInput(text: string): string {
  checkInput(text, 'publisher URL');
  return trimUrl(text.replace(TAB_OR_NEWLINE, ''), 'publisher URL');
}

const TAB_OR_NEWLINE = /[\t\n\r]/g;

/** `/` or `\`: the same delimiter in http(s) URLs for browsers. */
function isSlash(c: number): boolean {
  return c === 47 || c === 92;
}

/** Index of the first `/`, `\`, `?` or `#` at or after `from`, or the length. */
function endOfSpecialAuthority(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 92 || c === 63 || c === 35) return i;
  }
  return url.length;
}

/**
 * Checks the authority as written, before the URL parser sees it: no userinfo, the default port
 * (leading zeros allowed, as browsers read `:0443`), and a host within `hostInputProblem`'s
 * bounds, so no IDNA or Punycode work is ever done on a hostile megabyte host.
 */
function checkAuthority(authority: string, https: boolean): void {
  const parts = splitAuthority(authority);
  if (parts.userinfo !== undefined) {
    throw new UrlError(
      'userinfo',
      'The URL has a user name or password (userinfo): AMP Caches do not fetch URLs with credentials.',
    );
  }
  const scheme = https ? 'https' : 'http';
  const defaultPort = https ? 443 : 80;
  if (parts.port !== undefined && parts.port !== '') {
    if (!/^\d+$/.test(parts.port))
      throw new UrlError('port', `The port ${quote(parts.port)} is not a number.`);
    const port = Number(parts.port);
    if (port !== defaultPort) {
      throw new UrlError(
        'port',
        `The port ${port > 65535 ? quote(parts.port) : port} is not the ${scheme} default (${defaultPort}): AMP Caches fetch only from default ports, so the cache URL would name a different resource.`,
      );
    }
  }
  if (parts.host === '') throw new UrlError('invalid-host', 'The URL has an empty host.');
  const problem = hostInputProblem(parts.host);
  if (problem) throw new UrlError('invalid-host', `The host is refused: ${problem}.`);
}

/**
 * Reads a publisher URL as a browser does (WHATWG URL: `\` as `/`, `%2e` dot segments, `..`
 * resolved, host mapped with UTS #46, default port removed, characters percent-encoded where the
 * browser encodes them) and checks it: http(s), a valid host, no userinfo, the default port.
 * `rest` is the path, query and fragment the browser would request, as it serializes them.
 */
function publisherParts(text: string): PublisherParts {
  const url = browserInput(text);
  const { https, colon } = httpScheme(url);
  const scheme = https ? 'https' : 'http';
  // `http:example.com` is relative to a base of the same scheme (a browser resolves it against
  // the page): without the base there is no host to name.
  if (!isSlash(url.charCodeAt(colon + 1)) || !isSlash(url.charCodeAt(colon + 2))) {
    throw new UrlError(
      'invalid-host',
      `${quote(url)} has no host: expected ${scheme}://host/path.`,
    );
  }
  let start = colon + 3;
  while (isSlash(url.charCodeAt(start))) start++; // browsers skip any further slashes
  const authorityEnd = endOfSpecialAuthority(url, start);
  checkAuthority(url.slice(start, authorityEnd), https);
  // `https://www.example.com` has an empty path: its cache URL adds none either (the AMP
  // toolbox's vectors: `…/c/s/www.example.com`); the browser requests `/` for both.
  const emptyPath = !isSlash(url.charCodeAt(authorityEnd));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const host = splitAuthority(url.slice(start, endOfSpecialAuthority(url, start))).host;
    throw new UrlError(
      'invalid-host',
      `The host ${quote(host)} is not a valid domain name or IP address (UTS #46).`,
    );
  }
  const info = hostInfo(parsed.hostname);
  // No userinfo and the default port (checked above): the href is `scheme://host` + rest.
  const rest = parsed.href.slice(parsed.protocol.length + 2 + parsed.host.length);
  return { https, info, rest: emptyPath && rest.startsWith('/') ? rest.slice(1) : rest };
}

/** The cache domain option as an ASCII host; the Google AMP Cache when not given (undefined or null). */
function cacheDomainOption(cacheDomain: string | null | undefined): string {
  return cacheDomain === undefined || cacheDomain === null
    ? DEFAULT_CACHE_DOMAIN
    : cacheDomainAscii(cacheDomain);
}

/**
 * A cache domain in ASCII form (`münchen.de` -> `xn--mnchen-3ya.de`), the one form both directions
 * compare, or UrlError('invalid-option'): a cache needs a real domain name.
 */
export function cacheDomainAscii(cacheDomain: string): string {
  if (typeof cacheDomain !== 'string')
    throw new UrlError('invalid-option', 'The cache domain must be a string.');
  let ascii: string;
  try {
    ascii = hostToAscii(cacheDomain);
  } catch (e) {
    throw new UrlError('invalid-option', `The cache domain is invalid: ${(e as Error).message}`);
  }
  // A cache is served from a wildcard certificate under a real domain name: `....` or an IP is none.
  const problem =
    isIpv4(ascii) || isIpv6(ascii)
      ? 'it is an IP address'
      : ascii.split('.').includes('')
        ? 'it has an empty label'
        : strictDomainProblem(ascii);
  if (problem)
    throw new UrlError(
      'invalid-option',
      `The cache domain ${quote(cacheDomain)} is invalid: ${problem}.`,
    );
  return ascii;
}

// A publisher domain has no ':' and no '/'; `host:port` is still read as a domain (and refused).
const LOOKS_LIKE_URL = /\/|^[a-z][a-z0-9+.-]*:(?!\d*$)/i;

/** `https://<prefix>.<cacheDomain>` for a publisher URL or bare domain. */
export function cacheOrigin(publisherUrlOrDomain: string, cacheDomain?: string | null): string {
  const text = checkInput(publisherUrlOrDomain, 'publisher URL or domain').trim();
  const info = LOOKS_LIKE_URL.test(text) ? publisherParts(text).info : hostInfo(text);
  return `https://${info.prefix}.${cacheDomainOption(cacheDomain)}`;
}

/**
 * Options of `cacheUrl`. Null means not given, as undefined does, for every option (and for the
 * options object, see `readOptions`): settings read from JSON write null for "unset".
 */
export interface CacheUrlOptions {
  cacheDomain?: string | null;
  servingType?: ServingType | null;
  imageWidth?: number | null;
}

/**
 * The largest `ii` width, in pixels, that `cacheUrl` writes and `parseCacheUrl` reads, so the
 * round trip holds for every width either accepts. 65,535 is the largest dimension JPEG and GIF
 * can store; a wider "maximum width" would ask the cache for nothing.
 */
export const MAX_IMAGE_WIDTH = 65_535;

/**
 * The AMP Cache URL of a publisher URL: `https://<prefix>.<cacheDomain>/<type>[/w<width>][/s]/<host><path>`.
 * The publisher URL is read as a browser reads it (see `publisherParts`): the cache URL names the
 * resource the browser would request, its path, query and fragment as the browser serializes them
 * (`..` resolved, so the path never leaves `/<type>/[s/]<host>/`; `"` written `%22`), the host in
 * ASCII form. Query parameters named like the caches' own (`CACHE_QUERY_PARAMS`, e.g.
 * `amp_latest_update_time`) are kept: they configure the cache request (`publisherUrl` drops them,
 * as the cache does before fetching from the publisher). Refused: `http://s/s/…`, see `checkNotSlashS`.
 */
export function cacheUrl(publisherUrl: string, cacheUrlOptions?: CacheUrlOptions | null): string {
  const options = readOptions(cacheUrlOptions, 'cacheUrl options');
  const fast = plainCacheUrl(publisherUrl, options);
  if (fast !== undefined) return fast;
  const { https, info, rest } = publisherParts(publisherUrl);
  if (info.ascii === 's' && !https) checkNotSlashS(info, rest);
  return `https://${info.prefix}${servingPath(options, https)}${hostAsPath(info.ascii)}${rest}`;
}

// Hosts the path carries as they are; any other is percent-encoded as a path segment.
const PLAIN_ASCII_HOST = /^[a-z0-9.-]*$/;

/**
 * The host as the cache URL's path carries it: in the browser's path serialization, so that a
 * host browsers accept with characters the path encodes (`evil.example%22x` is host
 * `evil.example"x`) is written `%22`, as a browser would request it, never a raw `"`.
 */
function hostAsPath(asciiHost: string): string {
  if (PLAIN_ASCII_HOST.test(asciiHost)) return asciiHost;
  return new URL(`https://h/${asciiHost}`).pathname.slice(1);
}

// A rest the WHATWG parser serializes unchanged: a path starting with `/`, then only characters
// no component percent-encodes (`'` is encoded in http(s) queries), and no dot segment (`/./`,
// `/%2e%2e?`: not after any `/`, even in the query, to be safe). One pass; sticky, so it is tested
// from the host's end (`lastIndex`) without cutting the rest out.
const BROWSER_STABLE_REST = /(?:\/(?!(?:\.|%2[eE]){1,2}(?:[/?#]|$))[\w\-.~!$&()*+,;=:@?#%]*)+$/y;

/**
 * The fast path of `cacheUrl`: a lower-case `http(s)://`, a plain host (`plainPrefix`) and a rest
 * the browser would send as written, copied as one slice. Undefined sends the URL to the browser
 * reading (`publisherParts`), which gives the same answer for these URLs (a property test checks).
 */
function plainCacheUrl(publisherUrl: string, options: CacheUrlOptions): string | undefined {
  const hostStart = plainSchemeEnd(publisherUrl);
  const hostEnd = hostStart === 0 ? 0 : simpleHostEnd(publisherUrl, hostStart);
  if (hostEnd <= hostStart) return undefined;
  // No blank or control character passes these checks (the host's are below): such a URL goes
  // to `publisherParts`, which trims or refuses it.
  BROWSER_STABLE_REST.lastIndex = hostEnd;
  if (!BROWSER_STABLE_REST.test(publisherUrl)) return undefined;
  const host = publisherUrl.slice(hostStart, hostEnd);
  const https = hostStart === 8;
  const prefix = plainPrefix(host);
  if (prefix !== undefined)
    return `https://${prefix}${servingPath(options, https)}${publisherUrl.slice(hostStart)}`;
  // Upper case or IDN: the host alone decides, read label by label as the browser maps it
  // (`hostForms`, memoized). Escapes, userinfo and ports go to the whole-URL reading.
  if (NOT_HOST_ALONE.test(host)) return undefined;
  const rest = publisherUrl.slice(hostEnd);
  const info = otherHostInfo(host);
  if (info.ascii === 's' && !https) checkNotSlashS(info, rest);
  return `https://${info.prefix}${servingPath(options, https)}${hostAsPath(info.ascii)}${rest}`;
}

const NOT_HOST_ALONE = /[%@:\u0000-\u0020\u007f]/;

/**
 * Refuses `http://s/s/…`: its cache URL `/c/s/s/…` is also that of `https://s/…`, and caches read
 * an `/s` after the serving type as https, so the cache would fetch `https://s/…`, a different
 * resource (as for a non-default port). Only an http host `s` whose path starts with a segment
 * naming host `s` again (`/s`, `/S`, `/%73`) collides; `https://s/…` and `http://s/x` convert.
 */
function checkNotSlashS(info: HostInfo, rest: string): void {
  const end = endOfAuthority(rest, 1);
  const first = rest.charCodeAt(0) === 47 ? rest.slice(1, end) : undefined;
  let same = false;
  try {
    same = first !== undefined && first !== '' && hostInfo(first).prefix === info.prefix;
  } catch {
    same = false; // not a host at all: no collision
  }
  if (same) {
    throw new UrlError(
      'invalid-url',
      `${quote(`http://s${rest}`)} has no AMP Cache URL of its own: it would read as ${quote(`https://s${rest.slice(end)}`)} (an /s after the serving type means https).`,
    );
  }
}

/** 8 after `https://`, 7 after `http://` (in lower case, the common spelling), else 0. */
export function plainSchemeEnd(url: string): number {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return 0;
  return url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
}

// Global, so `test` from `lastIndex` finds the end of the authority natively, without a match array.
const AUTHORITY_END = /[/?#\\]/g;

/**
 * The fast path of `cacheUrl`, for a URL after a lower-case `http(s)://`: where its host ends.
 * A native regex scan: indexing a string char by char is slow when it was built by concatenation
 * (a V8 cons string), so only the short host slice is read in a loop (`plainPrefix`).
 */
function simpleHostEnd(url: string, hostStart: number): number {
  AUTHORITY_END.lastIndex = hostStart;
  return AUTHORITY_END.test(url) ? AUTHORITY_END.lastIndex - 1 : url.length;
}

const DEFAULT_HTTPS_PATH = `.${DEFAULT_CACHE_DOMAIN}/c/s/`;
const DEFAULT_HTTP_PATH = `.${DEFAULT_CACHE_DOMAIN}/c/`;

/** `.<cacheDomain>/<type>[/w<width>][/s]/` of a cache URL; throws for invalid options. */
function servingPath(options: CacheUrlOptions, https: boolean): string {
  // `== null`: null is "not given", like undefined (see CacheUrlOptions).
  if (options.cacheDomain == null && options.servingType == null && options.imageWidth == null) {
    return https ? DEFAULT_HTTPS_PATH : DEFAULT_HTTP_PATH;
  }
  const type = options.servingType ?? 'c';
  if (type !== 'c' && !isServingType(type)) {
    throw new UrlError(
      'invalid-option',
      `Unknown serving type ${describe(type)}: expected one of ${[...SERVING_TYPE_SET].join(', ')}.`,
    );
  }
  let typePath = `/${type}`;
  if (type === 'ii') {
    const width = options.imageWidth;
    if (typeof width !== 'number' || !Number.isSafeInteger(width) || width <= 0) {
      throw new UrlError(
        'invalid-option',
        'The ii serving type needs imageWidth, a positive whole number of pixels.',
      );
    }
    if (width > MAX_IMAGE_WIDTH) {
      throw new UrlError(
        'invalid-option',
        `imageWidth ${width} is above ${MAX_IMAGE_WIDTH}, the largest width an AMP Cache URL carries (/ii/w${MAX_IMAGE_WIDTH}).`,
      );
    }
    typePath += `/w${width}`;
  } else if (options.imageWidth != null) {
    throw new UrlError(
      'invalid-option',
      `imageWidth applies only to the ii serving type, not ${type}.`,
    );
  }
  const domain = cacheDomainOption(options.cacheDomain);
  return `.${domain}${typePath}${https ? '/s/' : '/'}`;
}
