// Percent-unescaping and escaping for Safe Browsing canonicalization.
// Safe Browsing works on bytes, so these functions use "byte strings": strings whose
// char codes are all 0..255, one char per byte (a decoded `%80` is the byte 0x80, not U+0080).

const encoder = new TextEncoder();

/** UTF-8 bytes of `text` as a byte string; ASCII text is returned as is. */
export function toByteString(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) i++;
  if (i === text.length) return text;
  // Lone surrogates become U+FFFD (TextEncoder's rule): any string has a byte form.
  return bytesToString(encoder.encode(text), 0, undefined);
}

/** Bytes `[start, end)` as a byte string, built in chunks to stay within call-argument limits. */
function bytesToString(bytes: Uint8Array, start: number, end: number | undefined): string {
  const stop = end ?? bytes.length;
  let out = '';
  for (let i = start; i < stop; i += 8192) {
    out += String.fromCharCode.apply(
      null,
      bytes.subarray(i, Math.min(i + 8192, stop)) as unknown as number[],
    );
  }
  return out;
}

/** The bytes of a byte string. */
export function stringToBytes(bytes: string): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

/** Value of a hex digit's char code, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * Unescapes until no `%XX` is left, in linear time.
 *
 * The spec says "unescape repeatedly until nothing changes"; done literally that is quadratic
 * (`%25252525…` loses two characters per pass). Instead every byte is pushed on a stack and,
 * whenever the top three bytes form `%XX`, they are replaced by the byte they encode (which may
 * complete another `%XX` below it). Each input byte is pushed once and each replacement removes
 * two, so the work is at most 2n steps and needs no iteration cap. The result is the same: `%XX`
 * occurrences never overlap, so the rewriting is confluent and every order of decoding reaches
 * the one string with no `%XX` left.
 */
export function unescapeFully(bytes: string): string {
  if (!bytes.includes('%')) return bytes;
  // Common case first: one plain pass usually leaves no escape behind (`%20` → ` `).
  const once = unescapeOnce(bytes);
  return hasEscape(once) ? unescapeStack(once) : once;
}

function hasEscape(text: string): boolean {
  for (let i = text.indexOf('%'); i >= 0 && i + 2 < text.length; i = text.indexOf('%', i + 1)) {
    if (hexValue(text.charCodeAt(i + 1)) >= 0 && hexValue(text.charCodeAt(i + 2)) >= 0) return true;
  }
  return false;
}

function unescapeStack(bytes: string): string {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    out[n++] = bytes.charCodeAt(i);
    while (n >= 3 && out[n - 3] === 0x25) {
      const hi = hexValue(out[n - 2]);
      const lo = hexValue(out[n - 1]);
      if (hi < 0 || lo < 0) break;
      out[n - 3] = (hi << 4) | lo;
      n -= 2;
    }
  }
  return bytesToString(out, 0, n);
}

/** One unescaping pass (enough for text `escapeBytes` wrote: it restores the bytes). */
export function unescapeOnce(text: string): string {
  if (!text.includes('%')) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i + 2 < text.length; i++) {
    if (text.charCodeAt(i) !== 0x25) continue;
    const hi = hexValue(text.charCodeAt(i + 1));
    const lo = hexValue(text.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) continue;
    out += text.slice(last, i) + String.fromCharCode((hi << 4) | lo);
    last = i + 3;
    i += 2;
  }
  return out + text.slice(last);
}

/** Bytes the spec escapes: <= 32, >= 127, `#` and `%`. */
function mustEscape(c: number): boolean {
  return c <= 0x20 || c >= 0x7f || c === 0x23 || c === 0x25;
}

const HEX = '0123456789ABCDEF';

/** Escapes the spec's bytes with uppercase hex; the result is printable ASCII. */
export function escapeBytes(bytes: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    if (!mustEscape(c)) continue;
    out += `${bytes.slice(last, i)}%${HEX[c >> 4]}${HEX[c & 15]}`;
    last = i + 1;
  }
  return last === 0 ? bytes : out + bytes.slice(last);
}
