// The URLs of a text that may be AMP Cache or viewer URLs, found without searching the whole
// text for URLs: only the lines where an authority that may be an AMP host's starts
// (amp-prefilter.ts) are searched. `amp-url check` and the workspace scan read them this way.
import type { AmpCache, UrlMatch } from '../core';
import { eachUrl } from '../core/find/find-urls';
import { ampHostsIn, mayBeAmpUrlAt } from './amp-prefilter';

/**
 * The URLs findUrls finds on the lines holding the offsets `at` (sorted), as it finds them in the
 * whole text: no URL spans a line break (whitespace always ends one, url-chars), so the search of
 * a line (with the line break before it, the character a URL's start is read against) gives the
 * same matches there as the search of the whole text.
 */
function matchesOnLines(text: string, at: readonly number[]): UrlMatch[] {
  return [...eachMatchOnLines(text, at)];
}

/**
 * matchesOnLines one URL at a time: a one-line file of a million AMP URLs is searched without an
 * array of every match (`amp-url check` keeps only its findings).
 */
export function* eachMatchOnLines(text: string, at: readonly number[]): Generator<UrlMatch> {
  let searched = 0; // where the last line searched ends
  for (const offset of at) {
    if (offset < searched) continue;
    const from = Math.max(0, text.lastIndexOf('\n', offset));
    const nl = text.indexOf('\n', offset);
    searched = nl < 0 ? text.length : nl + 1;
    for (const m of eachUrl(text.slice(from, searched)))
      yield { start: m.start + from, end: m.end + from };
  }
}

/**
 * The URLs findUrls finds in `text` that may be AMP Cache or viewer URLs (mayBeAmpUrlAt), in
 * order: every one the full search would classify as such is among them.
 */
function ampUrlMatches(text: string, caches: readonly AmpCache[]): UrlMatch[] {
  return matchesOnLines(text, ampHostsIn(text, caches)).filter((m) =>
    mayBeAmpUrlAt(text, m.start, caches),
  );
}

/**
 * Texts up to this length are searched for AMP URLs at once (ampUrlMatches): a few milliseconds.
 * A longer one is searched a URL at a time (eachUrl), so the workspace plan's sliced steps stay
 * short.
 */
const AMP_MATCHES_AT_ONCE = 262_144;

/**
 * The URLs the workspace plan reads: with `ampOnly` (the publisher conversion) only those that
 * may be AMP Cache or viewer URLs, as `amp-url check` reads them (a text without one costs a
 * search for `:` and `w.`, not a reading of every URL); else every URL.
 */
export function urlsToPlan(
  text: string,
  ampOnly: boolean,
  caches: readonly AmpCache[],
): Iterable<UrlMatch> {
  if (ampOnly && text.length <= AMP_MATCHES_AT_ONCE) return ampUrlMatches(text, caches);
  return eachUrl(text);
}
