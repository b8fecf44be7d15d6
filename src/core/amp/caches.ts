// The AMP Caches registered in amphtml's build-system/global-configs/caches.json (snapshot).

/** One record of caches.json. A cache serves documents on `https://<prefix>.<cacheDomain>`. */
export interface AmpCache {
  id: string;
  name: string;
  docs?: string;
  cacheDomain: string;
  updateCacheApiDomainSuffix?: string;
  thirdPartyFrameDomainSuffix?: string;
}

/** Snapshot of caches.json, in its order: Google first, the default cache. */
export const AMP_CACHES: readonly AmpCache[] = Object.freeze([
  Object.freeze({
    id: 'google',
    name: 'Google AMP Cache',
    docs: 'https://developers.google.com/amp/cache/',
    cacheDomain: 'cdn.ampproject.org',
    updateCacheApiDomainSuffix: 'cdn.ampproject.org',
    thirdPartyFrameDomainSuffix: 'ampproject.net',
  }),
  Object.freeze({
    id: 'bing',
    name: 'Bing AMP Cache',
    docs: 'https://www.bing.com/webmaster/help/bing-amp-cache-bc1c884c',
    cacheDomain: 'www.bing-amp.com',
    updateCacheApiDomainSuffix: 'www.bing-amp.com',
    thirdPartyFrameDomainSuffix: 'www.bing-amp.net',
  }),
]);
