// AMP Caches: the cache URL of a publisher URL (cache-url, prefix), the reverse (reverse) and the
// registered caches (caches). This file is the concern's public face.
export { AMP_CACHES, type AmpCache } from './caches';
export {
  MAX_IMAGE_WIDTH,
  SERVING_TYPES,
  cacheOrigin,
  cacheUrl,
  domainPrefix,
  isServingType,
  type CacheUrlOptions,
  type ServingType,
} from './cache-url';
export {
  CACHE_QUERY_PARAMS,
  VIEWER_FRAGMENT_PARAMS,
  findCache,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  type ParsedCacheUrl,
  type PublisherDomainOptions,
} from './reverse';
