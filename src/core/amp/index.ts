// AMP Caches: the cache URL of a publisher URL (cache-url, prefix), the reverse of cache and
// viewer URLs (reverse, reading addresses in address, parameters in params, the common case in
// fast-path), URL kinds (url-kind), a column's values de-AMPed (deamp), cache origin ->
// publisher domain (publisher-domain), the registered caches (caches) and every recognised cache
// and viewer host (hosts). This file is the concern's public face.
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
  isCacheQueryParam,
  isReverseServingType,
  type ReverseServingType,
} from './params';
export {
  parseCacheUrl,
  publisherUrl,
  reverseAmpUrl,
  type AmpReverse,
  type ParsedCacheUrl,
  type ReverseOptions,
  type ReverseWarningCode,
} from './reverse';
export { tryPublisherUrl, type PublisherUrlResult, type UrlRefusal } from './try-publisher';
export { ampUrlKind, findCache, type AmpUrlKind } from './url-kind';
export { deamp } from './deamp';
export { type AmpProjectFile } from './project-files';
export { publisherDomain, type PublisherDomainOptions } from './publisher-domain';
