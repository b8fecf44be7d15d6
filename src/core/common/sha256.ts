import { sha256 } from '@noble/hashes/sha2';

const encoder = new TextEncoder();

/** SHA-256 of a string's UTF-8: the one hash implementation of the core (AMP fallback, Safe Browsing). */
export function sha256Utf8(text: string): Uint8Array {
  return sha256(encoder.encode(text));
}
