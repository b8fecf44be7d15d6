// The AMP Cache origin of any URL: the `Origin:` an AMP page sends from the cache, which a person
// debugging CORS needs. A publisher URL's is computed for the configured cache; a viewer URL's is
// its publisher's on the cache the viewer frames (`https://www.google.com/amp/s/news.example.com/x`
// sends `https://news-example-com.cdn.ampproject.org`, not `https://www.google.com`); a cache URL
// on a publisher's cache host sends its own origin, one on the bare cache host its publisher's.
import { cacheOrigin, publisherUrl, type AmpCache } from '../core';
import { classify, originOf } from './classify';
import { format, type Localize } from './localize';
import { formName, projectFileName } from './names';
import { attempt, type Outcome } from './outcome';

export interface CacheOriginOf {
  origin: string;
  /** The cache's name (`Google AMP Cache`). */
  cache: string;
}

export interface CacheOriginSettings {
  /** The configured cache; `undefined` when `ampUrl.cache` selects none (`cacheError` says why). */
  cache: AmpCache | undefined;
  cacheError?: string;
  caches: readonly AmpCache[];
}

/** Why there is no configured cache (settings built by hand may lack the reason). */
export function noCache(s: { cacheError?: string }, t: Localize = format): string {
  return s.cacheError ?? t('ampUrl.cache selects no cache.');
}

/** The cache origin `url`'s page sends, or why it has none. Never throws. */
export function cacheOriginOf(
  url: string,
  s: CacheOriginSettings,
  t: Localize = format,
): Outcome<CacheOriginOf> {
  const c = classify(url, s.caches);
  const on = (cache: AmpCache | undefined, publisher: string): Outcome<CacheOriginOf> => {
    if (!cache) return { error: noCache(s, t) };
    const r = attempt(() => cacheOrigin(publisher, cache.cacheDomain), t);
    return r.error !== undefined ? r : { value: { origin: r.value, cache: cache.name } };
  };
  switch (c.kind) {
    case 'publisher':
      return on(s.cache, url);
    case 'project':
      return {
        error: t(
          'this is an {0} of the AMP project, not a publisher page: it has no {1}',
          projectFileName(c.file, t),
          formName('cacheOrigin', t),
        ),
      };
    case 'cacheOrigin':
      return { value: { origin: originOf(url), cache: c.cache?.name ?? '' } };
    case 'cache':
    case 'viewer': {
      const cache = c.kind === 'viewer' ? (c.host?.viewerCache ?? s.cache) : c.cache;
      // A prefixed cache host is the origin itself (the browser sends it, look-alike or not).
      if (c.kind === 'cache' && c.host?.match === 'prefixed')
        return { value: { origin: originOf(url), cache: cache?.name ?? '' } };
      const publisher = attempt(() => publisherUrl(url, { caches: s.caches }), t);
      if (publisher.error !== undefined) return publisher;
      return on(cache ?? s.cache, publisher.value);
    }
  }
}
