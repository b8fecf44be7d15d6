// What kind of URL the user is on: a publisher URL, an AMP Cache URL, a bare cache origin or an
// AMP viewer URL.
import {
  ampUrlKind,
  type AmpCache,
  type AmpHost,
  type AmpProjectFile,
  type ServingType,
} from '../core';
import { splitUri } from '../core/common/uri';

/**
 * `viewer` is an AMP viewer URL (`https://www.google.com/amp/s/…`): reversed like a cache URL,
 * labelled apart. `project`: a file of the AMP project itself (the runtime script, a frame): no
 * publisher page, so no cache form, never converted.
 */
export type UrlKind = 'publisher' | 'cache' | 'cacheOrigin' | 'viewer' | 'project';

export interface Classified {
  kind: UrlKind;
  /** The cache of a cache URL or origin. */
  cache?: AmpCache;
  /** The recognised host (core hosts table) of a cache, origin or viewer URL. */
  host?: AmpHost;
  /** What a `project` URL is (`AMP runtime script`). */
  file?: AmpProjectFile;
}

/**
 * Classifies an absolute URL against the caches and the recognised AMP hosts; never throws. Only
 * the host and the first path segment decide: `amp.example.com`, `/amp/` on a publisher's site or
 * `?amp=1` are publisher URLs.
 */
export function classify(url: string, caches: readonly AmpCache[]): Classified {
  const found = ampUrlKind(url, caches);
  if (!found) return { kind: 'publisher' };
  return { kind: found.kind, cache: found.host.cache, host: found.host, file: found.file };
}

/** `scheme://authority` of a URL (what an `Origin:` header holds). */
export function originOf(url: string): string {
  const { scheme, authority } = splitUri(url);
  return `${scheme ?? 'https'}://${authority ?? ''}`;
}

// Extensions the AMP caches serve as images (`/i`), checked on the path only.
const IMAGE_PATH = /\.(?:apng|avif|bmp|gif|ico|jpe?g|jxl|png|svg|tiff?|webp)$/i;

/** `ampUrl.servingType`: a serving type, or `auto` to choose one by the URL's path. */
export type ServingTypeSetting = ServingType | 'auto';

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
