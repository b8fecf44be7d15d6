import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { UrlError } from '../../../../src/core/common/errors';
import {
  normalize,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  type NormalizeOptions,
} from '../../../../src/core/normalize/normalize';

const ALL_OFF: NormalizeOptions = Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, false]));

// URL pieces chosen to make the steps interact: escapes next to stray %, dot segments spelt with
// escapes, directory indexes, embedded URLs, www labels, default ports, empty parameters.
const schemes = fc.constantFrom(
  'http',
  'HTTP',
  'https',
  'HttpS',
  'ftp',
  'ws',
  'x-y',
  'mailto',
  'data',
  'file',
);
const hosts = fc.constantFrom(
  'example.com',
  'www.Example.COM',
  'WWW.co.uk',
  'www.www.example.com',
  '%77ww.ex%41mple.com',
  'EX%2aMPLE.com',
  '1.2.3.4',
  '[FE80::1%25En0]',
  '[::1]',
  '',
  'bücher.DE',
  'www.',
  'www.example.com.',
  'a b',
  'example.co.uk',
);
const ports = fc.option(fc.constantFrom('', '80', '080', '443', '8080', '21', 'x'), {
  nil: undefined,
});
const segments = fc.constantFrom(
  '',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  'index.html',
  'default.asp',
  'a',
  'B',
  '%7e',
  '%2a',
  '%',
  '%4',
  '%%34%31',
  '%41',
  'https:',
  'x.y',
  'a b',
  'é',
  '%2F',
  'home',
);
const params = fc.constantFrom(
  'a=1',
  'a',
  'b=',
  '',
  'utm_source=x',
  '%61=2',
  'c=%26',
  '=',
  'a=2',
  'B=3',
  'q=a+b',
  '%7E=1',
);

const urls: fc.Arbitrary<string> = fc
  .record({
    scheme: schemes,
    authority: fc.option(
      fc.record({
        user: fc.option(fc.constantFrom('u', 'U:p', '%41'), { nil: undefined }),
        host: hosts,
        port: ports,
      }),
      { nil: undefined },
    ),
    rooted: fc.boolean(),
    path: fc.array(segments, { maxLength: 6 }),
    query: fc.option(fc.array(params, { maxLength: 5 }), { nil: undefined }),
    fragment: fc.option(fc.constantFrom('', 'x', '%7e', 'a/../b'), { nil: undefined }),
  })
  .map(({ scheme, authority, rooted, path, query, fragment }) => {
    let url = `${scheme}:`;
    if (authority) {
      url += `//${authority.user !== undefined ? `${authority.user}@` : ''}${authority.host}${authority.port !== undefined ? `:${authority.port}` : ''}`;
    }
    const p = path.join('/');
    url += authority || rooted ? (p === '' && !rooted ? '' : `/${p}`) : p;
    if (query) url += `?${query.join('&')}`;
    if (fragment !== undefined) url += `#${fragment}`;
    return url;
  });

const anyStrings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom(
      '%',
      '/',
      '.',
      ':',
      '?',
      '#',
      '@',
      '[',
      ']',
      'a',
      'A',
      '2',
      'e',
      'w',
      '&',
      '=',
    ),
    maxLength: 60,
  }),
  fc.string({ maxLength: 40 }).map((s) => `http://${s}`),
);

const flag = fc.option(fc.boolean(), { nil: undefined });
const options: fc.Arbitrary<NormalizeOptions> = fc.record(
  {
    ...Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, flag])),
    removeDirectoryIndex: fc.oneof(flag, fc.subarray(['index.html', 'home', 'a', ''])),
    removeQueryParams: fc.option(fc.subarray<string | RegExp>(['a', /^utm_/, 'B', /^$/, /=/]), {
      nil: undefined,
    }),
  },
  { requiredKeys: [] },
);

function tryNormalize(url: string, o?: NormalizeOptions): string | UrlError {
  try {
    return normalize(url, o);
  } catch (e) {
    if (e instanceof UrlError) return e;
    throw e; // anything else fails the property
  }
}

describe('normalize: properties', () => {
  it('is idempotent for every options set', () => {
    fc.assert(
      fc.property(fc.oneof(urls, anyStrings), options, (url, o) => {
        const once = tryNormalize(url, o);
        if (once instanceof UrlError) return;
        assert.equal(normalize(once, o), once);
      }),
      { seed: 42, numRuns: 20000 },
    );
  });

  it('gives a result or a UrlError for any string and any options', () => {
    const wild = fc.oneof(options, fc.anything() as fc.Arbitrary<NormalizeOptions>);
    fc.assert(
      fc.property(fc.oneof(urls, anyStrings), wild, (url, o) => {
        const r = tryNormalize(url, o);
        assert.ok(typeof r === 'string' || r instanceof UrlError);
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it('changes nothing with every step off', () => {
    fc.assert(
      fc.property(fc.oneof(urls, anyStrings), (url) => {
        const r = tryNormalize(url, ALL_OFF);
        if (!(r instanceof UrlError)) assert.equal(r, url);
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it('never decodes or re-encodes reserved characters: the multiset of delimiters outside escapes only shrinks', () => {
    const delimiters = (s: string) =>
      s.replace(/%[0-9A-Fa-f]{2}/g, '').replace(/[^:/?#[\]@!$&'()*+,;=]/g, '').length;
    fc.assert(
      fc.property(urls, (url) => {
        const r = tryNormalize(url, NORMALIZE_PRESETS.safe);
        if (!(r instanceof UrlError))
          assert.ok(delimiters(r) <= delimiters(url) + 1, `${url} → ${r}`);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  it('makes the safe preset the default', () => {
    fc.assert(
      fc.property(urls, (url) => {
        const a = tryNormalize(url);
        const b = tryNormalize(url, NORMALIZE_PRESETS.safe);
        assert.deepEqual(a, b);
      }),
      { seed: 42, numRuns: 2000 },
    );
  });
});
