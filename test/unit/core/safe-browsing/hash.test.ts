import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { UrlError } from '../../../../src/core/common/errors';
import { expressions } from '../../../../src/core/safe-browsing/expressions';
import { hashPrefixes, type HashPrefixLength } from '../../../../src/core/safe-browsing/hash';

// Node's own SHA-256 is the independent oracle (the core uses @noble/hashes).
function oracle(expression: string, bytes: number): Buffer {
  return createHash('sha256').update(expression, 'utf8').digest().subarray(0, bytes);
}

describe('Safe Browsing hash prefixes', () => {
  it('hashes each expression, in order, to 4 bytes by default', () => {
    const url = 'http://a.b.com/1/2.html?param=1';
    const prefixes = hashPrefixes(url);
    assert.deepEqual(
      prefixes.map((p) => p.expression),
      expressions(url),
    );
    assert.deepEqual(prefixes[0], {
      expression: 'a.b.com/1/2.html?param=1',
      hex: '2fcd902c',
      base64: 'L82QLA==',
    });
    for (const p of prefixes) {
      assert.equal(p.hex, oracle(p.expression, 4).toString('hex'));
      assert.equal(p.base64, oracle(p.expression, 4).toString('base64'));
    }
  });

  it('truncates to 8, 16 or 32 bytes on request', () => {
    for (const bytes of [8, 16, 32] as HashPrefixLength[]) {
      for (const p of hashPrefixes('https://www.xn--bcher-kva.de/a%20b?q=1', bytes)) {
        assert.equal(p.hex, oracle(p.expression, bytes).toString('hex'));
        assert.equal(p.base64, oracle(p.expression, bytes).toString('base64'));
        assert.equal(p.hex.length, bytes * 2);
      }
    }
  });

  it('refuses other lengths with a UrlError', () => {
    for (const bytes of [0, 5, 33, -4, 4.5, NaN]) {
      assert.throws(
        () => hashPrefixes('http://a.com/', bytes as HashPrefixLength),
        (e: unknown) => e instanceof UrlError && e.code === 'invalid-option',
      );
    }
  });

  it('passes refusals of the URL on as UrlError', () => {
    assert.throws(() => hashPrefixes('mailto:x@y.z'), UrlError);
  });
});
