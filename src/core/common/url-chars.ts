// Character classes for finding URLs in text: which characters always end a URL, which are
// trimmed from its end, which may start a host. Plain code-unit tests, O(1) each, no regex.

/** What an ASCII character means inside a URL found in text. */
export const Ascii = {
  Url: 0, // part of the URL
  Stop: 1, // always ends it: whitespace, controls, and characters that delimit URLs in text
  Open: 2, // ( [ {  counted, so their closers stay when balanced
  Close: 3, // ) ] }  end the URL when unbalanced
  Apostrophe: 4, // ' ends a URL that a ' opened; otherwise kept inside, trimmed at the end
  Comma: 5, // , is part of the URL, except right before another http(s):// URL (`a/x,https://b/y`)
} as const;

const ASCII = new Uint8Array(128);
for (let c = 0; c <= 0x20; c++) ASCII[c] = Ascii.Stop; // C0 controls (NUL included) and space
// " < > ` \ | are never raw in a URL (browsers escape them) but delimit URLs in HTML, Markdown,
// code and tables; DEL is a control.
for (const ch of '"<>`\\|\x7f') ASCII[ch.charCodeAt(0)] = Ascii.Stop;
for (const ch of '([{') ASCII[ch.charCodeAt(0)] = Ascii.Open;
for (const ch of ')]}') ASCII[ch.charCodeAt(0)] = Ascii.Close;
ASCII[0x27] = Ascii.Apostrophe;
ASCII[0x2c] = Ascii.Comma;

export function asciiClass(c: number): number {
  return ASCII[c];
}

/**
 * Non-ASCII characters that always end a URL: invisible and bidirectional controls (a URL must
 * not carry them: "Trojan Source"), Unicode spaces, typographic quotes and CJK / full-width
 * punctuation, which in CJK text follow a URL with no space. Surrogates are handled by the caller.
 */
export function isUnicodeStop(c: number): boolean {
  if (c < 0x2000) return c <= 0xa0 || c === 0xab || c === 0xad || c === 0xbb || c === 0x1680;
  if (c <= 0x206f) {
    // ZWNJ and ZWJ (U+200C/D) stay: Persian and Indic words and emoji sequences need them.
    return (
      c <= 0x200b ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x2018 && c <= 0x201f) ||
      (c >= 0x2028 && c <= 0x202f) ||
      c === 0x2039 ||
      c === 0x203a ||
      c >= 0x205f
    );
  }
  if (c >= 0x3000 && c <= 0x301f) return c <= 0x3003 || c >= 0x3008; // ideographic space, 、。, 「」（ brackets
  if (c >= 0xff00) {
    return (
      c <= 0xff0f ||
      (c >= 0xff1a && c <= 0xff20) ||
      (c >= 0xff3b && c <= 0xff40) ||
      (c >= 0xff5b && c <= 0xff65) ||
      c >= 0xfff0
    );
  }
  return c === 0xfeff; // byte order mark / zero-width no-break space
}

/**
 * Trailing characters that end sentences or Markdown emphasis rather than URLs: GFM's list
 * (. , : ! ? * _ ~), plus ; ' … and the Arabic and Devanagari sentence marks.
 */
export function isTrailing(c: number): boolean {
  switch (c) {
    case 0x2e:
    case 0x2c:
    case 0x3a:
    case 0x3b:
    case 0x21:
    case 0x3f: // . , : ; ! ?
    case 0x2a:
    case 0x5f:
    case 0x7e:
    case 0x27:
    case 0x2026: // * _ ~ ' …
    case 0x060c:
    case 0x061b:
    case 0x061f:
    case 0x06d4:
    case 0x0964:
    case 0x0965: // ، ؛ ؟ ۔ । ॥
      return true;
    default:
      return false;
  }
}

export const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
export const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * Whether the code unit at `i` always ends a URL (a lone surrogate does: it has no UTF-8 form).
 * A `\` before `/` does not: it is inside a JSON-escaped URL (`https:\/\/a.com\/x`).
 */
export function isStopAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 0x5c) return text.charCodeAt(i + 1) !== 0x2f;
  if (c < 0x80) return ASCII[c] === Ascii.Stop;
  if (isHighSurrogate(c)) return !isLowSurrogate(text.charCodeAt(i + 1));
  if (isLowSurrogate(c)) return !isHighSurrogate(text.charCodeAt(i - 1));
  return isUnicodeStop(c);
}

export const isAsciiDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
export const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
export const isAsciiAlnum = (c: number): boolean => isAsciiDigit(c) || isAsciiLetter(c);
export const isHexDigit = (c: number): boolean =>
  isAsciiDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/** A character that can begin a host label: ASCII letter or digit, or a non-ASCII letter-like one. */
export function isLabelStartAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isAsciiAlnum(c);
  return !isTrailing(c) && !isStopAt(text, i);
}

/** A character inside a host label: a label start, or - and _ (seen in real host names). */
export function isLabelAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 0x2d || c === 0x5f || isLabelStartAt(text, i);
}

/** Characters of a URI scheme (RFC 3986 3.1): before "http://" they make another scheme (xhttp:, a+http:). */
export function isSchemeChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 0x2b || c === 0x2d || c === 0x2e;
}

/** Characters of a host name or path: before "www." they make it part of something else (a.www., /www., @www.). */
export function isHostOrPathChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x2f || c === 0x40;
}
