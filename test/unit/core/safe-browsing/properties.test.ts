import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { UrlError } from '../../../../src/core/common/errors';
import { canonicalize } from '../../../../src/core/safe-browsing/canonicalize';
import { unescapeFully, unescapeOnce } from '../../../../src/core/safe-browsing/escape';
import { expressions } from '../../../../src/core/safe-browsing/expressions';

// Pieces chosen to hit every rule: escapes (also of escapes and of structure characters), dots,
// IP encodings, IDNs, backslashes, userinfo, ports, queries and fragments.
const SCHEMES = [
  '',
  'http://',
  'HTTPS://',
  'ftp://',
  'http:',
  'http:\\\\',
  '//',
  'foo://',
  'ws://',
];
const HOST_PARTS = [
  'a',
  'B',
  'example',
  'com',
  'co',
  'uk',
  '.',
  '..',
  '%2e',
  '%25',
  '%2525',
  '%41',
  '%7F',
  '%ff',
  '%C3%BC',
  '\u00fc',
  '\u4f8b',
  '\uff11',
  '0x1f',
  '012',
  '3279880203',
  '255',
  '1',
  '-',
  '_',
  '!',
  '<',
  '%00',
  '%20',
  ' ',
  '\t',
  '%2F',
  '%40',
  '%3A',
  '%5B',
  'xn--',
  '\u00df',
];
const HOSTS = [
  '[::1]',
  '[2001:0db8::0001]',
  '[::ffff:1.2.3.4]',
  '[64:ff9b::102:304]',
  '[::]',
  '[1:2:3:4:5:6:7:8]',
];
const PATH_PARTS = [
  '/',
  '//',
  '\\',
  '.',
  '..',
  '/./',
  '/../',
  'a',
  'B',
  '%2F',
  '%2e',
  '%2E%2E',
  '%25',
  '%%',
  '%252F',
  '%5C',
  '%3F',
  '%23',
  ' ',
  '\u00e9',
  '~',
  ';',
  '@',
  ':',
  '%0a',
  '\n',
  '%',
];
const QUERY_PARTS = ['', '?', '?a=1', '?/./..//', '??', '?%25%32%35', '?\\', '?x#y', '?%3F'];

const urlArb = fc
  .tuple(
    fc.constantFrom(...SCHEMES),
    fc.option(fc.constantFrom('u@', 'u:p@', '%40@', 'a@b@'), { nil: '' }),
    fc.oneof(
      fc
        .array(fc.constantFrom(...HOST_PARTS), { minLength: 1, maxLength: 8 })
        .map((a) => a.join('')),
      fc.constantFrom(...HOSTS),
    ),
    fc.option(fc.constantFrom(':80', ':8080', ':', ':0'), { nil: '' }),
    fc.array(fc.constantFrom(...PATH_PARTS), { maxLength: 10 }).map((a) => a.join('')),
    fc.constantFrom(...QUERY_PARTS),
    fc.option(fc.constantFrom('#', '#frag', '#%23'), { nil: '' }),
  )
  .map(
    ([s, u, h, p, path, q, f]) =>
      `${s}${u}${h}${p}${path.startsWith('/') || path === '' ? '' : '/'}${path}${q}${f}`,
  );

function canonicalOrRefusal(url: string): string | undefined {
  try {
    return canonicalize(url);
  } catch (e) {
    assert.ok(e instanceof UrlError, `${JSON.stringify(url)} threw ${String(e)}`);
    return undefined;
  }
}

describe('Safe Browsing properties', () => {
  it('the linear unescaping equals unescaping again and again until nothing changes', () => {
    const naive = (s: string): string => {
      for (;;) {
        const t = unescapeOnce(s);
        if (t === s) return s;
        s = t;
      }
    };
    const escapey = fc
      .array(fc.constantFrom('%', '2', '5', '3', '4', '1', 'a', 'F', 'g', '%25', '%32', '%35'), {
        maxLength: 30,
      })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(escapey, (s) => {
        assert.equal(unescapeFully(s), naive(s));
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it('canonicalize is idempotent over generated URLs', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        const once = canonicalOrRefusal(url);
        if (once !== undefined)
          assert.equal(canonicalize(once), once, `input ${JSON.stringify(url)}`);
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it('expressions of a URL and of its canonical form are the same', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        const once = canonicalOrRefusal(url);
        if (once === undefined) return;
        const list = expressions(url);
        assert.deepEqual(expressions(once), list);
        assert.ok(list.length >= 1 && list.length <= 30 && new Set(list).size === list.length);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('canonical URLs are printable ASCII without fragments', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        const once = canonicalOrRefusal(url);
        if (once !== undefined) assert.match(once, /^[a-z][a-z0-9+.-]*:\/\/[\x21-\x22\x24-\x7e]+$/);
      }),
      { seed: 1, numRuns: 2000 },
    );
  });

  it('arbitrary strings give a result or a UrlError, never another exception', () => {
    const anyString = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      urlArb.map((u) => u.slice(0, 25)),
    );
    fc.assert(
      fc.property(anyString, (text) => {
        const once = canonicalOrRefusal(text);
        if (once !== undefined) {
          assert.equal(canonicalize(once), once, `input ${JSON.stringify(text)}`);
          expressions(text);
        }
      }),
      { seed: 3, numRuns: 3000 },
    );
  });

  // canonicalize takes a fast way for plain `http(s)://host/path?query` URLs. A `#` sends any URL
  // the full way (and the fragment goes), so `u#` checks the fast way against the full one.
  it('the fast way for common URLs gives what the full way gives', () => {
    const plain = fc
      .tuple(
        fc.constantFrom('http://', 'https://'),
        fc
          .array(
            fc.constantFrom(
              'a',
              'B',
              'example',
              '.',
              '..',
              '-',
              '_',
              '1',
              '%41',
              '%C3%BC',
              '%20',
              'xn--',
            ),
            {
              minLength: 1,
              maxLength: 6,
            },
          )
          .map((a) => a.join('')),
        fc
          .array(
            fc.constantFrom(
              '/',
              '//',
              '.',
              '..',
              '/./',
              '/../',
              'a',
              'B',
              '%20',
              '%2F',
              '%2e',
              '%25',
              '%3f',
              '%C3%A9',
              '%7F',
              '%0A',
              '%23',
              '~',
              ';',
              '"',
              '<',
              '!',
            ),
            { maxLength: 8 },
          )
          .map((a) => a.join('')),
        fc.constantFrom('', '?', '?a=1', '?a=%20&b=%C3%A9', '?/./..//', '?\\', '??'),
      )
      .map(([scheme, host, path, query]) => `${scheme}${host}${path}${query}`);
    fc.assert(
      fc.property(plain, (url) => {
        assert.equal(canonicalOrRefusal(url), canonicalOrRefusal(`${url}#`), url);
      }),
      { seed: 5, numRuns: 5000 },
    );
    // And the spec's own examples of already-canonical and nearly canonical URLs.
    for (const url of [
      'http://www.google.com/',
      'http://www.google.com/q?r?s',
      'http://a.b/c/../d%20e',
    ]) {
      assert.equal(canonicalize(url), canonicalize(`${url}#`), url);
    }
    assert.equal(canonicalize('http://www.google.com/q?r?s'), 'http://www.google.com/q?r?s');
    assert.equal(canonicalize('http://Www.GOOgle.com/a/./b//c'), 'http://www.google.com/a/b/c');
  });
});
