// The query and fragment parameters that caches, viewers and the AMP runtime add (and the reverse
// drops), and the serving types a cache URL path may start with.
import { type ServingType } from './cache-url';

/**
 * Query parameters that caches, viewers and the AMP runtime add and never send to the publisher
 * (amphtml `removeAmpJsParamsFromSearch`: every `amp_js*` name, `amp_gsa`, `amp_r`, `amp_kit`,
 * `usqp`; and the spec's `amp_latest_update_time`, `amp_lite`). `publisherUrl` drops them, so a
 * publisher URL whose own query uses one of these names does not come back exactly: the cache
 * does not send it to the publisher either (a documented limit).
 */
export const CACHE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'amp_js_v',
  'amp_gsa',
  'amp_r',
  'amp_kit',
  'usqp',
  'amp_latest_update_time',
  'amp_lite',
]);

/** A parameter of the runtime: one of CACHE_QUERY_PARAMS or any name starting `amp_js`. */
export function isCacheQueryParam(name: string): boolean {
  return typeof name === 'string' && (CACHE_QUERY_PARAMS.has(name) || name.startsWith('amp_js'));
}

/**
 * Fragment parameters an AMP viewer adds (Google's `aoh`, `amp_tf`, `ampshare`, `amp_ct`; the AMP
 * Viewer API initialization parameters, amphtml extensions/amp-viewer-integration/amp-doc-viewer-api.md).
 * They are not the publisher's, so `publisherUrl` drops them, but only from a fragment that is a
 * viewer's parameter list (its first parameter is one of these): any other fragment is kept as
 * written (`#/login?referrer=x`, `#section`). Left out: `development`, `log` and `highlight`,
 * which also work on the publisher's own page.
 */
export const VIEWER_FRAGMENT_PARAMS: ReadonlySet<string> = new Set([
  'aoh',
  'amp_tf',
  'ampshare',
  'referrer',
  'origin',
  'cap',
  'visibilityState',
  'prerenderSize',
  'paddingTop',
  'viewerUrl',
  'csi',
  'p2r',
  'webview',
  'cid',
  'dialog',
  'history',
  'storage',
  'amp_ct',
]);

/**
 * The serving types a cache URL path may start with: the spec's (cache-url.ts SERVING_TYPES) and
 * those amphtml and the caches also serve: `a` and `ad` (ad landing pages, amphtml's
 * SERVING_TYPE_PREFIX), `mbv` (video).
 */
export type ReverseServingType = ServingType | 'a' | 'ad' | 'mbv';

export const REVERSE_TYPES: ReadonlySet<string> = new Set([
  'c',
  'v',
  'wp',
  'cert',
  'i',
  'ii',
  'r',
  'a',
  'ad',
  'mbv',
]);

/** True for every serving type a cache URL path may start with (see ReverseServingType). */
export function isReverseServingType(type: unknown): type is ReverseServingType {
  return typeof type === 'string' && REVERSE_TYPES.has(type);
}

/** The name of a `name=value` pair. */
function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq < 0 ? pair : pair.slice(0, eq);
}

/** `&`-separated pairs without those `drop` names (their names go to `removed`), the rest byte for byte. */
function withoutParams(list: string, drop: (name: string) => boolean, removed: string[]): string[] {
  const kept: string[] = [];
  for (const pair of list.split('&')) {
    const name = paramName(pair);
    if (!drop(name)) kept.push(pair);
    else if (!removed.includes(name)) removed.push(name);
  }
  return kept;
}

/** Drops the runtime's and cache's parameters; the publisher's are kept byte for byte, in order. */
export function publisherQuery(query: string, removed: string[]): string {
  if (!query.includes('amp_') && !query.includes('usqp')) return `?${query}`;
  const kept = withoutParams(query, isCacheQueryParam, removed);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

export const isViewerParam = (name: string): boolean => VIEWER_FRAGMENT_PARAMS.has(name);

/** Drops a viewer's parameters from a fragment that is a viewer's parameter list (see VIEWER_FRAGMENT_PARAMS). */
export function publisherFragment(fragment: string, removed: string[]): string {
  const amp = fragment.indexOf('&');
  if (!isViewerParam(paramName(amp < 0 ? fragment : fragment.slice(0, amp)))) return `#${fragment}`;
  const kept = withoutParams(fragment, isViewerParam, removed);
  return kept.length === 0 ? '' : `#${kept.join('&')}`;
}
