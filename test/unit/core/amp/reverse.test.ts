import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  AMP_CACHES,
  CACHE_QUERY_PARAMS,
  VIEWER_FRAGMENT_PARAMS,
  cacheOrigin,
  cacheUrl,
  findCache,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  reverseAmpUrl,
  type AmpCache,
} from '../../../../src/core';
import { fastPublisherUrl } from '../../../../src/core/amp/fast-path';
import { refuses } from './helpers';

const SPEC_HASH = 'v2c4ucasgcskftbjt4c7phpkbqedcdcqo23tkamleapoa5o6fygq';

describe('amp-reverse: publisherDomain, the spec examples', () => {
  it('reverses readable origins', () => {
    assert.equal(publisherDomain('https://www-example-com.cdn.ampproject.org'), 'www.example.com');
    assert.equal(
      publisherDomain('https://xn---com-p33b41770a.cdn.ampproject.org'),
      'xn--57hw060o.com',
    ); // ⚡😊.com
    assert.equal(publisherDomain('a--b-example-com.cdn.ampproject.org'), 'a-b.example.com');
    assert.equal(
      publisherDomain('https://0-en--us-example-com-0.cdn.ampproject.org'),
      'en-us.example.com',
    );
    assert.equal(
      publisherDomain('https://foo--example-com.cdn.ampproject.org/'),
      'foo-example.com',
    );
  });

  it('cannot reverse a hashed prefix without candidates', () => {
    assert.equal(publisherDomain(`https://${SPEC_HASH}.cdn.ampproject.org`), null);
    assert.equal(
      publisherDomain(`https://${SPEC_HASH}.cdn.ampproject.org`, {
        candidates: ['example.com', 'localhost'],
      }),
      null,
    );
  });

  it('finds the candidate that hashes to the prefix, in ASCII form', () => {
    const origin =
      'https://qsgpfjzulvuaxb66z77vlhb5gu2irvcnyp6t67cz6tqo5ae6fysa.cdn.ampproject.org';
    assert.equal(
      publisherDomain(origin, { candidates: ['a.com', 'not a host', 'TopLevelNoHyphens'] }),
      'toplevelnohyphens',
    );
    assert.equal(
      publisherDomain(origin, { candidates: new Set(['toplevelnohyphens']) }),
      'toplevelnohyphens',
    );
    const long =
      'itwasadarkandstormynight.therainfellintorrents.exceptatoccasionalintervalswhenitwascheckedby.aviolentgustofwindwhichsweptupthestreets.com';
    assert.equal(
      publisherDomain('dgz4cnrxufaulnwku4ow5biptyqnenjievjht56hd7wqinbdbteq.www.bing-amp.com', {
        candidates: [long],
      }),
      long,
    );
  });

  it('works for every registered cache and for given caches', () => {
    for (const cache of AMP_CACHES)
      assert.equal(
        publisherDomain(`https://www-example-com.${cache.cacheDomain}`),
        'www.example.com',
      );
    const mine: AmpCache[] = [{ id: 'x', name: 'X', cacheDomain: 'amp.example.net' }];
    assert.equal(publisherDomain('https://a-com.amp.example.net', { caches: mine }), 'a.com');
    refuses(
      () => publisherDomain('https://a-com.cdn.ampproject.org', { caches: mine }),
      'not-a-cache-url',
      /amp\.example\.net/,
    );
  });

  it('returns IDNs in ASCII form', () => {
    assert.equal(publisherDomain('xn--bcher-ch-65a.cdn.ampproject.org'), 'xn--bcher-kva.ch');
    assert.equal(publisherDomain('xn--fa-de-mqa.cdn.ampproject.org'), 'xn--fa-hia.de'); // faß.de
    assert.equal(
      publisherDomain('xn-------i5fvcbaopc6fkc0de0d9jybegt6cd.cdn.ampproject.org'),
      'xn--4gbrim.xn----rmckbbajlc6dj7bxne2c.xn--wgbh1c',
    );
    assert.equal(publisherDomain('1-2-3-4.cdn.ampproject.org'), '1.2.3.4');
  });

  it('refuses anything that is not a cache origin or host', () => {
    for (const input of [
      'https://example.com',
      'example.com',
      'cdn.ampproject.org',
      'https://cdn.ampproject.org',
      'a.b.cdn.ampproject.org',
      'https://x.cdn.ampproject.org.evil.example',
      'https://xcdn.ampproject.org',
      'ftp://a-com.cdn.ampproject.org',
      'https://user@a-com.cdn.ampproject.org',
      'https://a-com.cdn.ampproject.org:8443',
      'a_b-com.cdn.ampproject.org',
    ]) {
      refuses(() => publisherDomain(input), 'not-a-cache-url');
    }
    refuses(() => publisherDomain(''), 'empty');
    refuses(() => publisherDomain('x'.repeat(10 * 1024 * 1024)), 'too-long');
  });

  it('refuses readable prefixes no cache produces rather than guessing', () => {
    // ab-cd.com is served at 0-ab--cd-com-0; in--trouble.com and localhost at hashes.
    refuses(
      () => publisherDomain('ab--cd-com.cdn.ampproject.org'),
      'not-a-cache-url',
      /0-ab--cd-com-0/,
    );
    refuses(() => publisherDomain('in----trouble-com.cdn.ampproject.org'), 'not-a-cache-url');
    refuses(() => publisherDomain('-a-com.cdn.ampproject.org'), 'not-a-cache-url');
    refuses(() => publisherDomain('xn--zz-.cdn.ampproject.org'), 'not-a-cache-url');
  });

  it('refuses a prefix without - that is no hash as an origin; a URL on it reverses by its path with a warning', () => {
    for (const host of [
      'abc.cdn.ampproject.org',
      'https://localhost.cdn.ampproject.org',
      `${SPEC_HASH.slice(1)}.cdn.ampproject.org`,
      `${SPEC_HASH}a.cdn.ampproject.org`,
      `${SPEC_HASH.slice(1)}1.cdn.ampproject.org`,
    ]) {
      refuses(() => publisherDomain(host), 'not-a-cache-url', /52 base32 characters/);
      // Was refused: the browser fetches the path, so the page is a.com's (issue 13).
      const r = reverseAmpUrl(`https://${host.replace(/^https:\/\//, '')}/c/s/a.com/`);
      assert.equal(r.url, 'https://a.com/');
      assert.match(
        r.warnings.join(' '),
        /is not the one of "a.com" \("a-com.cdn.ampproject.org"\)/,
      );
      assert.equal(findCache(host)?.id, 'google');
    }
    assert.equal(publisherDomain(`${SPEC_HASH}.cdn.ampproject.org`), null);
    assert.equal(findCache(`${SPEC_HASH}.cdn.ampproject.org`)?.id, 'google');
  });
});

describe('amp-reverse: publisherDomain options', () => {
  const hashed = cacheOrigin('localhost');

  it('reads candidates: null as none, like undefined (was a TypeError)', () => {
    assert.equal(publisherDomain(hashed, { candidates: null }), null);
    assert.equal(publisherDomain(hashed, { candidates: undefined }), null);
    assert.equal(publisherDomain(hashed, { caches: null, candidates: null }), null);
    assert.equal(
      publisherDomain('https://example-com.cdn.ampproject.org', { candidates: null }),
      'example.com',
    );
    assert.equal(publisherDomain(hashed, { candidates: ['localhost'] }), 'localhost');
  });

  it('refuses candidates that do not iterate with a UrlError, never a TypeError', () => {
    const bad: unknown[] = [
      { [Symbol.iterator]: () => 5 }, // the iterator is no object: for-of throws a TypeError
      { [Symbol.iterator]: () => ({}) }, // no next()
      { [Symbol.iterator]: () => ({ next: () => 5 }) }, // next() returns no object
      {
        [Symbol.iterator]: () => {
          throw new Error('boom');
        },
      },
      {
        get [Symbol.iterator]() {
          throw new Error('getter');
        },
      },
    ];
    for (const candidates of bad) {
      refuses(
        () => publisherDomain(hashed, { candidates: candidates as Iterable<string> }),
        'invalid-option',
        /candidates/,
      );
    }
    // Checked whatever the prefix: a readable origin does not hide a wrong option.
    for (const candidates of [5, 'localhost', true, {}, () => ['localhost']]) {
      refuses(
        () => publisherDomain(hashed, { candidates: candidates as unknown as Iterable<string> }),
        'invalid-option',
        /iterable of domains/,
      );
      refuses(
        () =>
          publisherDomain('https://example-com.cdn.ampproject.org', {
            candidates: candidates as unknown as Iterable<string>,
          }),
        'invalid-option',
      );
    }
    // Values inside that are not domains are skipped, not refused.
    assert.equal(
      publisherDomain(hashed, {
        candidates: [null, 5, {}, 'not a host', 'localhost'] as unknown as string[],
      }),
      'localhost',
    );
  });

  it('reads caches: null as the registered caches', () => {
    assert.equal(publisherDomain('https://a-com.www.bing-amp.com', { caches: null }), 'a.com');
    assert.equal(
      publisherUrl('https://a-com.www.bing-amp.com/c/s/a.com/x', { caches: null }),
      'https://a.com/x',
    );
  });
});

describe('amp-reverse: ports and absolute host names', () => {
  it('accepts the default port, also on a bare host (443: caches serve https)', () => {
    // Was refused with "AMP Caches serve on the default https port, not 443".
    assert.equal(publisherDomain('example-com.cdn.ampproject.org:443'), 'example.com');
    assert.equal(publisherDomain('https://example-com.cdn.ampproject.org:443'), 'example.com');
    assert.equal(publisherDomain('http://example-com.cdn.ampproject.org:80'), 'example.com');
    assert.equal(findCache('example-com.cdn.ampproject.org:443')?.id, 'google');
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org:443/c/s/example.com/x'),
      'https://example.com/x',
    );
  });

  it('refuses other ports, naming the default', () => {
    refuses(
      () => publisherDomain('example-com.cdn.ampproject.org:8443'),
      'not-a-cache-url',
      /default port \(443 for https\), not "8443"/,
    );
    refuses(
      () => publisherDomain('https://example-com.cdn.ampproject.org:80'),
      'not-a-cache-url',
      /443 for https/,
    );
    refuses(
      () => publisherDomain('http://example-com.cdn.ampproject.org:443'),
      'not-a-cache-url',
      /80 for http/,
    );
    refuses(() => publisherDomain('example-com.cdn.ampproject.org:x'), 'not-a-cache-url');
  });

  it('accepts one trailing dot of an absolute host name: the same host to DNS, TLS and the cache', () => {
    assert.equal(publisherDomain('https://example-com.cdn.ampproject.org.'), 'example.com');
    assert.equal(publisherDomain('example-com.cdn.ampproject.org.:443'), 'example.com');
    assert.equal(
      publisherUrl('https://example-com.cdn.ampproject.org./c/s/example.com/x'),
      'https://example.com/x',
    );
    assert.equal(findCache('https://a-com.www.bing-amp.com./')?.id, 'bing');
    refuses(() => publisherDomain('https://example-com.cdn.ampproject.org..'), 'not-a-cache-url');
  });
});

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

describe('amp-reverse: findCache', () => {
  it('finds the cache of an origin, host or URL', () => {
    assert.equal(findCache('https://a-com.cdn.ampproject.org')?.id, 'google');
    assert.equal(findCache('a-com.www.bing-amp.com')?.id, 'bing');
    assert.equal(findCache('https://A-COM.CDN.AMPPROJECT.ORG/c/s/a.com/?x#y')?.id, 'google');
  });

  it('returns undefined, never throws, for anything else', () => {
    for (const input of [
      '',
      'https://example.com/',
      'cdn.ampproject.org',
      'a.b.cdn.ampproject.org',
      '\u0000',
      'x'.repeat(2_000_000),
      42,
      null,
      undefined,
    ]) {
      assert.equal(findCache(input as string), undefined);
    }
    assert.equal(
      findCache('https://a-com.cdn.ampproject.org', 'nope' as unknown as AmpCache[]),
      undefined,
    );
  });
});

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

describe('amp-reverse: the fast path of publisherUrl', () => {
  it('gives what the general path gives, or leaves the URL to it', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
    const host = fc.oneof(
      fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.')),
      fc.constantFrom(
        'xn--bcher-kva.ch',
        'a.xn--e1afmkfd.fr',
        's',
        'c',
        '1.2.3.4',
        'a.0x1',
        'en-us.a.com',
      ),
    );
    const rest = fc.stringMatching(/^(\/[a-zA-Z0-9.%?#&=_\\ -]{0,8}){0,4}$/);
    const prefixOf = fc.oneof(
      host.map((h) => {
        try {
          return cacheOrigin(h).slice(8).split('.')[0];
        } catch {
          return 'x-com';
        }
      }),
      fc.constantFrom('xyz', 'a-com', SPEC_HASH),
    );
    const type = fc.constantFrom(
      'c/',
      'c/s/',
      'i/',
      'v/s/',
      'a/s/',
      'mbv/',
      'cert/',
      'x/',
      'ii/w8/',
      '',
    );
    const domain = fc.constantFrom(
      'cdn.ampproject.org',
      'www.bing-amp.com',
      'bing-amp.com',
      'amp.cloudflare.com',
    );
    fc.assert(
      fc.property(prefixOf, domain, type, host, rest, (p, d, t, h, r) => {
        const url = `https://${p}.${d}/${t}${h}${r}`;
        const fast = fastPublisherUrl(url, AMP_CACHES);
        if (fast === undefined) return;
        assert.equal(fast, reverseAmpUrl(url).url, url);
      }),
      { seed: 14, numRuns: 3000 },
    );
  });
});
