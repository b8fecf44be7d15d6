import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import * as punycode from 'punycode/';
import { decodePunycodeInto } from '../../../../src/core/common/punycode-points';

/** punycode.decode's answer, or undefined where it throws. */
function libraryDecode(label: string): string | undefined {
  try {
    return punycode.decode(label);
  } catch {
    return undefined;
  }
}

/** decodePunycodeInto's answer as a string, read in place inside other text. */
function decodeInPlace(label: string, points = new Int32Array(64)): string | undefined {
  const text = `https://xn--${label}.cdn.ampproject.org/`;
  const length = decodePunycodeInto(text, 12, 12 + label.length, points);
  if (length < 0) return undefined;
  const decoded = Array.from(points.subarray(0, length));
  // punycode.decode refuses these when it makes its string (String.fromCodePoint).
  return decoded.some((p) => p > 0x10ffff) ? undefined : String.fromCodePoint(...decoded);
}

describe('decodePunycodeInto: punycode.decode in place', () => {
  it('decodes the labels of RFC 3492 and of IDN hosts', () => {
    // RFC 3492 7.1 (A) Arabic (Egyptian), (L) 3<nen>B<gumi><kinpachi><sensei>, (S) -> $1.00 <-
    assert.equal(decodeInPlace('egbpdaj6bu4bxfgehfvwxn'), 'ليهمابتكلموشعربي؟');
    assert.equal(decodeInPlace('3B-ww4c5e180e575a65lsy2b'), '3年B組金八先生');
    assert.equal(decodeInPlace('-> $1.00 <--'), '-> $1.00 <-');
    assert.equal(decodeInPlace('bcher-kva'), 'bücher');
    assert.equal(decodeInPlace('ls8h'), '💩');
    // The cache prefix of bücher.de: its readable form, hyphens and all.
    assert.equal(decodeInPlace('bcher-de-65a'), 'bücher-de');
    assert.equal(decodeInPlace('abc-'), 'abc');
  });

  it('refuses what punycode.decode refuses', () => {
    for (const label of ['ü-abc', 'abc-!', 'a-zzzzzzzzzzzzzzzzzz', '-', '9999999999', 'ab-x'])
      assert.equal(decodeInPlace(label), libraryDecode(label), label);
    assert.equal(decodeInPlace('ü-abc'), undefined);
    assert.equal(decodeInPlace('abc-!'), undefined);
  });

  it('refuses code points that do not fit, rather than writing past the array', () => {
    assert.equal(decodeInPlace('bcher-kva', new Int32Array(5)), undefined);
    assert.equal(decodeInPlace('bcher-kva', new Int32Array(6)), 'bücher');
    assert.equal(decodeInPlace('abcdef-', new Int32Array(5)), undefined);
  });

  it('agrees with punycode.decode on encoded text and on any label', () => {
    const unit = fc.constantFrom('a', 'z', '0', '-', 'ü', 'ß', '例', '😀', 'ا', '.');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (text) => {
        const label = punycode.encode(text);
        assert.equal(decodeInPlace(label), libraryDecode(label), label);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{0,30}$/), (label) => {
        assert.equal(decodeInPlace(label), libraryDecode(label), label);
      }),
      { numRuns: 5000 },
    );
  });
});
