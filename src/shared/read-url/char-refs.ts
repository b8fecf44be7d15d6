// HTML and XML character references, decoded as the HTML tokenizer decodes them (WHATWG HTML
// "character reference state"): numeric ones with or without `;` (C1 values as windows-1252),
// named ones with `;`, and the legacy names without it, except, in an attribute, before `=` or a
// letter or digit (`?a=1&copy=2` keeps `&copy`). The named table holds every name that decodes
// to an ASCII character and the legacy (Latin-1) names: all a URL's reader turns into a
// character a URL can hold as written; a rarer name (`&hellip;`) is left as written.
import { isAsciiAlnum, isHexDigit } from '../../core/common/url-chars';
import { type Decoded, Decoding } from './decoded';

// U+00A0..U+00FF in order: the legacy names, which also decode without `;`.
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'.split(
    ' ',
  );

/** The names (with `;`) that decode to an ASCII character, HTML's list. */
const ASCII_NAMES: Readonly<Record<string, string>> = {
  Tab: '\t',
  NewLine: '\n',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
  NonBreakingSpace: '\u00a0',
};

const NAMED = new Map<string, string>(Object.entries(ASCII_NAMES));
const LEGACY = new Map<string, string>([
  ['amp', '&'],
  ['AMP', '&'],
  ['lt', '<'],
  ['LT', '<'],
  ['gt', '>'],
  ['GT', '>'],
  ['quot', '"'],
  ['QUOT', '"'],
  ['COPY', '\u00a9'],
  ['REG', '\u00ae'],
]);
LATIN1.forEach((name, i) => {
  const ch = String.fromCharCode(0xa0 + i);
  NAMED.set(name, ch);
  LEGACY.set(name, ch);
});
NAMED.set('COPY', '\u00a9');
NAMED.set('REG', '\u00ae');

/** Whether HTML decodes `&name` without a `;` (the legacy names: `amp`, `lt`, `copy`, `reg`…). */
export function isLegacyName(name: string): boolean {
  return LEGACY.has(name);
}

const XML_NAMED: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

// windows-1252 for the C1 range, as the tokenizer maps numeric references 0x80-0x9F.
const C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** The character of a numeric reference's value, as HTML maps it. */
function numericChar(value: number, xml: boolean): string | undefined {
  if (xml) {
    if (value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return undefined;
    return String.fromCodePoint(value);
  }
  if (value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return '\ufffd';
  if (value >= 0x80 && value <= 0x9f) return C1[value - 0x80];
  return String.fromCodePoint(value);
}

/** `&#…` at `i`: [the character, the index after the reference], or undefined (not one). */
function numeric(src: string, i: number, to: number, xml: boolean): [string, number] | undefined {
  let j = i + 2;
  const hex = (src.charCodeAt(j) | 32) === 120;
  if (hex) j++;
  const digitsStart = j;
  let value = 0;
  while (j < to && (hex ? isHexDigit(src.charCodeAt(j)) : isAsciiAlnum(src.charCodeAt(j)))) {
    const c = src.charCodeAt(j);
    if (!hex && (c < 48 || c > 57)) break;
    value = Math.min(value * (hex ? 16 : 10) + parseInt(src[j], 16), 0x110000);
    j++;
  }
  if (j === digitsStart) return undefined;
  const semi = src.charCodeAt(j) === 59;
  if (xml && !semi) return undefined;
  const ch = numericChar(value, xml);
  return ch === undefined ? undefined : [ch, semi ? j + 1 : j];
}

/** `&name…` at `i`: [the character, the index after], or undefined (left as written). */
function named(
  src: string,
  i: number,
  to: number,
  attribute: boolean,
  xml: boolean,
): [string, number] | undefined {
  let j = i + 1;
  while (j < to && j - i <= 33 && isAsciiAlnum(src.charCodeAt(j))) j++;
  const name = src.slice(i + 1, j);
  if (name === '') return undefined;
  if (src.charCodeAt(j) === 59) {
    const ch = (xml ? XML_NAMED : NAMED).get(name);
    if (ch !== undefined) return [ch, j + 1];
  }
  if (xml) return undefined;
  // The longest legacy name the run starts with, decoded without `;`.
  for (let k = Math.min(name.length, 6); k >= 2; k--) {
    const ch = LEGACY.get(name.slice(0, k));
    if (ch === undefined) continue;
    const next = src.charCodeAt(i + 1 + k);
    if (attribute && (next === 61 || isAsciiAlnum(next))) return undefined;
    return [ch, i + 1 + k];
  }
  return undefined;
}

/**
 * `src[from, to)` with its character references decoded: `attribute` (an attribute value) or
 * text; `xml`: only XML's five names and numeric references with `;`.
 */
export function decodeCharRefs(
  src: string,
  from: number,
  to: number,
  mode: { attribute: boolean; xml: boolean },
): Decoded {
  const d = new Decoding(src);
  for (let i = from; i < to;) {
    const amp = src.indexOf('&', i);
    const stop = amp < 0 || amp >= to ? to : amp;
    d.copy(i, stop);
    if (stop === to) break;
    const r =
      src.charCodeAt(amp + 1) === 35
        ? numeric(src, amp, to, mode.xml)
        : named(src, amp, to, mode.attribute, mode.xml);
    if (r === undefined) {
      d.copy(amp, amp + 1);
      i = amp + 1;
    } else {
      d.put(r[0], amp, r[1]);
      i = r[1];
    }
  }
  return d.done(to);
}
