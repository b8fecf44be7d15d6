// How every front end names the registered caches, all derived from the one table, AMP_CACHES
// (src/core/amp/caches.ts): the values of `ampUrl.cache` and `--cache`, the "choose google or
// bing" of messages, the help and the tool descriptions. scripts/generate.mjs writes the same
// names into the static files (package.json, package.nls.json, docs), so adding a cache to the
// table and running `npm run generate` renames it everywhere.
import { AMP_CACHES, type AmpCache } from '../core';

/** The ids of the registered caches, the default (the table's first) first. */
export const REGISTERED_CACHE_IDS: readonly string[] = AMP_CACHES.map((c) => c.id);

/** The cache `ampUrl.cache` and `--cache` select when unset. */
export const DEFAULT_CACHE_ID = AMP_CACHES[0].id;

/**
 * The values `ampUrl.cache` offers (package.json's enum, generated from this): the registered
 * caches and `custom`, the first entry of `ampUrl.customCaches`. A plain enum, so the Settings
 * editor draws a dropdown (with `anyOf` it draws a text box).
 */
export const CACHE_CHOICES: readonly string[] = [...REGISTERED_CACHE_IDS, 'custom'];

/** A cache's name without "AMP Cache" (`Google`, `Bing`), as lists of caches say it. */
export function cacheShortName(cache: AmpCache): string {
  return cache.name.replace(/ AMP Cache$/, '');
}

/** The registered caches' short names: `Google`, `Bing`. */
export const REGISTERED_CACHE_NAMES: readonly string[] = AMP_CACHES.map(cacheShortName);

/**
 * The registered caches' domains as prose names them (`cdn.ampproject.org`, `bing-amp.com`):
 * without a leading `www.`, as the Bing AMP Cache's pages are on `bing-amp.com` too.
 */
export const REGISTERED_CACHE_DOMAINS: readonly string[] = AMP_CACHES.map((c) =>
  c.cacheDomain.replace(/^www\./, ''),
);
