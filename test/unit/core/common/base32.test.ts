// base32 (src/core/common/base32.ts): the RFC 4648 vectors the AMP Cache's hashed prefix relies on.
import * as assert from 'node:assert/strict';
import { base32 } from '../../../../src/core/common/base32';

const encode = (text: string) => new TextEncoder().encode(text);

describe('amp-cache: base32 (RFC 4648 section 10 vectors, lower case)', () => {
  it('encodes the RFC test vectors with padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my======'],
      ['fo', 'mzxq===='],
      ['foo', 'mzxw6==='],
      ['foob', 'mzxw6yq='],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi======'],
    ];
    for (const [input, output] of vectors) assert.equal(base32(encode(input)), output);
  });

  it('ends a 32-byte digest with exactly four = (the spec drops them)', () => {
    const out = base32(new Uint8Array(32).fill(0xff));
    assert.equal(out.length, 56);
    assert.ok(out.endsWith('====') && !out.endsWith('====='));
  });
});
