// De-AMP one value of a column (SQL engines, spreadsheets, logs): the publisher URL of an AMP
// Cache or viewer page URL, every other value as it is. Made for data where most values are no
// AMP URL and some are the AMP project's own files (the runtime, components) or cache origins,
// which have no publisher page: a NULL or an exception there would lose the row.
import { AMP_CACHES } from './caches';
import { fastPublisherUrl } from './fast-path';
import { tryPublisherUrl } from './try-publisher';
import { ampUrlKind } from './url-kind';

/**
 * The publisher URL of an AMP Cache or AMP viewer page URL (as `publisherUrl` gives it); any
 * other value unchanged: publisher URLs, the AMP runtime (`https://cdn.ampproject.org/v0.js`)
 * and components, cache origins, cache URLs whose publisher URL can't be read (`/c/s/localhost/`),
 * text that is no URL, and values that are no string. `null` and `undefined` (how SQL engines
 * pass NULL) give `null`. Never throws.
 */
export function deamp(value: string): string;
export function deamp(value: null | undefined): null;
export function deamp(value: unknown): unknown;
export function deamp(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  // The common cache URL, read in one pass; everything else is classified first.
  const fast = fastPublisherUrl(value, AMP_CACHES);
  if (fast !== undefined) return fast;
  const kind = ampUrlKind(value)?.kind;
  if (kind !== 'cache' && kind !== 'viewer') return value;
  // A cache or viewer host whose path names no publisher page has no page to point to; refused
  // without the cost of an exception.
  return tryPublisherUrl(value).url ?? value;
}
