import * as assert from 'node:assert/strict';
import {
  AMP_CACHES,
  CACHE_QUERY_PARAMS,
  VIEWER_FRAGMENT_PARAMS,
  cacheOrigin,
  cacheUrl,
  findCache,
  parseCacheUrl,
  publisherUrl,
  reverseAmpUrl,
} from '../../../../src/core';
import { SPEC_HASH, refuses } from './helpers';

describe('amp-reverse: publisherUrl and parseCacheUrl', () => {
  it('reverses the spec examples', () => {
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html'),
      'https://example.com/amp_document.html',
    );
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org/i/example.com/logo.png'),
      'http://example.com/logo.png',
    );
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/g?value=Hello%20World'),
      'https://example.com/g?value=Hello%20World',
    );
  });

  it('reads every serving type on both caches', () => {
    for (const cache of AMP_CACHES) {
      for (const type of ['c', 'v', 'wp', 'cert', 'i', 'r']) {
        const parsed = parseCacheUrl(
          `https://a-example.${cache.cacheDomain}/${type}/s/a.example/p?q#f`,
        );
        assert.deepEqual(parsed, {
          cache,
          prefix: 'a-example',
          servingType: type,
          imageWidth: undefined,
          https: true,
          publisherUrl: 'https://a.example/p?q#f',
        });
      }
      const ii = parseCacheUrl(`https://a-example.${cache.cacheDomain}/ii/w800/a.example/img.png`);
      assert.equal(ii.servingType, 'ii');
      assert.equal(ii.imageWidth, 800);
      assert.equal(ii.https, false);
      assert.equal(ii.publisherUrl, 'http://a.example/img.png');
    }
  });

  it('drops the parameters caches add and keeps the publisher ones in order', () => {
    assert.deepEqual([...CACHE_QUERY_PARAMS].slice(0, 6), [
      'amp_js_v',
      'amp_gsa',
      'amp_r',
      'amp_kit',
      'usqp',
      'amp_latest_update_time',
    ]);
    const base = 'https://news-example-com.cdn.ampproject.org/v/s/news.example.com/story';
    assert.equal(
      publisherUrl(`${base}?amp_js_v=0.1&edition=de&usqp=mq331AQ&amp_gsa=1&x=%20#top`),
      'https://news.example.com/story?edition=de&x=%20#top',
    );
    assert.equal(
      publisherUrl(`${base}?amp_latest_update_time=1700000000&amp_r=1&amp_kit=1&amp_lite`),
      'https://news.example.com/story',
    );
    // Only exact names: publisher parameters that merely look alike stay.
    assert.equal(
      publisherUrl(`${base}?amp=1&usqp2=x&my_amp_js_v=2`),
      'https://news.example.com/story?amp=1&usqp2=x&my_amp_js_v=2',
    );
    assert.equal(publisherUrl(`${base}?`), 'https://news.example.com/story?');
  });

  it("drops the parameters an AMP viewer adds to the fragment, only from a viewer's parameter list", () => {
    assert.deepEqual([...VIEWER_FRAGMENT_PARAMS].slice(0, 4), [
      'aoh',
      'amp_tf',
      'ampshare',
      'referrer',
    ]);
    // A link shared from Google's AMP viewer.
    const shared =
      'https://news-example-com.cdn.ampproject.org/v/s/news.example.com/story.amp.html?amp_js_v=a6&amp_gsa=1&usqp=mq331AQ' +
      '#aoh=16823456789012&referrer=https%3A%2F%2Fwww.google.com&amp_tf=From%20%251%24s&ampshare=https%3A%2F%2Fnews.example.com%2Fstory.html';
    assert.equal(publisherUrl(shared), 'https://news.example.com/story.amp.html');
    const base = 'https://a-com.cdn.ampproject.org/c/s/a.com/x';
    assert.equal(publisherUrl(`${base}#amp_tf=From%20%251%24s`), 'https://a.com/x');
    assert.equal(
      publisherUrl(
        `${base}#origin=https%3A%2F%2Fwww.google.com&visibilityState=prerender&prerenderSize=1&cap=swipe`,
      ),
      'https://a.com/x',
    );
    // Other parameters of a viewer's list stay, in order.
    assert.equal(
      publisherUrl(`${base}#aoh=1&section=2&referrer=x&development=1`),
      'https://a.com/x#section=2&development=1',
    );
    // Any other fragment is the publisher's, kept exactly, even with a viewer's names later on.
    for (const fragment of [
      '#top',
      '#',
      '#/login?referrer=/home',
      '#section=1&aoh=2',
      '#Aoh=1',
      '#development=1',
      '#amp_tf',
    ]) {
      assert.equal(
        publisherUrl(`${base}${fragment}`),
        `https://a.com/x${fragment === '#amp_tf' ? '' : fragment}`,
      );
    }
  });

  it('keeps the root / before ? and the absence of a path', () => {
    assert.equal(
      publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com/?x=1'),
      'https://a.com/?x=1',
    );
    assert.equal(
      publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com?x=1'),
      'https://a.com?x=1',
    );
    assert.equal(publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com'), 'https://a.com');
  });

  it('needs a dot in the publisher host, as the AMP runtime does (issue 21)', () => {
    // amphtml getSourceUrl: "Expected a . in origin". No cache or viewer serves these.
    for (const url of [
      'https://x.cdn.ampproject.org/c/s/localhost/secret',
      'https://cdn.ampproject.org/v/yyy/',
      cacheUrl('http://s/x'),
      'https://www.google.com/amp/s/intranet/page',
    ])
      refuses(() => publisherUrl(url), 'not-a-cache-url', /requires a "\."/);
    // So `/s/` after the serving type always means https.
    const sPrefix = cacheUrl('http://s/x').split('/')[2].split('.')[0];
    assert.equal(
      publisherUrl(`https://${sPrefix}.cdn.ampproject.org/c/s/a.com/x`),
      'https://a.com/x',
    );
  });

  it('keeps a publisher host written in Unicode (as the toolbox writes it)', () => {
    assert.equal(
      publisherUrl('https://xn---com-k47jg78q.cdn.ampproject.org/c/s/點看.com'),
      'https://點看.com',
    );
  });

  it('reverses by the path a publisher host that the domain prefix does not name, with a look-alike warning naming both hosts', () => {
    // Was refused; the browser and amphtml's getSourceUrl read such a URL by its path (issue 13).
    const other = reverseAmpUrl('https://example-com.cdn.ampproject.org/c/s/other.com/x');
    assert.equal(other.url, 'https://other.com/x');
    assert.deepEqual(other.warnings, [
      'The cache host "example-com.cdn.ampproject.org" is not the one of "other.com" ("other-com.cdn.ampproject.org"): the cache serves the page by its path, so this is "other.com"\'s page; check the link is not a look-alike.',
    ]);
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org/i/other.com/x.png'),
      'http://other.com/x.png',
    );
    const www = reverseAmpUrl(
      'https://example-com.cdn.ampproject.org/ii/w800/s/www.example.com/x.png',
    );
    assert.equal(www.url, 'https://www.example.com/x.png');
    assert.match(www.warnings[0], /www-example-com\.cdn\.ampproject\.org/);
    // A hashed prefix: the path host hashes to it, or the warning says so.
    const long = `${'a'.repeat(60)}.example.com`;
    const hashed = cacheUrl(`http://${long}/x`);
    assert.match(hashed, /^https:\/\/[a-z2-7]{52}\./);
    assert.deepEqual(reverseAmpUrl(hashed).warnings, []);
    assert.equal(publisherUrl(hashed), `http://${long}/x`);
    assert.match(
      reverseAmpUrl(hashed.replace(`/${long}/`, '/otherhost.example/')).warnings[0],
      /otherhost/,
    );
    assert.match(
      reverseAmpUrl(`https://${SPEC_HASH}.cdn.ampproject.org/c/s/example.com/`).warnings[0],
      /example-com/,
    );
    // IPv6 literals, which cacheUrl refuses, are refused here too (was https://[::1]/x).
    refuses(
      () => publisherUrl('https://example-com.cdn.ampproject.org/c/s/[::1]/x'),
      'not-a-cache-url',
      /IPv6/,
    );
    refuses(
      () => publisherUrl(`https://${SPEC_HASH}.cdn.ampproject.org/c/[::1]/x`),
      'not-a-cache-url',
      /IPv6/,
    );
  });

  it('still reads every real spelling of the publisher host: case, Unicode, xn--, IPv4, both caches', () => {
    assert.equal(
      publisherUrl('https://www-example-com.cdn.ampproject.org/c/s/WWW.Example.COM/x'),
      // The host as the browser loads it: lower-cased (issue 27).
      'https://www.example.com/x',
    );
    assert.equal(
      publisherUrl('https://xn--bcher-ch-65a.cdn.ampproject.org/c/s/bücher.ch/x'),
      'https://bücher.ch/x',
    );
    assert.equal(
      publisherUrl('https://xn--bcher-ch-65a.www.bing-amp.com/r/xn--bcher-kva.ch/f.woff2'),
      'http://xn--bcher-kva.ch/f.woff2',
    );
    assert.equal(
      publisherUrl('https://1-2-3-4.cdn.ampproject.org/i/1.2.3.4/a.png'),
      'http://1.2.3.4/a.png',
    );
    assert.equal(
      publisherUrl('https://0-en--us-example-com-0.cdn.ampproject.org/wp/s/en-us.example.com/'),
      'https://en-us.example.com/',
    );
  });

  it('reads the cache URLs of seed 003, which have no serving type, as content over http', () => {
    // Seed 003 ("Redirect & Error Handling") writes cache URLs without /c/s. The first segment
    // is then the publisher host, checked against the prefix; without /s the format says http.
    const seed: [string, string][] = [
      [
        'https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/redirect?url=https://amp.dev/index.amp.html',
        'http://amp.dev/documentation/examples/api/redirect?url=https://amp.dev/index.amp.html',
      ],
      [
        'https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/not-found',
        'http://amp.dev/documentation/examples/api/not-found',
      ],
      [
        'https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/invalid-amp',
        'http://amp.dev/documentation/examples/api/invalid-amp',
      ],
      [
        'https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/server-error',
        'http://amp.dev/documentation/examples/api/server-error',
      ],
    ];
    for (const [cache, publisher] of seed) {
      assert.equal(publisherUrl(cache), publisher);
      const parsed = parseCacheUrl(cache);
      assert.equal(parsed.servingType, 'c');
      assert.equal(parsed.https, false);
      assert.equal(findCache(cache)?.id, 'google');
    }
    assert.equal(publisherUrl('https://amp-dev.cdn.ampproject.org/amp.dev'), 'http://amp.dev');
    assert.equal(
      publisherUrl('https://amp-dev.cdn.ampproject.org/AMP.dev/?usqp=1#x'),
      'http://amp.dev/#x',
    );
    // Only the host of the prefix: anything else is still no cache URL.
    refuses(
      () => publisherUrl('https://amp-dev.cdn.ampproject.org/example.com/x'),
      'not-a-cache-url',
      /neither a serving type .* nor the publisher host/,
    );
    refuses(
      () => publisherUrl('https://amp-dev.cdn.ampproject.org/s/amp.dev/x'),
      'not-a-cache-url',
    );
    refuses(() => publisherUrl('https://amp-dev.cdn.ampproject.org/x/amp.dev/'), 'not-a-cache-url');
  });

  it('reads no publisher host named like a serving type: it has no dot (issue 21)', () => {
    for (const url of ['http://c/x', 'http://c/c/x', 'https://c/x', 'http://ii/w800/x', 'http://v'])
      refuses(() => publisherUrl(cacheUrl(url)), 'not-a-cache-url', /requires a "\."/);
    const c = cacheOrigin('c');
    // other.com under the type c, with a look-alike warning (c's prefix is not other.com's).
    assert.equal(publisherUrl(`${c}/c/other.com/x`), 'http://other.com/x');
  });

  it('refuses what is not a cache URL', () => {
    for (const url of [
      'https://example.com/c/s/example.com/',
      'https://a-com.cdn.ampproject.org/',
      'https://a-com.cdn.ampproject.org',
      'https://a-com.cdn.ampproject.org/x/s/a.com/',
      'https://a-com.cdn.ampproject.org/c/s/',
      'https://a-com.cdn.ampproject.org/c/',
      'https://a-com.cdn.ampproject.org/ii/s/a.com/i.png',
      'https://a-com.cdn.ampproject.org/ii/w0/a.com/i.png',
      'https://a-com.cdn.ampproject.org/c/s/a.com:99999/x',
      'https://a-com.cdn.ampproject.org/c/s/a.com:x/x',
      'https://a-com.cdn.ampproject.org/c/s/u@a.com/x',
      'mailto:a@a-com.cdn.ampproject.org',
      'a-com.cdn.ampproject.org/c/s/a.com/',
    ]) {
      refuses(() => publisherUrl(url), 'not-a-cache-url');
    }
    refuses(() => publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com/a b'), 'invalid-url');
    refuses(() => publisherUrl(''), 'empty');
    refuses(() => parseCacheUrl(null as unknown as string), 'invalid-url');
  });
});
