// RFC 4648 section 6 base32, lower case: DNS labels are case-insensitive and caches serve lower case.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Base32 of `bytes` with `=` padding to a multiple of 8 characters. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}
