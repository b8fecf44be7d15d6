import * as assert from 'node:assert/strict';
import {
  normalize,
  NORMALIZE_CONFLICTS,
  NORMALIZE_STEPS,
  type NormalizeOptions,
} from '../../../../src/core/normalize/normalize';

/** Every step off: the baseline against which each example switches exactly its own step on. */
const ALL_OFF: NormalizeOptions = Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, false]));

// The examples of the URI normalization catalogue (docs/specs.md, "RFC 3986 normalization"), quoted as written there.
const SPEC_EXAMPLES: { step: string; options: NormalizeOptions; from: string; to: string }[] = [
  {
    step: 'Uppercase the hex digits of percent-escapes',
    options: { uppercaseEscapes: true },
    from: 'http://example.com/foo%2a',
    to: 'http://example.com/foo%2A',
  },
  {
    step: 'Lowercase scheme and host',
    options: { lowercaseScheme: true, lowercaseHost: true },
    from: 'HTTP://User@Example.COM/Foo',
    to: 'http://User@example.com/Foo',
  },
  {
    step: "Lowercase host (the seed's form of the example)",
    options: { lowercaseHost: true },
    from: 'http://user@Example.COM/Foo',
    to: 'http://user@example.com/Foo',
  },
  {
    step: 'Decode percent-escapes of unreserved characters',
    options: { decodeUnreserved: true },
    from: 'http://example.com/%7Efoo',
    to: 'http://example.com/~foo',
  },
  {
    step: 'Remove dot segments',
    options: { removeDotSegments: true },
    from: 'http://example.com/foo/./bar/baz/../qux',
    to: 'http://example.com/foo/bar/qux',
  },
  {
    step: 'Empty path → /',
    options: { emptyPathToSlash: true },
    from: 'http://example.com',
    to: 'http://example.com/',
  },
  {
    step: 'Remove an empty or default port',
    options: { removeDefaultPort: true },
    from: 'http://example.com:80/',
    to: 'http://example.com/',
  },
  {
    step: 'Add a trailing / to a directory',
    options: { addTrailingSlash: true },
    from: 'http://example.com/foo',
    to: 'http://example.com/foo/',
  },
  {
    step: 'Remove directory index',
    options: { removeDirectoryIndex: true },
    from: 'http://example.com/default.asp',
    to: 'http://example.com/',
  },
  {
    step: 'Remove directory index',
    options: { removeDirectoryIndex: true },
    from: 'http://example.com/a/index.html',
    to: 'http://example.com/a/',
  },
  {
    step: 'Remove the fragment',
    options: { removeFragment: true },
    from: 'http://example.com/bar.html#section1',
    to: 'http://example.com/bar.html',
  },
  {
    step: 'Limit protocols',
    options: { forceHttp: true },
    from: 'https://example.com/',
    to: 'http://example.com/',
  },
  {
    step: 'Remove duplicate slashes',
    options: { removeDuplicateSlashes: true },
    from: 'http://example.com/foo//bar.html',
    to: 'http://example.com/foo/bar.html',
  },
  {
    step: 'Remove www as the first label',
    options: { removeWww: true },
    from: 'http://www.example.com/',
    to: 'http://example.com/',
  },
  {
    step: 'Sort query parameters',
    options: { sortQuery: true },
    from: 'http://example.com/display?lang=en&article=fred',
    to: 'http://example.com/display?article=fred&lang=en',
  },
  {
    step: 'Remove unused query variables',
    options: { removeQueryParams: ['fakefoo'] },
    from: 'http://example.com/display?id=123&fakefoo=fakebar',
    to: 'http://example.com/display?id=123',
  },
  // Which parameters are at their default is site knowledge: the user names them. Once the last
  // parameter is gone the `?` goes with it (the query was not written empty).
  {
    step: 'Remove default query parameters',
    options: { removeQueryParams: ['id', 'sort'] },
    from: 'http://example.com/display?id=&sort=ascending',
    to: 'http://example.com/display',
  },
  // The empty `id=` alone is what removeEmptyQueryParams does; `sort=ascending` needs its name.
  {
    step: 'Remove default query parameters',
    options: { removeEmptyQueryParams: true },
    from: 'http://example.com/display?id=&sort=ascending',
    to: 'http://example.com/display?sort=ascending',
  },
  {
    step: 'Remove ? when the query is empty',
    options: { removeEmptyQuery: true },
    from: 'http://example.com/display?',
    to: 'http://example.com/display',
  },
];

describe('normalize: the examples of uri-normalization.md', () => {
  for (const ex of SPEC_EXAMPLES) {
    it(`${ex.step}: ${ex.from} → ${ex.to}`, () => {
      assert.equal(normalize(ex.from, { ...ALL_OFF, ...ex.options }), ex.to);
      // With every step off the example is left alone, so the step under test did the work.
      assert.equal(normalize(ex.from, ALL_OFF), ex.from);
    });
  }

  it('does not replace an IP address with a domain name (needs DNS; the spec calls it rarely safe)', () => {
    assert.equal(
      normalize('http://208.77.188.166/', { addWww: true, removeQueryParams: [/./] }),
      'http://208.77.188.166/',
    );
  });
});

describe('normalize: NORMALIZE_STEPS', () => {
  it('lists every boolean step once, with a label and whether it preserves semantics', () => {
    const keys = NORMALIZE_STEPS.map((s) => s.key);
    assert.equal(new Set(keys).size, keys.length);
    assert.deepEqual([...keys].sort(), [
      'addTrailingSlash',
      'addWww',
      'decodeUnreserved',
      'emptyPathToSlash',
      'forceHttp',
      'forceHttps',
      'lowercaseHost',
      'lowercaseScheme',
      'removeDefaultPort',
      'removeDirectoryIndex',
      'removeDotSegments',
      'removeDuplicateSlashes',
      'removeEmptyQuery',
      'removeEmptyQueryParams',
      'removeFragment',
      'removeTrailingSlash',
      'removeWww',
      'sortQuery',
      'uppercaseEscapes',
    ]);
    for (const s of NORMALIZE_STEPS) assert.ok(s.label.length > 0 && s.label.length < 40, s.key);
  });

  it('names contradicting steps as the step picker does (issue 21)', () => {
    assert.deepEqual(NORMALIZE_CONFLICTS, [
      ['forceHttp', 'forceHttps'],
      ['addWww', 'removeWww'],
      ['addTrailingSlash', 'removeTrailingSlash'],
    ]);
    assert.throws(
      () => normalize('http://a.com/', { forceHttp: true, forceHttps: true }),
      /The steps "Force http" \(forceHttp\) and "Force https" \(forceHttps\) contradict each other/,
    );
  });

  it('marks exactly the default-on steps as preserving semantics', () => {
    const urls = ['HTTP://Example.COM:80/a/./b/%7e', 'http://example.com'];
    for (const s of NORMALIZE_STEPS) {
      const onByDefault = urls.some((u) => normalize(u, { ...ALL_OFF, [s.key]: undefined }) !== u);
      assert.equal(onByDefault, s.preservesSemantics, s.key);
    }
  });

  for (const s of NORMALIZE_STEPS) {
    it(`${s.key}: its description's example holds with only that step on`, () => {
      const [from, to] = s.description.split(' → ');
      assert.equal(normalize(from, { ...ALL_OFF, [s.key]: true }), to);
      assert.equal(normalize(from, ALL_OFF), from);
    });
  }
});
