// A tool's answer as text: JSON, with every character that could act on a terminal, a log or a
// reader's view of the text escaped (C0 and C1 controls, DEL, line and paragraph separators,
// Bidi controls). The answer stays valid JSON with the same value: the escapes are JSON's.
const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function answerText(value: unknown): string {
  // JSON.stringify already escapes U+0000–U+001F, `"` and `\`.
  return JSON.stringify(value, null, 1).replace(
    UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
