// What the finder tests compare: the text of each match.
import { findUrls, type UrlMatch } from '../../../../src/core/find/find-urls';

/** The URLs found in `text`: the text of each match. */
export function urls(text: string): string[] {
  return findUrls(text).map((m) => text.slice(m.start, m.end));
}

/** A match of `text` with the text its offsets say, to compare with an example at once. */
export function withText(
  text: string,
  m: UrlMatch | undefined,
): (UrlMatch & { url: string }) | undefined {
  return m && { start: m.start, end: m.end, url: text.slice(m.start, m.end) };
}
