// The core: pure, synchronous URL transformations with no editor or Node dependency.
// Each concern lives in its own file; this file only re-exports the public surface.
export { UrlError, type UrlErrorCode } from './errors';
export {
  normalize,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  DEFAULT_DIRECTORY_INDEXES,
  type NormalizeOptions,
  type NormalizeStep,
} from './normalize';
export { canonicalize } from './sb-canonicalize';
export { expressions } from './sb-expressions';
export { hashPrefixes, type HashPrefix, type HashPrefixLength } from './sb-hash';
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
} from './amp-cache';
export {
  CACHE_QUERY_PARAMS,
  VIEWER_FRAGMENT_PARAMS,
  findCache,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  type ParsedCacheUrl,
  type PublisherDomainOptions,
} from './amp-reverse';
export { hostToAscii, hostToUnicode } from './idn';
export { URL_AT_WINDOW, absoluteUrl, findUrls, urlAt, type UrlMatch } from './find-urls';
