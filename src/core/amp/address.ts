// Reading a cache or viewer address as a browser reads it (WHATWG, special schemes): the host in
// ASCII form, the default port, `\\` as `/`, tabs and newlines removed, dot segments resolved. Shared
// by the reverse, the URL kinds and the publisher domain.
import { trimUrl } from './cache-url';
import { AMP_CACHES, type AmpCache } from './caches';
import { MAX_URL_LENGTH, UrlError, checkInput } from '../common/errors';
import { hostToAscii, quote } from '../common/idn';
import { splitAuthority } from '../common/uri';

export function notCache(message: string): UrlError {
  return new UrlError('not-a-cache-url', message);
}

export const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * Splits `[scheme://]host[:port][rest]` into a lower-case ASCII host and the rest. The port may be
 * the scheme's default, or 443 for a bare host (caches serve https). One trailing dot of an
 * absolute host name is dropped: `a-com.cdn.ampproject.org.` is the same host to DNS, TLS and the cache.
 */
export function splitCacheAddress(input: string, what: string): { host: string; rest: string } {
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
export function endOfHost(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || c === 92) return i;
  }
  return url.length;
}

/** A cache or viewer host in lower-case ASCII form without a trailing dot, as a browser reads it. */
export function asciiHost(host: string): string {
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

/** The `caches` option: null or undefined mean the registered caches (AMP_CACHES). */
export function cacheList(caches: readonly AmpCache[] | null | undefined): readonly AmpCache[] {
  if (caches === undefined || caches === null) return AMP_CACHES;
  if (!Array.isArray(caches))
    throw new UrlError('invalid-option', 'caches must be an array of AMP Cache records.');
  return caches as readonly AmpCache[];
}

// The domains of a cache list, per list: a crawl's refusals name them for every line (the hosts
// index in hosts.ts is kept per list the same way).
const domainsOfList = new WeakMap<readonly AmpCache[], string>();

/** The cache domains of `caches`, as messages list them. */
export function knownDomains(caches: readonly AmpCache[]): string {
  let known = domainsOfList.get(caches);
  if (known === undefined) {
    known = listDomains(caches);
    domainsOfList.set(caches, known);
  }
  return known;
}

function listDomains(caches: readonly AmpCache[]): string {
  const domains = (caches as readonly (Partial<AmpCache> | null)[])
    .map((c) =>
      c && Object.hasOwn(c, 'cacheDomain') && typeof c.cacheDomain === 'string'
        ? c.cacheDomain
        : '',
    )
    .filter((d) => d !== '');
  return domains.join(', ') || 'none given';
}

/** Splits `path` at its first `/` after index `from`: [segment, index of that `/` or the length]. */
export function segment(path: string, from: number): [string, number] {
  const end = path.indexOf('/', from);
  return end < 0 ? [path.slice(from), path.length] : [path.slice(from, end), end];
}

/** The input as a browser reads it: tabs and newlines removed (WHATWG), `https:\\host` as `https://host`. */
export function browserText(input: unknown, what: string): string {
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
export function pathOf(rest: string): string {
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
export function resolvePath(path: string): string {
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
