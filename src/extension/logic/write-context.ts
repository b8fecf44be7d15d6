// How a new URL is written in place of an old one, given the text around it: every write
// (commands, convert all, quick fixes, the hover's Replace) goes through writeUrl, so a write
// keeps its surroundings.
import { format, type Localize } from './localize';

export type WriteResult =
  { text: string; refused?: undefined } | { text?: undefined; refused: string };

/**
 * The text to put at `[start, end)` of `text` (the old URL) for the new `url`, or why it can't
 * be written there. A URL found JSON-escaped (`https:\/\/a.com\/x`, as PHP and JSON-LD write it)
 * is replaced by an escaped one, so the string keeps one style.
 */
export function writeUrl(
  text: string,
  start: number,
  end: number,
  url: string,
  _t: Localize = format,
): WriteResult {
  const oldText = text.slice(start, end);
  return { text: /^https?:\\\//i.test(oldText) ? url.replaceAll('/', '\\/') : url };
}
