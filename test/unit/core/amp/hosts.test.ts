// The hosts table (hosts.ts): one line per host drives the classifier (ampUrlKind, findCache)
// and the reverse. Issue 13's table of URLs people have, and what must NOT count as AMP.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  AMP_CACHES,
  AMP_HOSTS,
  ampUrlKind,
  findCache,
  matchHost,
  type AmpCache,
} from '../../../../src/core';

/**
 * ampUrlKind of URLs built from `labels` and `paths` gives what it gives with the host in upper
 * case, which no shortcut takes: the full browser reading (property, over the cache lists).
 */
function agreesWithFullReading(
  labels: readonly string[],
  paths: readonly string[],
  lists: readonly (readonly AmpCache[])[],
  seed: number,
): void {
  const url = fc.tuple(
    fc.constantFrom('http://', 'https://'),
    fc.array(fc.constantFrom(...labels), { minLength: 1, maxLength: 5 }),
    fc.boolean(),
    fc.constantFrom(...paths),
  );
  fc.assert(
    fc.property(url, fc.constantFrom(...lists), ([scheme, hostLabels, dot, path], caches) => {
      const host = hostLabels.join('.') + (dot ? '.' : '');
      const written = ampUrlKind(scheme + host + path, caches);
      const full = ampUrlKind(scheme + host.toUpperCase() + path, caches);
      assert.deepEqual(written, full, scheme + host + path);
    }),
    { seed, numRuns: 3000 },
  );
}

describe('amp-hosts: the table', () => {
  it('lists every recognised host once, registered caches first', () => {
    assert.deepEqual(
      AMP_HOSTS.map((h) => `${h.id} ${h.kind} ${h.status} ${h.match} ${h.domain}`),
      [
        'google cache registered prefixed cdn.ampproject.org',
        'bing cache registered prefixed www.bing-amp.com',
        'bing-observed cache observed prefixed bing-amp.com',
        'google-bare cache legacy exact cdn.ampproject.org',
        'cloudflare cache retired prefixed amp.cloudflare.com',
        'google-viewer viewer registered google google',
        'bing-viewer viewer registered exact www.bing.com',
        'bing-viewer-bare viewer observed exact bing.com',
        'yahoo-japan-viewer viewer registered exact search.yahoo.co.jp',
        'ampproject-frames project registered prefixed ampproject.net',
      ],
    );
    assert.equal(AMP_HOSTS[0].cache, AMP_CACHES[0]);
    assert.equal(AMP_HOSTS[2].cache, AMP_CACHES[1]); // the observed form serves for Bing
    assert.ok(Object.isFrozen(AMP_HOSTS) && Object.isFrozen(AMP_HOSTS[0]));
  });

  it('matches a prefixed host by its one-label prefix, an exact host, and the Google domains', () => {
    assert.deepEqual(matchHost('www-example-com.cdn.ampproject.org'), {
      entry: AMP_HOSTS[0],
      prefix: 'www-example-com',
    });
    assert.equal(matchHost('www-example-com.bing-amp.com')?.entry.id, 'bing-observed');
    assert.equal(matchHost('a-com.www.bing-amp.com')?.entry.id, 'bing');
    assert.equal(matchHost('cdn.ampproject.org')?.entry.id, 'google-bare');
    assert.equal(matchHost('x-com.amp.cloudflare.com')?.entry.id, 'cloudflare');
    assert.equal(matchHost('search.yahoo.co.jp')?.entry.id, 'yahoo-japan-viewer');
    assert.equal(matchHost('www.bing.com')?.entry.id, 'bing-viewer');
    assert.equal(matchHost('bing.com')?.entry.id, 'bing-viewer-bare'); // issue 21
    for (const google of [
      'www.google.com',
      'google.com',
      'www.google.co.uk',
      'www.google.de',
      'www.google.com.au',
      'www.google.co.jp',
      'www.google.cat',
      'google.co',
    ])
      assert.equal(matchHost(google)?.entry.id, 'google-viewer', google);
    for (const other of [
      'a.b.cdn.ampproject.org', // two labels: no wildcard certificate covers it
      'xcdn.ampproject.org',
      'cdn.ampproject.org.evil.example',
      'news.google.com', // a Google host, but no /amp/ viewer
      'mail.google.com',
      'www.google.example',
      'www.google.community',
      'www.google.co.abc',
      'google.com.evil.example',
      'amp.example.com',
      'yahoo.co.jp',
      '',
    ])
      assert.equal(matchHost(other), undefined, other);
    assert.equal(matchHost(5 as unknown as string), undefined);
  });

  it('adds custom caches from the settings, keeps the other entries whatever the list', () => {
    const mine: AmpCache[] = [{ id: 'x', name: 'X', cacheDomain: 'amp.example.net' }];
    const m = matchHost('a-com.amp.example.net', mine);
    assert.equal(m?.entry.status, 'custom');
    assert.equal(m.entry.cache, mine[0]);
    assert.equal(matchHost('a-com.cdn.ampproject.org', mine), undefined); // registered: only when listed
    assert.equal(matchHost('cdn.ampproject.org', mine)?.entry.id, 'google-bare');
    assert.equal(matchHost('www.google.com', mine)?.entry.id, 'google-viewer');
    assert.equal(matchHost('a-com.cdn.ampproject.org', [])?.entry, undefined);
  });
});

describe('amp-hosts: ampUrlKind and findCache (the classifier)', () => {
  const cases: [string, string | undefined][] = [
    ['https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a', 'cache google'],
    ['https://www-example-com.cdn.ampproject.org', 'cacheOrigin google'],
    ['https://www-example-com.cdn.ampproject.org/', 'cacheOrigin google'],
    ['https://www-example-com.cdn.ampproject.org/?x=1', 'cache google'],
    ['https://cdn.ampproject.org/c/s/www.example.com/a', 'cache google-bare'],
    ['https://cdn.ampproject.org/v/s/www.example.com/a', 'cache google-bare'],
    ['https://cdn.ampproject.org/c/s/origin.com%3A81/foo/', 'cache google-bare'],
    ['https://www-example-com.bing-amp.com/c/s/www.example.com/a', 'cache bing-observed'],
    ['https://www-example-org.bing-amp.com/c/s/www.example.org/amp/info', 'cache bing-observed'],
    ['https://example-com.www.bing-amp.com/c/s/example.com/n/story?ref=b', 'cache bing'],
    ['https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a', 'cache cloudflare'],
    ['https://www.google.com/amp/s/www.example.com/a', 'viewer google-viewer'],
    ['https://www.google.co.uk/amp/s/www.example.com/a', 'viewer google-viewer'],
    ['https://www.google.com/amp/www.example.com/a', 'viewer google-viewer'],
    ['https://www.bing.com/amp/s/amp.example.com/a', 'viewer bing-viewer'],
    ['https://bing.com/amp/s/amp.example.com/a', 'viewer bing-viewer-bare'],
    [
      'https://search.yahoo.co.jp/amp/s/mem-archive.com/2019/04/21/post-1778/%3Famp%3D1%26usqp%3Dmq331AQGsAEggAID',
      'viewer yahoo-japan-viewer',
    ],
    // Read as a browser reads it: the path that is requested decides.
    ['https://www.google.com/x/../amp/s/www.example.com/a', 'viewer google-viewer'],
    ['https://WWW.GOOGLE.COM/amp/s/www.example.com/a', 'viewer google-viewer'],
    // Merely containing "amp" is no AMP URL: no guessing.
    ['https://amp.example.com/a', undefined],
    ['https://www.example.com/amp/', undefined],
    ['https://www.example.com/amp/s/www.example.com/a', undefined],
    ['https://www.example.com/a?amp=1', undefined],
    ['https://www.example.com/a.amp.html', undefined],
    ['https://www.google.com/search?q=amp', undefined],
    ['https://www.google.com/amp/', undefined],
    ['https://www.google.com/ampx/s/www.example.com/', undefined],
    ['https://news.google.com/amp/s/www.example.com/a', undefined],
    ['https://www.bing.com/search?q=amp', undefined],
    // The AMP project's own files (the runtime on the bare cache host, its frames): not cache
    // URLs, and no publisher pages either (issue 21).
    ['https://cdn.ampproject.org/v0.js', 'project google-bare AMP runtime script'],
    ['https://cdn.ampproject.org/v0/amp-bind-0.1.js', 'project google-bare AMP component script'],
    ['https://cdn.ampproject.org/lts/v0.js', 'project google-bare AMP runtime script'],
    [
      'https://cdn.ampproject.org/rtv/012105150310000/v0/amp-ad-0.1.js',
      'project google-bare AMP component script',
    ],
    ['https://cdn.ampproject.org/sw/amp-sw.js', 'project google-bare AMP service worker'],
    ['https://cdn.ampproject.org/caches.json', 'project google-bare AMP Caches list'],
    ['https://cdn.ampproject.org/', 'project google-bare AMP project file'],
    [
      'https://d-123.ampproject.net/2105150310000/frame.html',
      'project ampproject-frames AMP third-party frame',
    ],
    ['https://www-example-com.cdn.ampproject.org/v0.js', 'project google AMP runtime script'],
    ['https://www-example-com.cdn.ampproject.org:8443/c/s/www.example.com/a', undefined],
    ['ftp://www-example-com.cdn.ampproject.org/c/s/www.example.com/a', undefined],
  ];

  for (const [url, expected] of cases) {
    it(`${url} -> ${expected ?? 'not AMP'}`, () => {
      const found = ampUrlKind(url);
      assert.equal(
        found && `${found.kind} ${found.host.id}${found.file ? ` ${found.file}` : ''}`,
        expected,
      );
      const cache = findCache(url);
      if (expected?.startsWith('cache')) assert.equal(cache, found?.host.cache);
      else assert.equal(cache, undefined);
    });
  }

  it('never throws', () => {
    for (const input of [null, undefined, 42, '', '\u0000', 'x'.repeat(2_000_000), {}])
      assert.equal(ampUrlKind(input as string), undefined);
    assert.equal(
      ampUrlKind('https://a-com.cdn.ampproject.org/', 'nope' as unknown as []),
      undefined,
    );
  });
});

describe('amp-hosts: ampUrlKind reads a plain host in place', () => {
  // A lower-case ASCII host is matched where it stands (the classifier asks every URL of a
  // document); an upper-case letter sends the same URL through the full browser reading.
  const custom: AmpCache = { id: 'mine', name: 'Mine', cacheDomain: 'amp.example.net' };
  const lists = [AMP_CACHES, [...AMP_CACHES, custom]];
  const labels = [
    'cdn',
    'ampproject',
    'org',
    'www',
    'google',
    'com',
    'co',
    'uk',
    'bing-amp',
    'bing',
    'amp',
    'cloudflare',
    'search',
    'yahoo',
    'jp',
    'example',
    'net',
    'www-example-com',
    'xcdn',
    'news',
    'a-b',
    '',
  ];
  const paths = [
    '/c/s/a.com/x',
    '/amp/s/a.com/x',
    '/',
    '',
    '?x=1',
    '#f',
    '/v0.js',
    '\\c\\s\\a.com',
    '/x/../amp/s/a.com',
    '/i/a.com/p.png',
    ':443/c/s/a.com',
    '@a.com/c/s/a.com',
  ];
  it('gives the same answer as the full reading (property)', () => {
    agreesWithFullReading(labels, paths, lists, 13);
  });

  it('finds every kind of table host written plainly, and no look-alike', () => {
    const found = (u: string, caches = lists[1]) => ampUrlKind(u, caches)?.host.id;
    assert.equal(found('https://a-com.cdn.ampproject.org./c/s/a.com/x'), 'google');
    assert.equal(found('https://google.co.uk/amp/s/a.com/x'), 'google-viewer');
    assert.equal(found('http://search.yahoo.co.jp/amp/s/a.com/x'), 'yahoo-japan-viewer');
    assert.equal(found('https://a-com.amp.example.net/c/s/a.com/x'), 'mine');
    assert.equal(found('https://a-com.amp.example.net/c/s/a.com/x', AMP_CACHES), undefined);
    assert.equal(found('https://xcdn.ampproject.org/c/s/a.com/x'), undefined);
    assert.equal(found('https://a-com.cdn.ampproject.org.evil.com/c/s/a.com/x'), undefined);
  });
});

describe('amp-hosts: ampUrlKind reads a host written in Unicode without the rest of the reading', () => {
  // A lower-case host with non-ASCII characters is taken to its ASCII form (as the full reading
  // does) and looked up; upper case sends the same URL through the full reading. The labels map to
  // table hosts' labels (full-width letters, the ideographic full stop), to several labels (㏂ is
  // `a.m.`, ⒈ is `1.`), to nothing (a soft hyphen, a zero-width joiner), or are refused.
  const labels = [
    'bücher',
    'пример',
    '例え',
    'ｃｄｎ',
    'ａｍｐｐｒｏｊｅｃｔ',
    'ｏｒｇ',
    'ｇｏｏｇｌｅ',
    'ｗｗｗ',
    'cdn',
    'ampproject',
    'org',
    'www',
    'google',
    'com',
    'bing-amp',
    'a-com',
    'xn--bcher-kva',
    '㏂',
    '⒈',
    'a\u00adb',
    '\u200d',
    'ü\u3002cdn',
    '',
  ];
  const paths = ['/c/s/a.com/x', '/amp/s/a.com/x', '/', '', '?x=1', '#f', '/v0.js', '/a b'];
  it('gives the same answer as the full reading (property)', () => {
    agreesWithFullReading(labels, paths, [AMP_CACHES], 26);
  });

  it('finds table hosts written in full-width letters or with a Unicode prefix', () => {
    const found = (u: string) => ampUrlKind(u)?.host.id;
    assert.equal(found('https://ｃｄｎ．ａｍｐｐｒｏｊｅｃｔ．ｏｒｇ/c/s/a.com/x'), 'google-bare');
    assert.equal(found('https://bücher-de.cdn.ampproject.org/c/s/bücher.de/'), 'google');
    assert.equal(found('https://www.ｇｏｏｇｌｅ.com/amp/s/a.com/x'), 'google-viewer');
    assert.equal(found('https://bücher.cdn.ampproject.org.example/c/s/a.com/x'), undefined);
  });
});
