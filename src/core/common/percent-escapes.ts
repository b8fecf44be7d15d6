// Percent-escape handling for normalization (RFC 3986 2.1, 2.3, 6.2.2.1, 6.2.2.2). Only valid `%XX`
// triplets are touched; a stray `%` is left as written. Every function is one linear scan.
import { isHexDigit } from './url-chars';

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** The byte of the `%XX` triplet at `i`, or -1 when there is none. */
function tripletAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x25 || i + 2 >= text.length) return -1;
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/** RFC 3986 2.3: ALPHA / DIGIT / "-" / "." / "_" / "~". */
function isUnreserved(byte: number): boolean {
  const lower = byte | 0x20;
  return (
    (lower >= 0x61 && lower <= 0x7a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f ||
    byte === 0x7e
  );
}

/**
 * Uppercases the hex digits of escapes and/or decodes escapes of unreserved characters.
 * A decoded hex digit must not complete a new triplet with a stray `%` written before it
 * (`%%34%31` would become `%41`, which a second pass would decode): such an escape stays.
 */
export function normalizeEscapes(
  text: string,
  uppercase: boolean,
  decodeUnreserved: boolean,
): string {
  let pct = text.indexOf('%');
  if (pct < 0) return text;
  let out = '';
  let tail = ''; // the last two characters of `out`, kept aside: reading a growing string is slow
  const append = (piece: string): void => {
    out += piece;
    tail = piece.length >= 2 ? piece.slice(-2) : (tail + piece).slice(-2);
  };
  let from = 0;
  for (; pct >= 0; pct = text.indexOf('%', pct + 1)) {
    const byte = tripletAt(text, pct);
    if (byte < 0) continue;
    append(text.slice(from, pct));
    from = pct + 3;
    if (
      decodeUnreserved &&
      isUnreserved(byte) &&
      !(isHexDigit(byte) && endsWithStrayPercent(tail))
    ) {
      append(String.fromCharCode(byte));
    } else {
      append(uppercase ? text.slice(pct, pct + 3).toUpperCase() : text.slice(pct, pct + 3));
    }
    pct += 2;
  }
  return out + text.slice(from);
}

/** True when `tail` ends with `%` or `%X`, so one more hex digit would make a triplet. */
function endsWithStrayPercent(tail: string): boolean {
  const n = tail.length;
  if (tail.charCodeAt(n - 1) === 0x25) return true;
  return tail.charCodeAt(n - 2) === 0x25 && isHexDigit(tail.charCodeAt(n - 1));
}

/** Lowercases everything but the hex digits of triplets (host case-folding, RFC 3986 6.2.2.1). */
export function lowercaseOutsideEscapes(text: string): string {
  if (!text.includes('%')) return text.toLowerCase();
  let out = '';
  let from = 0;
  for (let pct = text.indexOf('%'); pct >= 0; pct = text.indexOf('%', pct + 1)) {
    if (tripletAt(text, pct) < 0) continue;
    out += text.slice(from, pct).toLowerCase() + text.slice(pct, pct + 3);
    from = pct + 3;
    pct += 2;
  }
  return out + text.slice(from).toLowerCase();
}

/** Decodes a query parameter name for matching; malformed escapes leave it as written. */
export function decodeForMatching(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
