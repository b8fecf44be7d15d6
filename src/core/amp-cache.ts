// Publisher URL -> AMP Cache URL (shared/specs/amp-cache.md, "Domain prefix" and "Path").
import * as punycode from 'punycode/';
import { base32 } from './base32';
import { bidiRuleProblem } from './bidi';
import { AMP_CACHES } from './caches';
import { MAX_URL_LENGTH, UrlError, checkInput } from './errors';
import { hostForms, hostToAscii, isIpv6, quote, strictDomainProblem, type HostForms } from './idn';
import { memoize } from './memo';
import { sha256Utf8 } from './sha256';
import { splitAuthority } from './uri';

export type ServingType = 'c' | 'v' | 'wp' | 'cert' | 'i' | 'ii' | 'r';

/** The serving types of the spec, in its order, with a short label and what each one serves. */
export const SERVING_TYPES: readonly { type: ServingType; label: string; description: string }[] = Object.freeze([
  { type: 'c', label: 'Content', description: 'An AMP document served as a standalone page.' },
  { type: 'v', label: 'Viewer', description: 'An AMP document inside an AMP Viewer frame, e.g. a search results page.' },
  { type: 'wp', label: 'Web Package', description: 'The document as a Signed Exchange; acts as a redirect to the publisher origin.' },
  { type: 'cert', label: 'Certificate', description: 'The public certificate for a Signed Exchange.' },
  { type: 'i', label: 'Image', description: 'An image, typically a document subresource.' },
  { type: 'ii', label: 'Image (sized)', description: 'An image with cache-configuring parameters, e.g. /ii/w800 = at most 800 px wide.' },
  { type: 'r', label: 'Resource', description: 'A resource such as a font.' },
] as const);

const SERVING_TYPE_SET: ReadonlySet<string> = new Set(SERVING_TYPES.map((s) => s.type));

/** True for the serving types this module knows. */
export function isServingType(type: unknown): type is ServingType {
  return typeof type === 'string' && SERVING_TYPE_SET.has(type);
}

const DEFAULT_CACHE_DOMAIN = AMP_CACHES[0].cacheDomain;

/** The fallback prefix: base32(SHA-256(domain)) without its `====` padding, 52 characters. */
function hashedPrefix(asciiDomain: string): string {
  return base32(sha256Utf8(asciiDomain)).slice(0, 52);
}

// `--` at (1-based) code point positions 3 and 4 is reserved for A-labels (`xn--`), hence the wrap.
function hyphensAt3And4(text: string): boolean {
  const head = Array.from(text.slice(0, 8));
  return head[2] === '-' && head[3] === '-';
}

/**
 * The domain prefix of a host already in browser ASCII form (see `hostToAscii`).
 * Decisions where sources differ (each has a test in test/unit/amp-cache.test.ts):
 * - Labels that are not valid IDNA for lookup (`_`, leading/trailing `-`, `--` at positions 3-4
 *   outside an A-label, empty or over-long labels) get the hash, as amppackager's
 *   `ToCacheURLSubdomain` (Go idna lookup profile) does; the spec text only mentions length.
 * - A readable prefix without any `-` (a dotless host such as `localhost`) gets the hash, as in
 *   amppackager: the reverse tells hashes from readable prefixes by the hyphen.
 * - `--` at positions 3-4 of the readable form is wrapped as `0-…-0` (spec, amphtml #26205),
 *   where amppackager's older tests expect the hash (`in-trouble.com`, `a--problem.com`).
 * - Mapping is UTS #46 non-transitional, as in browsers: `faß.de` -> `xn--fa-de-mqa`, where
 *   amppackager's transitional mapping gives `fass-de`.
 * - The 63-character limit applies to the final label (after the wrap and Punycode), and the
 *   final label must pass the Bidi rule (mixed-direction labels get the hash, as in amppackager).
 * - The hash input is the ASCII lower-case domain, so a domain gives one prefix whatever its
 *   spelling (amppackager hashes the host as written).
 */
function prefixOf({ ascii, unicode }: HostForms): string {
  if (strictDomainProblem(ascii)) return hashedPrefix(ascii);
  let readable = unicode.replace(/-/g, '--').replace(/\./g, '-');
  if (!readable.includes('-')) return hashedPrefix(ascii);
  if (hyphensAt3And4(readable)) readable = `0-${readable}-0`;
  const label = unicode === ascii ? readable : `xn--${punycode.encode(readable)}`;
  if (label.length > 63) return hashedPrefix(ascii);
  if (unicode !== ascii && bidiRuleProblem([readable])) return hashedPrefix(ascii);
  return label;
}

/** A publisher host in both forms; IPv6 literals are refused. */
function publisherHost(host: string): HostForms {
  const forms = hostForms(host);
  // amppackager strips the brackets (`/c/s/::1/…` cannot be parsed back) and the toolbox hashes
  // `[::1]`; neither gives a usable URL, so IPv6 hosts are refused. IPv4 hosts stay readable
  // (`1-2-3-4`), as in both implementations.
  if (isIpv6(forms.ascii)) throw new UrlError('invalid-host', `The host ${quote(host)} is an IPv6 address: AMP Cache URLs need a domain name or IPv4 address.`);
  return forms;
}

interface HostInfo {
  ascii: string;
  prefix: string;
}

/**
 * Fast path for the common host: lower-case LDH labels, no `xn--`, no IPv4-like last label, every
 * label valid for lookup. One pass, no allocation but the prefix. Undefined sends the host to
 * the general path (`hostForms`, `prefixOf`), which gives the same answer for these hosts.
 */
function plainHostInfo(host: string): HostInfo | undefined {
  const n = host.length;
  if (n > 253) return undefined;
  let readable = '';
  let start = 0;
  let hyphens = false;
  let letters = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? host.charCodeAt(i) : 46;
    if (c === 46) {
      const len = i - start;
      if (len === 0 || len > 63 || host.charCodeAt(start) === 45 || host.charCodeAt(i - 1) === 45) return undefined;
      // `--` at positions 3-4: an A-label (needs decoding) or not valid IDNA (gets the hash).
      if (len > 3 && host.charCodeAt(start + 2) === 45 && host.charCodeAt(start + 3) === 45) return undefined;
      const label = host.slice(start, i);
      readable += start === 0 ? '' : '-';
      readable += hyphens ? label.replaceAll('-', '--') : label;
      if (i === n) {
        // A last label of digits or `0x…` makes browsers parse the host as an IPv4 address.
        if (!letters || (host.charCodeAt(start) === 48 && host.charCodeAt(start + 1) === 120)) return undefined;
      }
      start = i + 1;
      hyphens = false;
      letters = false;
    } else if (c >= 97 && c <= 122) {
      letters = true;
    } else if (c === 45) {
      hyphens = true;
      letters = true;
    } else if (c < 48 || c > 57) {
      return undefined;
    }
  }
  // No dot: a readable prefix without `-` (`localhost`) is left to the general path, which hashes it.
  if (!readable.includes('-') || readable.length > 59) return undefined;
  if (readable.charCodeAt(2) === 45 && readable.charCodeAt(3) === 45) readable = `0-${readable}-0`;
  if (readable.length > 63) return undefined;
  return { ascii: host, prefix: readable };
}

/** The general path (IDNs, upper case, IPv4, hashes), memoized: URLs often repeat a host. */
const generalHostInfo = memoize((host: string): HostInfo => {
  const forms = publisherHost(host);
  return { ascii: forms.ascii, prefix: prefixOf(forms) };
}, 64);

/** Host as written -> ASCII form and domain prefix. */
function hostInfo(host: string): HostInfo {
  return plainHostInfo(host) ?? generalHostInfo(host);
}

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
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_URL_LENGTH) checkInput(text, what);
  let url = text;
  if (url.charCodeAt(0) <= 32 || url.charCodeAt(url.length - 1) <= 32) {
    url = checkInput(text, what).replace(/^[\u0000-\u0020]+/, '').replace(/[\u0000-\u0020]+$/, '');
    if (url === '') throw new UrlError('empty', `The ${what} is empty.`);
  }
  if (INNER_BLANKS.test(url)) throw new UrlError('invalid-url', `The ${what} contains whitespace or a control character.`);
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

/**
 * Splits and checks a publisher URL: http(s), a valid host, no userinfo, the default port.
 * A hand-rolled RFC 3986 appendix B split: this is the hot path of `cacheUrl`.
 */
function publisherParts(text: string): PublisherParts {
  const url = trimUrl(text, 'publisher URL');
  const colon = endOfAuthority(url, 0) > url.indexOf(':') ? url.indexOf(':') : -1;
  if (colon <= 0) {
    throw new UrlError('relative-url', `${quote(url)} is relative: a publisher URL starts with http:// or https://.`);
  }
  const scheme = url.slice(0, colon).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    throw new UrlError('unsupported-scheme', `The scheme ${quote(url.slice(0, colon + 1))} is not http or https: AMP Caches serve only web pages and resources.`);
  }
  if (url.charCodeAt(colon + 1) !== 47 || url.charCodeAt(colon + 2) !== 47) {
    throw new UrlError('invalid-host', `${quote(url)} has no host: expected ${scheme}://host/path.`);
  }
  const end = endOfAuthority(url, colon + 3);
  const rawAuthority = url.slice(colon + 3, end);
  const authority = rawAuthority.includes('@') || rawAuthority.includes(':') ? splitAuthority(rawAuthority) : { host: rawAuthority };
  if (authority.userinfo !== undefined) {
    throw new UrlError('userinfo', 'The URL has a user name or password (userinfo): AMP Caches do not fetch URLs with credentials.');
  }
  const defaultPort = scheme === 'https' ? 443 : 80;
  if (authority.port !== undefined && authority.port !== '') {
    if (!/^\d{1,5}$/.test(authority.port)) throw new UrlError('port', `The port ${quote(authority.port)} is not a number.`);
    if (Number(authority.port) !== defaultPort) {
      throw new UrlError('port', `The port ${Number(authority.port)} is not the ${scheme} default (${defaultPort}): AMP Caches fetch only from default ports, so the cache URL would name a different resource.`);
    }
  }
  if (authority.host === '') throw new UrlError('invalid-host', 'The URL has an empty host.');
  // Path, query and fragment are kept byte for byte.
  return { https: scheme === 'https', info: hostInfo(authority.host), rest: url.slice(end) };
}

/** The cache domain option as an ASCII host; the Google AMP Cache by default. */
function cacheDomainOption(cacheDomain: string | undefined): string {
  if (cacheDomain === undefined) return DEFAULT_CACHE_DOMAIN;
  if (typeof cacheDomain !== 'string') throw new UrlError('invalid-option', 'The cache domain must be a string.');
  try {
    return hostToAscii(cacheDomain);
  } catch (e) {
    throw new UrlError('invalid-option', `The cache domain is invalid: ${(e as Error).message}`);
  }
}

// A publisher domain has no ':' and no '/'; `host:port` is still read as a domain (and refused).
const LOOKS_LIKE_URL = /\/|^[a-z][a-z0-9+.-]*:(?!\d*$)/i;

/** `https://<prefix>.<cacheDomain>` for a publisher URL or bare domain. */
export function cacheOrigin(publisherUrlOrDomain: string, cacheDomain?: string): string {
  const text = checkInput(publisherUrlOrDomain, 'publisher URL or domain').trim();
  const info = LOOKS_LIKE_URL.test(text) ? publisherParts(text).info : hostInfo(text);
  return `https://${info.prefix}.${cacheDomainOption(cacheDomain)}`;
}

/**
 * The AMP Cache URL of a publisher URL: `https://<prefix>.<cacheDomain>/<type>[/w<width>][/s]/<host><path>`.
 * Path, query and escapes are kept exactly, the fragment stays last, the host is in ASCII form.
 */
export function cacheUrl(
  publisherUrl: string,
  options: { cacheDomain?: string; servingType?: ServingType; imageWidth?: number } = {},
): string {
  const { https, info, rest } = publisherParts(publisherUrl);
  const type = options.servingType ?? 'c';
  if (!isServingType(type)) {
    throw new UrlError('invalid-option', `Unknown serving type ${quote(String(type))}: expected one of ${[...SERVING_TYPE_SET].join(', ')}.`);
  }
  let typePath = `/${type}`;
  if (type === 'ii') {
    const width = options.imageWidth;
    if (typeof width !== 'number' || !Number.isSafeInteger(width) || width <= 0) {
      throw new UrlError('invalid-option', 'The ii serving type needs imageWidth, a positive whole number of pixels.');
    }
    typePath += `/w${width}`;
  } else if (options.imageWidth !== undefined) {
    throw new UrlError('invalid-option', `imageWidth applies only to the ii serving type, not ${type}.`);
  }
  const domain = cacheDomainOption(options.cacheDomain);
  return `https://${info.prefix}.${domain}${typePath}${https ? '/s/' : '/'}${info.ascii}${rest}`;
}
