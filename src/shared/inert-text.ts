// Text a repository or a URL list brings, made inert for one line of output: it can never break
// the line, move the cursor, colour or retitle a terminal, write the clipboard (OSC 52), reorder
// what is shown (Bidi controls), hide characters, or pass for a CI log command.
//
// One set of characters for every front end, two ways of showing them: the editor (hover,
// Problems, the "AMP URL" report) shows `⟨U+202E⟩`, readable in a proportional font and the same
// in every view; a terminal or CI log line shows `\u202e`, the ASCII notation shells and log
// readers know, where a doubled backslash keeps every escape unambiguous (and reversible).

// What is never shown raw: C0 and C1 controls and DEL, the soft hyphen, the Arabic letter mark,
// zero-width and directional marks, line and paragraph separators, Bidi embeddings, overrides
// and isolates, the word joiner and invisible operators, and the byte order mark.
const C0 = '\\u0000-\\u001f';
const BEYOND_C0 =
  '\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff';

/** One character never shown raw (global: for `replace`, not `test`). */
const NOT_INERT = new RegExp(`[${C0}${BEYOND_C0}]`, 'g');
const NOT_INERT_BEYOND_C0 = new RegExp(`[${BEYOND_C0}]`, 'g');

/** `text` with every NOT_INERT character shown as its code point (`⟨U+202E⟩`), for the editor. */
export function shownAsCodePoints(text: string): string {
  return text.replace(
    NOT_INERT,
    (ch) => `⟨U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

// What escapedForLine changes: a NOT_INERT character, a backslash, `##` (GitHub's legacy
// `##[command]`, Azure's `##vso[`, TeamCity's `##teamcity[`, read anywhere in a line), and `::`
// at the start of the line after white space (GitHub's `::command::`, read after a trim).
// Two tests, each cheap on the common line (a class; an anchored pattern), rather than one
// alternation tried at every position.
const SUSPECT = new RegExp(`[${C0}${BEYOND_C0}\\\\#]`);
const LEADING_COLONS = /^\s*::/;
const CHARACTER = new RegExp(`[${C0}${BEYOND_C0}\\\\]`, 'g');
const NAMED = new Map([
  ['\\', '\\\\'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);

function escapeCharacter(ch: string): string {
  const named = NAMED.get(ch);
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` as (part of) one line of terminal or CI log output: each NOT_INERT character escaped
 * (`\n`, `\r`, `\t`, `\x1b`, `\u202e`), a backslash doubled, the second `#` of `##` written
 * `\x23`, and a `::` that would start the line (after white space) written `\x3a:`. Pass the
 * whole line, or a part that may start it. The common case, nothing to escape, costs one test.
 */
export function escapedForLine(text: string): string {
  if (!SUSPECT.test(text) && !LEADING_COLONS.test(text)) return text;
  return text
    .replace(CHARACTER, escapeCharacter)
    .replaceAll('##', '#\\x23')
    .replace(/^(\s*):(?=:)/, '$1\\x3a');
}

/**
 * JSON text of `value` (`JSON.stringify`) with the NOT_INERT characters it leaves raw (all but
 * C0, which it escapes) written `\\u…`, and `##` as `#\\u0023` (a CI runner reads `##[` anywhere
 * in a line): the same JSON value, inert in a terminal and a CI log. Both only occur in strings.
 */
export function inertJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(NOT_INERT_BEYOND_C0, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('##', '#\\u0023');
}
