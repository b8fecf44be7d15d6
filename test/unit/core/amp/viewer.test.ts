// AMP viewer URLs (Google on every Google domain the AMP runtime trusts, Bing, Yahoo! JAPAN):
// reversed like cache URLs, with the encoded query they often carry.
import * as assert from 'node:assert/strict';
import { parseCacheUrl, publisherUrl, reverseAmpUrl } from '../../../../src/core';
import { refuses } from './helpers';

describe('amp-viewer: reverseAmpUrl on viewer URLs', () => {
  it("reverses issue 13's viewer URLs: Google (any trusted domain), Bing, Yahoo! JAPAN, https and http", () => {
    const cases: [string, string][] = [
      ['https://www.google.com/amp/s/www.example.com/a', 'https://www.example.com/a'],
      ['https://www.google.co.uk/amp/s/www.example.com/a', 'https://www.example.com/a'],
      ['https://google.de/amp/s/www.example.com/a', 'https://www.example.com/a'],
      ['https://www.google.com.au/amp/s/www.example.com/a', 'https://www.example.com/a'],
      ['https://www.google.com/amp/www.example.com/a', 'http://www.example.com/a'], // /amp/ without s: http
      ['https://www.bing.com/amp/s/amp.example.com/a', 'https://amp.example.com/a'],
      ['https://www.bing.com/amp/s/www.example.org/', 'https://www.example.org/'],
      ['https://www.bing.com/amp/s/example.eu/article', 'https://example.eu/article'],
      ['https://search.yahoo.co.jp/amp/s/www.example.com/a', 'https://www.example.com/a'],
    ];
    for (const [url, expected] of cases) {
      const r = reverseAmpUrl(url);
      assert.equal(r.url, expected, url);
      assert.equal(r.kind, 'viewer');
      assert.deepEqual(r.warnings, []);
      assert.equal(publisherUrl(url), expected);
    }
    assert.equal(reverseAmpUrl(cases[0][0]).host.name, 'Google AMP viewer');
    assert.equal(reverseAmpUrl(cases[5][0]).host.name, 'Bing AMP viewer');
    assert.equal(reverseAmpUrl(cases[8][0]).host.name, 'Yahoo! JAPAN AMP viewer');
  });

  it('recovers a %3F-encoded query, with a note that it is ambiguous', () => {
    const google = reverseAmpUrl('https://www.google.com/amp/s/www.example.com/a%3foutputType=amp');
    assert.equal(google.url, 'https://www.example.com/a?outputType=amp');
    assert.equal(google.warnings.length, 1);
    assert.match(
      google.warnings[0],
      /^An encoded "\?" \(%3F\) in the path was read as the start of the query.*ambiguous/,
    );
    // Real Yahoo! JAPAN links: the whole query encoded once, usqp (the viewer's) removed.
    const yahoo = reverseAmpUrl(
      'https://search.yahoo.co.jp/amp/s/mem-archive.com/2019/04/21/post-1778/%3Famp%3D1%26usqp%3Dmq331AQGsAEggAID',
    );
    assert.equal(yahoo.url, 'https://mem-archive.com/2019/04/21/post-1778/?amp=1');
    assert.deepEqual(yahoo.removed, ['usqp']);
    assert.equal(
      publisherUrl(
        'https://search.yahoo.co.jp/amp/s/smooosy.com/amp/t/car-maintenance%3Fusqp%3Dmq331AQICAEoATgAWAE%253D',
      ),
      'https://smooosy.com/amp/t/car-maintenance',
    );
    assert.equal(
      publisherUrl(
        'https://search.yahoo.co.jp/amp/s/example.com/amp/movie/92154/%3Fusqp%3Dmq331AQIKAGwASCAAgM%253D',
      ),
      'https://example.com/amp/movie/92154/',
    );
    // A real query after the encoded one is kept after it.
    assert.equal(
      publisherUrl('https://www.google.com/amp/s/www.example.com/a%3Fx=1?y=2&usqp=mq331AQ'),
      'https://www.example.com/a?x=1&y=2',
    );
  });

  it('strips the runtime query parameters and the viewer fragment parameters, saying which', () => {
    const r = reverseAmpUrl(
      'https://www.google.com/amp/s/www.example.com/a?amp_js_v=0.1&amp_js_foo=1&usqp=mq331AQ&id=7#amp_ct=1700000000&amp_tf=From%20%251%24s&ampshare=https%3A%2F%2Fwww.example.com%2Fa&aoh=1',
    );
    assert.equal(r.url, 'https://www.example.com/a?id=7');
    assert.deepEqual(r.removed, [
      'amp_js_v',
      'amp_js_foo',
      'usqp',
      'amp_ct',
      'amp_tf',
      'ampshare',
      'aoh',
    ]);
  });

  it('refuses viewer hosts outside their /amp/ path, and hosts that are no domain', () => {
    for (const url of [
      'https://www.google.com/search?q=amp',
      'https://www.google.com/amp',
      'https://www.bing.com/news/s/www.example.com/a',
    ])
      refuses(() => publisherUrl(url), 'not-a-cache-url', /serves AMP pages under \/amp\//);
    refuses(
      () => publisherUrl('https://www.google.com/amp/s/localhost/a'),
      'not-a-cache-url',
      /requires a "\."/,
    );
    refuses(() => publisherUrl('https://www.google.com/amp/s/[::1]/a'), 'not-a-cache-url', /IPv6/);
    refuses(
      () => parseCacheUrl('https://www.google.com/amp/s/www.example.com/a'),
      'not-a-cache-url',
      /AMP viewer URL \(Google AMP viewer\), not an AMP Cache URL/,
    );
  });
});
