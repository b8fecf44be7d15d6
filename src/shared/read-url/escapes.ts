// Backslash escapes as the language reading the string decodes them: JavaScript and JSON string
// literals, CSS strings and url(), CommonMark link destinations. Decoding stops at an escape the
// language would refuse (the URL ends there, as the finder ends it at the `\`).
import { isHexDigit } from '../../core/common/url-chars';
import { type Decoded, Decoding } from './decoded';

function hexRun(src: string, from: number, max: number): number {
  let j = from;
  while (j - from < max && isHexDigit(src.charCodeAt(j))) j++;
  return j;
}

const JS_SINGLE: Readonly<Record<string, string>> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '0': '\0',
};

/** One JS escape at `i` (the `\`): [decoded, index after], or undefined (a syntax error). */
function jsEscape(src: string, i: number, to: number): [string, number] | undefined {
  const c = src[i + 1];
  if (i + 1 >= to) return undefined;
  if (c === 'u') {
    if (src[i + 2] === '{') {
      const end = hexRun(src, i + 3, 6);
      if (end === i + 3 || src[end] !== '}') return undefined;
      const cp = parseInt(src.slice(i + 3, end), 16);
      return cp > 0x10ffff ? undefined : [String.fromCodePoint(cp), end + 1];
    }
    const end = hexRun(src, i + 2, 4);
    return end === i + 6
      ? [String.fromCharCode(parseInt(src.slice(i + 2, end), 16)), end]
      : undefined;
  }
  if (c === 'x') {
    const end = hexRun(src, i + 2, 2);
    return end === i + 4
      ? [String.fromCharCode(parseInt(src.slice(i + 2, end), 16)), end]
      : undefined;
  }
  if (c === '\r') return ['', src[i + 2] === '\n' ? i + 3 : i + 2]; // line continuation
  if (c === '\n' || c === '\u2028' || c === '\u2029') return ['', i + 2];
  if (c >= '1' && c <= '9') return undefined; // legacy octal: refused in strict code and JSON
  const single = c in JS_SINGLE ? JS_SINGLE[c] : undefined;
  if (single !== undefined)
    return c === '0' && /\d/.test(src[i + 2] ?? '') ? undefined : [single, i + 2];
  // Any other character stands for itself (`\/`, `\"`, `\'`, `\\`).
  const cp = src.codePointAt(i + 1) ?? 0;
  return [String.fromCodePoint(cp), i + 1 + (cp > 0xffff ? 2 : 1)];
}

/** One CSS escape at `i`: [decoded, index after], or undefined (an escaped newline or the end). */
function cssEscape(src: string, i: number, to: number): [string, number] | undefined {
  if (i + 1 >= to) return undefined;
  const c = src.charCodeAt(i + 1);
  if (c === 10 || c === 13 || c === 12) return undefined;
  if (isHexDigit(c)) {
    const end = hexRun(src, i + 1, 6);
    let cp = parseInt(src.slice(i + 1, end), 16);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    let after = end;
    // One whitespace after the hex digits belongs to the escape (`\2f x` is `/x`).
    if (src[after] === '\r' && src[after + 1] === '\n') after += 2;
    else if (src[after] === ' ' || src[after] === '\t' || src[after] === '\n') after++;
    return [String.fromCodePoint(cp), after];
  }
  const cp = src.codePointAt(i + 1) ?? 0;
  return [String.fromCodePoint(cp), i + 1 + (cp > 0xffff ? 2 : 1)];
}

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** One CommonMark backslash escape at `i`: an ASCII punctuation character, else the `\` itself. */
function markdownEscape(src: string, i: number): [string, number] {
  const c = src[i + 1] ?? '';
  return c !== '' && PUNCTUATION.includes(c) ? [c, i + 2] : ['\\', i + 1];
}

export type EscapeSyntax = 'js' | 'css' | 'markdown';

/** `src[from, to)` with the backslash escapes of `syntax` decoded, up to the first invalid one. */
export function decodeEscapes(
  src: string,
  from: number,
  to: number,
  syntax: EscapeSyntax,
): Decoded {
  const d = new Decoding(src);
  let i = from;
  while (i < to) {
    const bs = src.indexOf('\\', i);
    const stop = bs < 0 || bs >= to ? to : bs;
    d.copy(i, stop);
    if (stop === to) return d.done(to);
    const r =
      syntax === 'js'
        ? jsEscape(src, bs, to)
        : syntax === 'css'
          ? cssEscape(src, bs, to)
          : markdownEscape(src, bs);
    if (r === undefined) {
      // The language refuses this escape: the value ends here for our reading.
      return d.done(bs);
    }
    d.put(r[0], bs, r[1]);
    i = r[1];
  }
  return d.done(to);
}
