// Makes document text inert inside a Markdown hover: no links, HTML, entities, theme icons or
// formatting can come from a URL, whatever characters it holds. Controls, Bidi and invisible
// characters are shown as code points (src/shared/inert-text.ts).
import { shownAsCodePoints } from '../../shared/inert-text';
import { isHighSurrogate, isLowSurrogate } from '../../core/common/url-chars';

/** Longest piece of document text shown in a hover; the rest is elided. */
const MAX_SHOWN_CHARS = 400;

// CommonMark lets every ASCII punctuation character be backslash-escaped, which makes it literal.
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** Shortens `text` to `max` UTF-16 units (plus an ellipsis) without splitting a surrogate pair. */
export function truncate(text: string, max = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  let cut = max;
  const last = text.charCodeAt(cut - 1);
  if (isHighSurrogate(last)) cut--;
  return `${text.slice(0, cut)}…`;
}

/** `text` with invisible and reordering characters shown as code points (⟨U+202E⟩), for plain text. */
export function showInvisible(text: string): string {
  return shownAsCodePoints(text);
}

/** Escapes text for a Markdown paragraph: everything in it renders literally. */
export function escapeMarkdown(text: string): string {
  return shownAsCodePoints(text).replace(PUNCTUATION, (ch) => `\\${ch}`);
}

/**
 * A CommonMark code span holding `text` literally: inside one, no link, HTML, entity, escape or
 * emphasis is parsed. The fence is one backtick longer than the longest run in the text.
 */
export function codeSpan(text: string): string {
  const visible = shownAsCodePoints(text);
  if (visible === '') return '';
  let longest = 0;
  let run = 0;
  for (let i = 0; i < visible.length; i++) {
    run = visible.charCodeAt(i) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  // A space keeps a backtick at either end apart from the fence (it is stripped when rendered).
  const pad =
    visible.startsWith('`') ||
    visible.endsWith('`') ||
    (visible.startsWith(' ') && visible.endsWith(' '))
      ? ' '
      : '';
  return `${fence}${pad}${visible}${pad}${fence}`;
}

/** `n` with thousands separators (1,234,567), the same in every locale the tests run in. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Shortens `text` to about `max` UTF-16 units by cutting out its middle (`start…end`), so both the
 * host and the end of a long URL stay visible (`headShare` of it from the start); never splits a
 * surrogate pair.
 */
export function shortenMiddle(text: string, max: number, headShare = 0.5): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - 1);
  let head = Math.ceil(keep * headShare);
  let tail = text.length - (keep - head);
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isLowSurrogate(text.charCodeAt(tail))) tail++;
  return `${text.slice(0, head)}…${text.slice(tail)}`;
}

/**
 * Code for a GFM table cell. A table row is split at every `|` not escaped by a backslash BEFORE
 * code spans are read, even one inside a code span; a backslash in a code span is literal, so
 * `\|` cannot be written there. Each `|` is put outside the code spans, escaped, between them.
 */
export function tableCode(text: string): string {
  return text.split('|').map(codeSpan).join('\\|');
}

/**
 * Encodes command arguments for a `command:` link (parentheses too, which end a link). VS Code
 * percent-decodes a clicked link's query twice (`URI.parse`, then `decodeURIComponent` in its
 * command opener), so a `%` in the JSON (`q=a%20b` in a URL, `sp%20ace.txt` or `%C3%A9.txt` in
 * a document URI) would be decoded once too often: the JSON writes every `%` as `\u0025`, which
 * no percent-decoding changes and JSON.parse reads back as `%`.
 */
export function commandArgs(args: unknown): string {
  const json = JSON.stringify(args).replace(/%/g, '\\u0025');
  return encodeURIComponent(json).replace(
    /[()'!*~]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Text for a notification or status bar message: VS Code renders `[label](target)` there as a
 * link and `$(name)` as an icon, so both are broken up when document text is included.
 */
export function plainMessage(text: string): string {
  return text.replace(/\]\s*\(/g, '] (').replace(/\$\(/g, '$ (');
}

/** Text for a Quick Pick label or detail, where `$(name)` would render as an icon. */
export function noIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}
