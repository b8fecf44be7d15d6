// Finds the URL under a cursor by looking at a bounded window of its line, so a hover or a
// selection change costs the same on a 10 MB minified line as on a short one.
import { urlAt } from '../core';
import { readUrlAt } from './read-url';

/** Characters looked at on each side of the cursor. A URL longer than this is not offered. */
export const SCAN_WINDOW = 8192;

export interface UrlAtCursor {
  /** Character offsets in the line. */
  start: number;
  end: number;
  /** The text in the document (escapes and character references as written). */
  text: string;
  /** The absolute URL as the document's reader sees it (`www.` text gets `http://`; see read-url). */
  url: string;
}

/** The part of a line of `lineLength` characters to read around `character`. */
export function windowAround(
  lineLength: number,
  character: number,
  size = SCAN_WINDOW,
): { start: number; end: number } {
  return { start: Math.max(0, character - size), end: Math.min(lineLength, character + size) };
}

/**
 * The URL at `character` given the window text that starts at `windowStart` in a line of
 * `lineLength`, read as a document of `languageId` reads it. A match touching a cut edge of the
 * window may be cut short: it is not offered.
 */
export function urlNear(
  windowText: string,
  windowStart: number,
  lineLength: number,
  character: number,
  languageId?: string,
): UrlAtCursor | undefined {
  const at = urlAt(windowText, character - windowStart);
  if (!at) return undefined;
  const m = readUrlAt(windowText, at.start, at.end, languageId);
  if (
    (m.start === 0 && windowStart > 0) ||
    (m.end === windowText.length && windowStart + windowText.length < lineLength)
  ) {
    return undefined;
  }
  const text = windowText.slice(m.start, m.end);
  return { start: windowStart + m.start, end: windowStart + m.end, text, url: m.url };
}
