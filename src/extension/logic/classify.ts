// What kind of URL the user is on: a publisher URL, an AMP Cache URL, a bare cache origin or an
// AMP viewer URL.
import { findCache, type AmpCache, type ServingType } from '../../core';
import { splitUri } from '../../core/shared/uri';
import type { ServingTypeSetting } from './settings';

/**
 * `viewer` is an AMP viewer URL (`https://www.google.com/amp/s/…`): reversed like a cache URL,
 * labelled apart.
 */
export type UrlKind = 'publisher' | 'cache' | 'cacheOrigin' | 'viewer';

export interface Classified {
  kind: UrlKind;
  cache?: AmpCache;
}

/** Classifies an absolute URL against the caches; never throws. */
export function classify(url: string, caches: readonly AmpCache[]): Classified {
  const cache = findCache(url, caches);
  if (!cache) return { kind: 'publisher' };
  const { path, query } = splitUri(url);
  return { kind: path === '' || path === '/' ? (query ? 'cache' : 'cacheOrigin') : 'cache', cache };
}

/** `scheme://authority` of a URL (what an `Origin:` header holds). */
export function originOf(url: string): string {
  const { scheme, authority } = splitUri(url);
  return `${scheme ?? 'https'}://${authority ?? ''}`;
}

// Extensions the AMP caches serve as images (`/i`), checked on the path only.
const IMAGE_PATH = /\.(?:apng|avif|bmp|gif|ico|jpe?g|jxl|png|svg|tiff?|webp)$/i;

/** The serving type for `url`: the setting, or for `auto` `i` (`ii` with a width) on images and `c` otherwise. */
export function servingTypeFor(
  url: string,
  setting: ServingTypeSetting,
  imageWidth?: number,
): ServingType {
  if (setting !== 'auto') return setting;
  if (!IMAGE_PATH.test(splitUri(url).path)) return 'c';
  return imageWidth ? 'ii' : 'i';
}
