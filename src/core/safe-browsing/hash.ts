// SHA-256 hash prefixes of Safe Browsing expressions.
import { UrlError, describe } from '../common/errors';
import { expressions } from './expressions';
import { sha256Utf8 } from '../common/sha256';

export type HashPrefixLength = 4 | 8 | 16 | 32;

export interface HashPrefix {
  /** The host-suffix/path-prefix expression that was hashed. */
  expression: string;
  /** The leading bytes of SHA-256(expression), lowercase hex. */
  hex: string;
  /** The same bytes in standard base64 (with padding), as the Safe Browsing JSON API sends them. */
  base64: string;
}

/**
 * SHA-256 of each expression's UTF-8, truncated to `bytes` (default 4: what `hashes.search`
 * sends; 8, 16 and 32 match downloaded lists and full hashes).
 */
export function hashPrefixes(url: string, bytes: HashPrefixLength = 4): HashPrefix[] {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- untyped (JS) callers
  if (bytes !== 4 && bytes !== 8 && bytes !== 16 && bytes !== 32) {
    throw new UrlError(
      'invalid-option',
      `A hash prefix is 4, 8, 16 or 32 bytes, not ${describe(bytes)}.`,
    );
  }
  return expressions(url).map((expression) => {
    const prefix = sha256Utf8(expression).subarray(0, bytes);
    return { expression, hex: toHex(prefix), base64: toBase64(prefix) };
  });
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Base64 via `btoa` (in browsers and Node 16+), so the core needs no Buffer. */
function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
