// normalize reads what is no URI in the pass that splits it (valid-uri.ts): the same refusals,
// with the same reasons, as the rule issue 27 first wrote (valid-uri-oracle.ts), on generated
// URLs full of the characters the rule is about. And the authority's steps skip the split of a
// bare host, with the same result as splitting it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { UrlError } from '../../../../src/core/common/errors';
import { normalizeAuthority } from '../../../../src/core/normalize/authority';
import { splitValidUri } from '../../../../src/core/normalize/valid-uri';
import { oracleNormalizeAuthority, oracleSplitValidUri } from './valid-uri-oracle';

/** Each UTF-16 code unit of `s` (lone surrogates included) as a string of its own. */
function codeUnits(s: string): string[] {
  return Array.from({ length: s.length }, (_, i) => s[i]);
}

// Each character the rule names, its neighbours (one code unit either side of every range) and
// lone surrogates: C0, space, DEL, C1, NBSP, the separators, Bidi marks, embeddings, isolates.
const HOSTILE = [
  ...codeUnits('\u0000\u0007\t\n\r\u001f \u007f\u0080\u0085\u009f\u00a0\u00ad'),
  ...codeUnits('\u200d\u200e\u200f\u2010\u2027\u2028\u2029\u202a\u202c\u202e\u202f'),
  ...codeUnits('\u2065\u2066\u2068\u2069\u206a\ufeff\ud83d\ude00'),
];
// What the grammar gives a meaning to, and what no host holds.
const DELIMITERS = codeUnits(':/?#[]@!$&\'()*+,;=%"<>\\^`{|}~.-_');
const WORDS = ['a', 'Z', 'ex', 'v1', 'v1.x', '0', '8', '80', '65536', 'f', 'ffff', '1.2.3.4'];
const PIECES = ['//', '::', '%25', '%2e', '%zz', 'ü', '例', 'www.', 'http:', '[::1]', ...WORDS];

const char = fc.constantFrom(...HOSTILE, ...DELIMITERS, ...PIECES);
const text = (maxLength: number): fc.Arbitrary<string> =>
  fc.array(char, { maxLength }).map((xs) => xs.join(''));
const cleanText = (maxLength: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...PIECES, ...DELIMITERS), { maxLength }).map((xs) => xs.join(''));

// Shaped like a URL (scheme, authority with its parts, path, query, fragment), each part drawn
// from the whole alphabet or from the characters that are allowed somewhere.
const part = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(text(maxLength), cleanText(maxLength), fc.constant(''));
const shapedUrl = fc
  .tuple(
    fc.constantFrom('http:', 'HTTPS:', 'x-y+z.1:', 'mailto:', '1a:', '', ' http:', 'h\u0000:'),
    fc.option(
      fc.tuple(
        fc.option(part(4), { nil: undefined }),
        part(6),
        fc.option(part(4), { nil: undefined }),
      ),
      { nil: undefined },
    ),
    part(6),
    fc.option(part(4), { nil: undefined }),
    fc.option(part(4), { nil: undefined }),
  )
  .map(([scheme, authority, path, query, fragment]) => {
    let url = scheme;
    if (authority !== undefined) {
      const [user, host, port] = authority;
      url += `//${user === undefined ? '' : `${user}@`}${host}${port === undefined ? '' : `:${port}`}`;
    }
    url += path;
    if (query !== undefined) url += `?${query}`;
    if (fragment !== undefined) url += `#${fragment}`;
    return url;
  });

type Outcome = { parts: unknown } | { code: string; message: string };

function outcome(split: (url: string) => unknown, url: string): Outcome {
  try {
    return { parts: split(url) };
  } catch (e) {
    assert.ok(e instanceof UrlError, String(e));
    return { code: e.code, message: e.message };
  }
}

function sameAsOracle(url: string): void {
  assert.deepEqual(outcome(splitValidUri, url), outcome(oracleSplitValidUri, url), url);
}

describe('normalize: what is no URI, read in one pass (valid-uri.ts)', () => {
  it('refuses and accepts as the rule of issue 27 did, reason for reason (generated URLs)', () => {
    fc.assert(
      fc.property(shapedUrl, (url) => {
        sameAsOracle(url);
      }),
      {
        seed: 27,
        numRuns: 20000,
      },
    );
  });

  it('refuses and accepts as the rule of issue 27 did on any string of the alphabet', () => {
    fc.assert(
      fc.property(text(24), (url) => {
        sameAsOracle(`http://${url}`);
      }),
      {
        seed: 2027,
        numRuns: 20000,
      },
    );
    fc.assert(
      fc.property(text(24), (url) => {
        sameAsOracle(url);
      }),
      { seed: 3027, numRuns: 5000 },
    );
  });

  it('the refusals of issue 27 named in its tests, and the URLs it accepts', () => {
    for (const url of [
      'http://exa mple.com/',
      'http://example.com/a\u0007b',
      'http://example.com/?q=\u0085',
      'http://example.com/#\u202e',
      'http://example.com/\r\nx',
      'http://[zz]/',
      'http://[::1/',
      'http://[::1]x/',
      'http://ex"ample.com/',
      'http://a@b@c.com/x:y',
      'http://example.com:8o/',
      'http://[::1]/',
      'http://[fe80::1%25en0]:8080/',
      'http://[v1.x]/',
      'http://user:pw@example.com:081/',
      'http://example.com:/',
      'http://a.com/"x"/[y]/{z}',
      'urn:isbn:0451450523',
      ' http://a.com/',
      '//a.com/\u0000',
    ])
      sameAsOracle(url);
  });

  it('gives up on a long URL that holds a refused character in linear time', () => {
    // A split that tried every shorter authority, each with the rest of the URL after it, would
    // run far past mocha's timeout at this length; the split that gives up at once is done.
    const n = 1 << 16;
    for (const url of [
      `http://${'a'.repeat(n)}\u0000`,
      `http://${'a'.repeat(n)}"\u0000`,
      `http://a:${'1'.repeat(n)}\u0000`,
      `http://${'1:'.repeat(n / 2)}\u0000`,
      `http://${'@'.repeat(n)}\u0000`,
      `http://x/${'?'.repeat(n)}\u0000`,
      `http:${'/'.repeat(n)}\u0000`,
    ])
      assert.throws(() => splitValidUri(url), /U\+0000 at position/);
  });
});

// Hosts, userinfo and ports in pieces: the shortcut is taken or not by "@" and ":".
const authority = fc
  .array(
    fc.constantFrom(
      ...['a', 'B', 'www.', 'WWW.', 'Www.', 'example.', 'co.uk', 'com', 'ü', '%41', '%7e'],
      ...['[', ']', '::1', '@', ':', '0', '00', '80', '443', '.'],
    ),
    { maxLength: 8 },
  )
  .map((xs) => xs.join(''));

describe('normalize: a bare host skips the authority split', () => {
  it('gives what splitting and joining gave, for every host and port step', () => {
    const scheme = fc.constantFrom('http', 'https', 'ftp', 'x');
    const steps = fc.record({
      lowercaseHost: fc.boolean(),
      removeWww: fc.boolean(),
      addWww: fc.boolean(),
      removeDefaultPort: fc.boolean(),
    });
    fc.assert(
      fc.property(authority, scheme, scheme, steps, (a, written, forced, o) => {
        const expected = oracleNormalizeAuthority(a, written, forced, o);
        assert.equal(normalizeAuthority(a, written, forced, o), expected, a);
      }),
      { seed: 28, numRuns: 5000 },
    );
  });
});
