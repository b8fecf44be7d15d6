// The reverse on every form of cache URL issue 13 names, read as a browser reads it.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  cacheUrl,
  findCache,
  parseCacheUrl,
  publisherUrl,
  reverseAmpUrl,
} from '../../../../src/core';
import { refuses } from './helpers';

describe("amp-reverse: issue 13's cache URLs, read as a browser reads them", () => {
  it('reverses the legacy bare cache host (/c/, /v/, the origin.com%3A81 port form), as amphtml getSourceUrl does', () => {
    const bare = reverseAmpUrl('https://cdn.ampproject.org/c/s/www.example.com/a');
    assert.equal(bare.url, 'https://www.example.com/a');
    assert.equal(bare.host.id, 'google-bare');
    assert.equal(bare.prefix, undefined);
    assert.deepEqual(bare.warnings, []);
    assert.equal(
      publisherUrl('https://cdn.ampproject.org/v/s/www.example.com/a'),
      'https://www.example.com/a',
    );
    assert.equal(
      publisherUrl('https://cdn.ampproject.org/c/www.example.com/a'),
      'http://www.example.com/a',
    );
    assert.equal(
      publisherUrl('https://cdn.ampproject.org/c/s/origin.com%3A81/foo/'),
      'https://origin.com:81/foo/',
    );
    assert.equal(parseCacheUrl('https://cdn.ampproject.org/c/s/www.example.com/a').prefix, '');
    // The runtime's own files live there too: they are no cache URLs.
    refuses(
      () => publisherUrl('https://cdn.ampproject.org/v0.js'),
      'not-a-cache-url',
      /AMP runtime script of the AMP project, not a cache URL/,
    );
  });

  it('reverses the observed <prefix>.bing-amp.com form and the retired Cloudflare cache (with a warning)', () => {
    assert.equal(
      publisherUrl('https://www-example-com.bing-amp.com/c/s/www.example.com/a'),
      'https://www.example.com/a',
    );
    assert.equal(
      publisherUrl('https://www-example-org.bing-amp.com/c/s/www.example.org/amp/info'),
      'https://www.example.org/amp/info',
    );
    assert.equal(
      findCache('https://www-example-com.bing-amp.com/c/s/www.example.com/a')?.id,
      'bing',
    );
    const cf = reverseAmpUrl('https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a');
    assert.equal(cf.url, 'https://www.example.com/a');
    assert.equal(cf.host.status, 'retired');
    assert.match(cf.warnings[0], /Cloudflare AMP Cache \(retired\) no longer serves pages/);
  });

  it('reverses a/ad (ad landing pages), mbv (video), ii/AW (Google image form), ports in the path', () => {
    const cases: [string, string, string][] = [
      [
        'https://www-example-com.cdn.ampproject.org/a/s/www.example.com/a',
        'https://www.example.com/a',
        'a',
      ],
      [
        'https://www-example-com.cdn.ampproject.org/ad/s/www.example.com/a',
        'https://www.example.com/a',
        'ad',
      ],
      [
        'https://www-example-com.cdn.ampproject.org/mbv/s/www.example.com/v.mp4',
        'https://www.example.com/v.mp4',
        'mbv',
      ],
      [
        'https://www-example-com.cdn.ampproject.org/ii/AW/s/www.example.com/i.jpg',
        'https://www.example.com/i.jpg',
        'ii',
      ],
      [
        'https://api-energate-de.cdn.ampproject.org/i/s/api.energate.de:81/x.jpg',
        'https://api.energate.de:81/x.jpg',
        'i',
      ],
      [
        'https://api-energate-de.cdn.ampproject.org/i/s/api.energate.de%3A81/x.jpg',
        'https://api.energate.de:81/x.jpg',
        'i',
      ],
      [
        'https://api-energate-de.cdn.ampproject.org/i/s/api.energate.de:443/x.jpg',
        'https://api.energate.de/x.jpg',
        'i',
      ],
      [
        'https://api-energate-de.cdn.ampproject.org/i/api.energate.de:80/x.jpg',
        'http://api.energate.de/x.jpg',
        'i',
      ],
    ];
    for (const [url, expected, type] of cases) {
      const r = reverseAmpUrl(url);
      assert.equal(r.url, expected, url);
      assert.equal(r.servingType, type);
      assert.deepEqual(r.warnings, [], url);
      assert.equal(publisherUrl(url), expected);
    }
    assert.equal(reverseAmpUrl(cases[3][0]).imageParam, 'AW');
    assert.equal(reverseAmpUrl(cases[3][0]).imageWidth, undefined);
  });

  it('strips every amp_js_* parameter, amp_gsa, amp_r, amp_kit, usqp, and says which were removed', () => {
    const r = reverseAmpUrl(
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?amp_js_v=0.1&amp_js_foo=1&usqp=mq331AQ',
    );
    assert.equal(r.url, 'https://www.example.com/a');
    assert.deepEqual(r.removed, ['amp_js_v', 'amp_js_foo', 'usqp']);
    assert.deepEqual(
      reverseAmpUrl(
        'https://a-com.cdn.ampproject.org/c/s/a.com/?amp_jsx=1&amp_r=1&amp_kit=2&amp_gsa=1&q=1',
      ).removed,
      ['amp_jsx', 'amp_r', 'amp_kit', 'amp_gsa'],
    );
    assert.deepEqual(
      reverseAmpUrl('https://a-com.cdn.ampproject.org/c/s/a.com/?amp=1').removed,
      [],
    );
  });

  it("reverses the path the browser requests: issue 13's ../ example names evil.com, with both warnings", () => {
    const r = reverseAmpUrl(
      'https://example-com.cdn.ampproject.org/c/s/example.com/x/../../../../c/s/evil.com/y',
    );
    assert.equal(r.url, 'https://evil.com/y');
    assert.equal(r.warnings.length, 2);
    assert.match(
      r.warnings[0],
      /resolves to "\/c\/s\/evil.com\/y" in a browser.*leaves "\/c\/s\/example.com\/"/,
    );
    assert.match(
      r.warnings[1],
      /"example-com.cdn.ampproject.org" is not the one of "evil.com" \("evil-com.cdn.ampproject.org"\)/,
    );
    // The same with %2e, backslashes, tabs and newlines: a browser reads them all alike.
    for (const spelling of [
      'https://example-com.cdn.ampproject.org/c/s/example.com/x/%2e%2e/%2E%2E/.%2e/%2e./c/s/evil.com/y',
      'https://example-com.cdn.ampproject.org\\c\\s\\example.com\\x\\..\\..\\..\\..\\c\\s\\evil.com\\y',
      'https://example-com.cdn.ampproject.org/c/s/example.com/x/../\t../../\n../c/s/evil.com/y',
    ])
      assert.equal(publisherUrl(spelling), 'https://evil.com/y', spelling);
  });

  it('keeps dot segments that stay inside the publisher path as written (the publisher resolves them alike)', () => {
    const r = reverseAmpUrl('https://a-com.cdn.ampproject.org/c/s/a.com/x/../y/./z');
    assert.equal(r.url, 'https://a.com/x/../y/./z');
    assert.deepEqual(r.warnings, []);
    assert.equal(
      publisherUrl('https://a-com.cdn.ampproject.org\\c\\s\\a.com\\x'),
      'https://a.com/x',
    );
    // Up out of the publisher path and back in is not the same path at the publisher: resolved.
    assert.equal(
      publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com/../a.com/y'),
      'https://a.com/y',
    );
  });

  it('refuses, with the reason, a path that resolves outside /<type>/[s/]<host>/', () => {
    refuses(
      () => publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/../../../x'),
      'not-a-cache-url',
      /resolves to "\/x" in a browser: outside \/<type>\/\[s\/\]<host>\//,
    );
    refuses(
      () => publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/../..'),
      'not-a-cache-url',
      /resolves to "\/c\/" in a browser/,
    );
  });

  it('publisherUrl(new URL(cacheUrl(u)).href) is new URL(u).href, minus what caches drop (property)', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const host = fc.array(label, { minLength: 2, maxLength: 4 }).map((l) => l.join('.'));
    const segment = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._~%-]{0,8}$/),
      fc.constantFrom('.', '..', '%2e', 'a b', 'ü', 'amp', 's', 'c'),
    );
    const path = fc.array(segment, { maxLength: 5 }).map((s) => `/${s.join('/')}`);
    const query = fc.option(fc.stringMatching(/^[a-z0-9=&%]{0,12}$/), { nil: undefined });
    // What caches add (dropped by the reverse): before the publisher's own query.
    const added = fc.constantFrom('', 'amp_js_v=0.1&', 'usqp=mq331AQ&amp_gsa=1&');
    const fragment = fc.option(fc.stringMatching(/^[a-z0-9=&]{0,8}$/), { nil: undefined });
    fc.assert(
      fc.property(fc.boolean(), host, path, query, added, fragment, (https, h, p, q, a, f) => {
        const u = `${https ? 'https' : 'http'}://${h}${p}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`;
        let href: string;
        let cache: string;
        try {
          href = new URL(u).href; // what a browser refuses has no page to reverse to
          cache = new URL(cacheUrl(u)).href;
        } catch {
          return; // what cacheUrl refuses has no cache URL to reverse
        }
        // cacheUrl writes the path as the text has it: where the browser's dot segments take it
        // out of the publisher's path, the cache URL names another page (issue 13, forward side).
        if (!new URL(cache).pathname.startsWith(`/c/${https ? 's/' : ''}${new URL(u).hostname}`))
          return;
        // Node 20's URL leaves some dot segments (`new URL('https://x.org/a/.A/.').href` keeps
        // the `/.`, which browsers resolve): no reference for those.
        if (/\/\.\.?(?:\/|$)/.test(new URL(href).pathname + new URL(cache).pathname)) return;
        const withAdded = q === undefined || a === '' ? cache : cache.replace('?', `?${a}`);
        assert.equal(publisherUrl(withAdded), href);
      }),
      { seed: 13, numRuns: 2000 },
    );
  });
});
