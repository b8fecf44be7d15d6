// The hosts that serve AMP pages, as one data table: it drives both the classifier (is this an
// AMP URL, and of which kind?) and the reverse (where is the publisher URL in it?). Adding a host
// is one line of AMP_HOSTS. The list with its sources is in docs/amp-hosts.md.
import { AMP_CACHES, type AmpCache } from './caches';
import { cacheDomainAscii } from './cache-url';
import { ownProperties } from '../common/errors';

/**
 * `cache`: `/<serving type>/[s/]<host>/…`; `viewer`: `/<viewerPath>/[s/]<host>/…`; `project`: the
 * AMP project's own infrastructure (the runtime's third-party frames on `*.ampproject.net`),
 * which serves no publisher page and has no cache form.
 */
export type AmpHostKind = 'cache' | 'viewer' | 'project';

/**
 * `registered`: in amphtml's caches.json; `observed`: a form seen in the wild beside a registered
 * one; `legacy`: an older form the AMP runtime still reads; `retired`: a cache that no longer
 * serves, recognised so its URLs in old pages can be reversed; `custom`: from the settings.
 */
export type AmpHostStatus = 'registered' | 'observed' | 'legacy' | 'retired' | 'custom';

/**
 * How the host name is matched. `prefixed`: `<domain prefix>.<domain>`, one DNS label before the
 * domain (the prefix names the publisher and is checked against the path). `exact`: the host is
 * `domain`. `google`: `google.<tld>` or `www.google.<tld>` on a Google domain the AMP runtime trusts.
 */
export type AmpHostMatch = 'prefixed' | 'exact' | 'google';

export interface AmpHost {
  readonly id: string;
  readonly name: string;
  readonly kind: AmpHostKind;
  readonly status: AmpHostStatus;
  readonly match: AmpHostMatch;
  /** The cache domain or exact host (`google` for the Google viewer domains). */
  readonly domain: string;
  /** Viewers: the first path segment before the publisher URL. */
  readonly viewerPath?: string;
  /** Caches: the cache record (caches.json form) this host serves for. */
  readonly cache?: AmpCache;
  /**
   * Viewers: the cache whose pages the viewer frames, so the `Origin` its pages send (a CORS
   * request from an AMP page in Google's viewer comes from `<prefix>.cdn.ampproject.org`).
   */
  readonly viewerCache?: AmpCache;
}

const [GOOGLE, BING] = AMP_CACHES;

/** Cloudflare's AMP cache (`<prefix>.amp.cloudflare.com`), retired in 2019; never in caches.json. */
export const CLOUDFLARE_CACHE: AmpCache = Object.freeze({
  id: 'cloudflare',
  name: 'Cloudflare AMP Cache (retired)',
  cacheDomain: 'amp.cloudflare.com',
});

function host(entry: AmpHost): AmpHost {
  return Object.freeze(entry);
}

/** Every recognised AMP host. One line per host. */
export const AMP_HOSTS: readonly AmpHost[] = Object.freeze([
  // The registered caches (caches.json): `<prefix>.<cacheDomain>`, one row each, from AMP_CACHES.
  // prettier-ignore
  ...AMP_CACHES.map((c) => host({ id: c.id, name: c.name, kind: 'cache', status: 'registered', match: 'prefixed', domain: c.cacheDomain, cache: c })),
  // prettier-ignore
  host({ id: 'bing-observed', name: BING.name, kind: 'cache', status: 'observed', match: 'prefixed', domain: 'bing-amp.com', cache: BING }),
  // prettier-ignore
  host({ id: 'google-bare', name: `${GOOGLE.name} (bare host)`, kind: 'cache', status: 'legacy', match: 'exact', domain: 'cdn.ampproject.org', cache: GOOGLE }),
  // prettier-ignore
  host({ id: 'cloudflare', name: CLOUDFLARE_CACHE.name, kind: 'cache', status: 'retired', match: 'prefixed', domain: 'amp.cloudflare.com', cache: CLOUDFLARE_CACHE }),
  // prettier-ignore
  host({ id: 'google-viewer', name: 'Google AMP viewer', kind: 'viewer', status: 'registered', match: 'google', domain: 'google', viewerPath: 'amp', viewerCache: GOOGLE }),
  // prettier-ignore
  host({ id: 'bing-viewer', name: 'Bing AMP viewer', kind: 'viewer', status: 'registered', match: 'exact', domain: 'www.bing.com', viewerPath: 'amp', viewerCache: BING }),
  // Bing answers on its bare domain too (`https://bing.com/amp/s/…` redirects to www.bing.com).
  // prettier-ignore
  host({ id: 'bing-viewer-bare', name: 'Bing AMP viewer', kind: 'viewer', status: 'observed', match: 'exact', domain: 'bing.com', viewerPath: 'amp', viewerCache: BING }),
  // Yahoo! JAPAN's viewer frames pages from the Google AMP Cache.
  // prettier-ignore
  host({ id: 'yahoo-japan-viewer', name: 'Yahoo! JAPAN AMP viewer', kind: 'viewer', status: 'registered', match: 'exact', domain: 'search.yahoo.co.jp', viewerPath: 'amp', viewerCache: GOOGLE }),
  // The runtime's third-party frames (amp-ad, amp-embed, amp-iframe helpers): `<n>.ampproject.net`.
  // prettier-ignore
  host({ id: 'ampproject-frames', name: 'AMP third-party frame', kind: 'project', status: 'registered', match: 'prefixed', domain: 'ampproject.net' }),
]);

/** A host of the table matched: the entry and, for a prefixed host, its domain prefix. */
export interface HostMatch {
  entry: AmpHost;
  prefix?: string;
}

interface HostIndex {
  prefixed: Map<string, AmpHost>;
  /** The keys of `prefixed` that are caches', for scans without allocation. */
  domains: string[];
  /** The entry of each of `domains`. */
  domainHosts: AmpHost[];
  /** The keys of `prefixed` and `exact`: every host of the table ends with one of them (or is Google's). */
  suffixes: string[];
  exact: Map<string, AmpHost>;
  google?: AmpHost;
}

const indexes = new WeakMap<readonly AmpCache[], HostIndex>();

/** A cache domain in ASCII form, as `cacheOrigin` writes it; undefined if it is no domain. */
function asciiDomain(domain: string): string | undefined {
  try {
    return cacheDomainAscii(domain);
  } catch {
    return undefined;
  }
}

/**
 * The index of a cache list: its caches (the table's entry for a registered one, a `custom`
 * entry for any other), then every other entry of the table (observed, legacy and retired
 * caches, viewers), which are recognised whatever caches are configured. Built once per list.
 */
function indexOf(caches: readonly AmpCache[]): HostIndex {
  let index = indexes.get(caches);
  if (index) return index;
  index = { prefixed: new Map(), exact: new Map(), domains: [], domainHosts: [], suffixes: [] };
  // Records come from settings and callers: checked, not trusted.
  for (const record of caches as readonly (Partial<AmpCache> | null | undefined)[]) {
    // Own properties only: a polluted Object.prototype adds no cache domain, id or name.
    const cache = record && typeof record === 'object' ? ownProperties(record) : undefined;
    if (!cache || typeof cache.cacheDomain !== 'string') continue;
    const domain = asciiDomain(cache.cacheDomain);
    if (domain === undefined || index.prefixed.has(domain)) continue;
    const known = AMP_HOSTS.find((h) => h.status === 'registered' && h.cache === record);
    index.prefixed.set(
      domain,
      known ??
        host({
          id: typeof cache.id === 'string' ? cache.id : domain,
          name: typeof cache.name === 'string' ? cache.name : domain,
          kind: 'cache',
          status: 'custom',
          match: 'prefixed',
          domain,
          cache: record as AmpCache,
        }),
    );
  }
  for (const entry of AMP_HOSTS) {
    if (entry.status === 'registered' && entry.kind === 'cache') continue;
    if (entry.match === 'google') index.google = entry;
    else {
      const map = entry.match === 'prefixed' ? index.prefixed : index.exact;
      if (!map.has(entry.domain)) map.set(entry.domain, entry);
    }
  }
  // Only caches: the reverse's fast path reads a path after these domains as a cache URL's.
  const cacheHosts = [...index.prefixed].filter(([, e]) => e.kind === 'cache');
  index.domains = cacheHosts.map(([d]) => d);
  index.domainHosts = cacheHosts.map(([, e]) => e);
  index.suffixes = [...new Set([...index.prefixed.keys(), ...index.exact.keys()])];
  indexes.set(caches, index);
  return index;
}

/**
 * A Google domain the AMP runtime trusts as a viewer (amphtml's TRUSTED_VIEWER_HOSTS:
 * `google.` then `com`, `co`, two letters, `com.`/`co.` + two letters, or `cat`), reached as
 * `google.<tld>` or `www.google.<tld>`: other Google subdomains serve no `/amp/` viewer.
 */
function isGoogleViewerHost(host: string): boolean {
  const start = googleTldAt(host, 0);
  if (start < 0) return false;
  const tld = host.slice(start);
  if (tld === 'com' || tld === 'co' || tld === 'cat') return true;
  const two = (s: string) => s.length === 2 && /^[a-z]{2}$/.test(s);
  if (two(tld)) return true;
  return (
    (tld.startsWith('com.') && two(tld.slice(4))) || (tld.startsWith('co.') && two(tld.slice(3)))
  );
}

// One DNS label: a cache's wildcard certificate covers a single label (RFC 2818).
function isLabel(text: string): boolean {
  if (text.length === 0 || text.length > 63) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
  }
  return true;
}

/**
 * The table entry of a lower-case ASCII host (no trailing dot), or undefined. A prefixed cache
 * host is one label before the cache domain, so the lookup is two map reads, whatever the size
 * of the table.
 */
export function matchHost(
  host: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): HostMatch | undefined {
  if (typeof host !== 'string' || !Array.isArray(caches)) return undefined;
  const index = indexOf(caches);
  const exact = index.exact.get(host);
  if (exact) return { entry: exact };
  const dot = host.indexOf('.');
  if (dot > 0) {
    const entry = index.prefixed.get(host.slice(dot + 1));
    const prefix = entry && host.slice(0, dot);
    if (prefix && isLabel(prefix)) return { entry, prefix };
  }
  if (index.google && isGoogleViewerHost(host)) return { entry: index.google };
  return undefined;
}

/**
 * False when the lower-case ASCII host `text[from, end)` is surely no host of the table: it is
 * none of its domains nor ends with `.` + one, and is no Google host. Reads the text in place
 * (no allocation): the classifier asks it of every URL of a document, most of them publishers'.
 */
export function mayBeAmpHostAt(
  text: string,
  from: number,
  end: number,
  caches: readonly AmpCache[],
): boolean {
  const index = indexOf(caches);
  for (const domain of index.suffixes) {
    const at = end - domain.length;
    if (
      at >= from &&
      text.startsWith(domain, at) &&
      (at === from || text.charCodeAt(at - 1) === 46)
    )
      return true;
  }
  return index.google !== undefined && googleTldAt(text, from) >= 0;
}

/** Where the TLD starts after `google.` or `www.google.` at `from`, or -1: a viewer's host form. */
function googleTldAt(text: string, from: number): number {
  if (text.startsWith('www.google.', from)) return from + 11;
  return text.startsWith('google.', from) ? from + 7 : -1;
}

/**
 * The entry of the prefixed cache host in `caches` whose domain is `text[dot + 1, end)`, or
 * undefined: the reverse's fast path asks this of a URL without cutting the host out of it, and
 * keeps the entry (a retired cache makes the reverse warn).
 */
export function prefixedCacheAt(
  text: string,
  dot: number,
  end: number,
  caches: readonly AmpCache[],
): AmpHost | undefined {
  const { domains, domainHosts } = indexOf(caches);
  for (let i = 0; i < domains.length; i++) {
    const domain = domains[i];
    if (end - dot - 1 === domain.length && text.startsWith(domain, dot + 1)) return domainHosts[i];
  }
  return undefined;
}
