// How a new URL is written in place of an old one, given the text around it: every write
// (commands, convert all, quick fixes, the hover's Replace) goes through writeUrl, so a write
// keeps its surroundings. See docs/write-context.md for the rules per context.
import { format, type Localize } from './localize';
import { browserEncode } from './write-context/browser-encode';
import { detectContext, LOOK_BEHIND } from './write-context/detect';
import { escapeFor } from './write-context/syntax-escape';

export type WriteResult =
  { text: string; refused?: undefined } | { text?: undefined; refused: string };

/**
 * The text to put at `[start, end)` of `text` (the old URL) for the new `url`, or why it can't
 * be written there. It looks at what encloses the old URL (a bounded window before it: `text` may
 * be a whole document) in a document of `languageId`, writes percent-encoded what the browser
 * would percent-encode anyway, then escapes the rest for that context: an HTML attribute, a
 * JavaScript, JSON or CSS string (a JSON-escaped `https:\/\/` URL keeps escaped slashes), CSS
 * url(), a Markdown link or autolink, or text. Where that would change the URL or break the
 * context, it refuses with the reason.
 */
export function writeUrl(
  text: string,
  start: number,
  end: number,
  url: string,
  t: Localize = format,
  languageId?: string,
): WriteResult {
  const encoded = browserEncode(url);
  if (encoded.text === undefined)
    return {
      refused: t(
        "the new URL holds a tab or line break, which a browser drops: it can't be written as it is",
      ),
    };
  const ctx = detectContext(text, start, end, languageId);
  return escapeFor(encoded.text, text.slice(start, end), ctx, t);
}

/**
 * writeUrl for a document read in pieces: `read(from, to)` gives its text between two offsets
 * (clamped to the document). Only the window writeUrl looks at is read, so a quick fix on a huge
 * document reads a few KB, and sees the same context as convert all, which passes the whole text
 * (a tag whose attributes are on lines of their own, as formatters write them, included).
 */
export function writeUrlAt(
  read: (from: number, to: number) => string,
  start: number,
  end: number,
  url: string,
  t: Localize = format,
  languageId?: string,
): WriteResult {
  const from = Math.max(0, start - LOOK_BEHIND);
  const text = read(from, end + 1); // + 1: the character after the URL (the > of <…>)
  return writeUrl(text, start - from, end - from, url, t, languageId);
}
