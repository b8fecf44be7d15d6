// AMP Caches: the cache URL of a publisher URL (cache-url, prefix), the reverse of cache and
// viewer URLs (reverse), the registered caches (caches) and every recognised cache and viewer
// host (hosts). This file is the concern's public face.
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
  AMP_HOSTS,
  CLOUDFLARE_CACHE,
  matchHost,
  type AmpHost,
  type AmpHostKind,
  type AmpHostMatch,
  type AmpHostStatus,
  type HostMatch,
} from './hosts';
export {
  CACHE_QUERY_PARAMS,
  VIEWER_FRAGMENT_PARAMS,
  ampUrlKind,
  findCache,
  isCacheQueryParam,
  isReverseServingType,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  reverseAmpUrl,
  type AmpReverse,
  type AmpUrlKind,
  type ParsedCacheUrl,
  type PublisherDomainOptions,
  type ReverseOptions,
  type ReverseServingType,
} from './reverse';
