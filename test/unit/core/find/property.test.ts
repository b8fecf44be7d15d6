// Properties of URL finding on random text built from the pieces that make it hard.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { type UrlMatch, eachUrl, findUrls, urlAt } from '../../../../src/core/find/find-urls';

const PIECES = [
  'http://',
  'https://',
  'HTTP://',
  'www.',
  'WWW.',
  'a.com',
  'b',
  '例',
  '😊',
  '[::1]',
  '/',
  '.',
  ',',
  ':',
  '?',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  "'",
  '"',
  '`',
  '<',
  '>',
  ' ',
  '\n',
  '\\',
  '|',
  '_',
  '*',
  '~',
  '…',
  '。',
  '،',
  '&quot;',
  '&',
  ';',
  '\u0000',
  '\u00a0',
  '\u200b',
  '\u200c',
  '\u202e',
  '\uD800',
  '\uDC00',
  '\uFEFF',
  'x',
  'h',
  'w',
  '-',
  '+',
  '@',
  '%20',
];

/** Text made of tricky pieces, and fully random code units, so every branch is reached. */
const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Offsets where some match m has m.start <= offset <= m.end. */
function coveredBy(matches: UrlMatch[], offset: number): UrlMatch | undefined {
  return matches.find((m) => m.start <= offset && offset <= m.end);
}

describe('findUrls and urlAt: properties', () => {
  it('every match starts with a scheme or www., in order and apart', () => {
    fc.assert(
      fc.property(text, (s) => {
        let last = -1;
        for (const m of findUrls(s)) {
          assert.match(s.slice(m.start, m.end), /^(?:https?:\/\/|www\.)./i);
          assert.ok(m.start > last, 'ordered, not overlapping, never touching');
          last = m.end;
        }
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it('urlAt answers exactly what findUrls says at every offset', () => {
    fc.assert(
      fc.property(text, (s) => {
        const matches = findUrls(s);
        for (let offset = -1; offset <= s.length + 1; offset++) {
          assert.deepEqual(urlAt(s, offset), coveredBy(matches, offset), `offset ${offset}`);
        }
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it('is local: a space splits the text into parts whose URLs are found alone', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const shift = a.length + 1;
        const parts = [
          ...findUrls(a),
          ...findUrls(b).map((m) => ({ ...m, start: m.start + shift, end: m.end + shift })),
        ];
        assert.deepEqual(findUrls(`${a} ${b}`), parts);
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it("eachUrl yields findUrls's matches one at a time, even with other searches in between", () => {
    fc.assert(
      fc.property(text, text, (s, other) => {
        const got: UrlMatch[] = [];
        for (const m of eachUrl(s)) {
          got.push(m);
          // The workspace scan reads and writes each URL between two steps (writeUrl finds URLs
          // in the new one, the hover asks urlAt): the search's shared state must not leak.
          findUrls(other);
          urlAt(other, other.length >> 1);
        }
        assert.deepEqual(got, findUrls(s));
      }),
      { seed: 42, numRuns: 2000 },
    );
  });
});
