import * as assert from 'node:assert/strict';
import {
  AMP_CACHES,
  CACHE_QUERY_PARAMS,
  cacheUrl,
  findCache,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  type AmpCache,
} from '../../src/core';
import { refuses } from './amp-helpers';

const SPEC_HASH = 'v2c4ucasgcskftbjt4c7phpkbqedcdcqo23tkamleapoa5o6fygq';

describe('amp-reverse: publisherDomain, the spec examples', () => {
  it('reverses readable origins', () => {
    assert.equal(publisherDomain('https://www-example-com.cdn.ampproject.org'), 'www.example.com');
    assert.equal(publisherDomain('https://xn---com-p33b41770a.cdn.ampproject.org'), 'xn--57hw060o.com'); // ⚡😊.com
    assert.equal(publisherDomain('a--b-example-com.cdn.ampproject.org'), 'a-b.example.com');
    assert.equal(publisherDomain('https://0-en--us-example-com-0.cdn.ampproject.org'), 'en-us.example.com');
    assert.equal(publisherDomain('https://foo--example-com.cdn.ampproject.org/'), 'foo-example.com');
  });

  it('cannot reverse a hashed prefix without candidates', () => {
    assert.equal(publisherDomain(`https://${SPEC_HASH}.cdn.ampproject.org`), null);
    assert.equal(publisherDomain(`https://${SPEC_HASH}.cdn.ampproject.org`, { candidates: ['example.com', 'localhost'] }), null);
  });

  it('finds the candidate that hashes to the prefix, in ASCII form', () => {
    const origin = 'https://qsgpfjzulvuaxb66z77vlhb5gu2irvcnyp6t67cz6tqo5ae6fysa.cdn.ampproject.org';
    assert.equal(publisherDomain(origin, { candidates: ['a.com', 'not a host', 'TopLevelNoHyphens'] }), 'toplevelnohyphens');
    assert.equal(publisherDomain(origin, { candidates: new Set(['toplevelnohyphens']) }), 'toplevelnohyphens');
    const long = 'itwasadarkandstormynight.therainfellintorrents.exceptatoccasionalintervalswhenitwascheckedby.aviolentgustofwindwhichsweptupthestreets.com';
    assert.equal(publisherDomain('dgz4cnrxufaulnwku4ow5biptyqnenjievjht56hd7wqinbdbteq.www.bing-amp.com', { candidates: [long] }), long);
  });

  it('works for every registered cache and for given caches', () => {
    for (const cache of AMP_CACHES) assert.equal(publisherDomain(`https://www-example-com.${cache.cacheDomain}`), 'www.example.com');
    const mine: AmpCache[] = [{ id: 'x', name: 'X', cacheDomain: 'amp.example.net' }];
    assert.equal(publisherDomain('https://a-com.amp.example.net', { caches: mine }), 'a.com');
    refuses(() => publisherDomain('https://a-com.cdn.ampproject.org', { caches: mine }), 'not-a-cache-url', /amp\.example\.net/);
  });

  it('returns IDNs in ASCII form', () => {
    assert.equal(publisherDomain('xn--bcher-ch-65a.cdn.ampproject.org'), 'xn--bcher-kva.ch');
    assert.equal(publisherDomain('xn--fa-de-mqa.cdn.ampproject.org'), 'xn--fa-hia.de'); // faß.de
    assert.equal(publisherDomain('xn-------i5fvcbaopc6fkc0de0d9jybegt6cd.cdn.ampproject.org'), 'xn--4gbrim.xn----rmckbbajlc6dj7bxne2c.xn--wgbh1c');
    assert.equal(publisherDomain('1-2-3-4.cdn.ampproject.org'), '1.2.3.4');
  });

  it('refuses anything that is not a cache origin or host', () => {
    for (const input of [
      'https://example.com', 'example.com', 'cdn.ampproject.org', 'https://cdn.ampproject.org',
      'a.b.cdn.ampproject.org', 'https://x.cdn.ampproject.org.evil.example', 'https://xcdn.ampproject.org',
      'ftp://a-com.cdn.ampproject.org', 'https://user@a-com.cdn.ampproject.org', 'https://a-com.cdn.ampproject.org:8443',
      'a_b-com.cdn.ampproject.org',
    ]) {
      refuses(() => publisherDomain(input), 'not-a-cache-url');
    }
    refuses(() => publisherDomain(''), 'empty');
    refuses(() => publisherDomain('x'.repeat(10 * 1024 * 1024)), 'too-long');
  });

  it('refuses readable prefixes no cache produces rather than guessing', () => {
    // ab-cd.com is served at 0-ab--cd-com-0; in--trouble.com and localhost at hashes.
    refuses(() => publisherDomain('ab--cd-com.cdn.ampproject.org'), 'not-a-cache-url', /0-ab--cd-com-0/);
    refuses(() => publisherDomain('in----trouble-com.cdn.ampproject.org'), 'not-a-cache-url');
    refuses(() => publisherDomain('-a-com.cdn.ampproject.org'), 'not-a-cache-url');
    refuses(() => publisherDomain('xn--zz-.cdn.ampproject.org'), 'not-a-cache-url');
  });
});

describe('amp-reverse: publisherUrl and parseCacheUrl', () => {
  it('reverses the spec examples', () => {
    assert.equal(publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html'), 'https://example.com/amp_document.html');
    assert.equal(publisherUrl('https://example-com.cdn.ampproject.org/i/example.com/logo.png'), 'http://example.com/logo.png');
    assert.equal(publisherUrl('https://example-com.cdn.ampproject.org/c/s/example.com/g?value=Hello%20World'), 'https://example.com/g?value=Hello%20World');
  });

  it('reads every serving type on both caches', () => {
    for (const cache of AMP_CACHES) {
      for (const type of ['c', 'v', 'wp', 'cert', 'i', 'r']) {
        const parsed = parseCacheUrl(`https://a-example.${cache.cacheDomain}/${type}/s/a.example/p?q#f`);
        assert.deepEqual(parsed, {
          cache, prefix: 'a-example', servingType: type, imageWidth: undefined, https: true, publisherUrl: 'https://a.example/p?q#f',
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
    assert.deepEqual([...CACHE_QUERY_PARAMS].slice(0, 6), ['amp_js_v', 'amp_gsa', 'amp_r', 'amp_kit', 'usqp', 'amp_latest_update_time']);
    const base = 'https://news-example-com.cdn.ampproject.org/v/s/news.example.com/story';
    assert.equal(publisherUrl(`${base}?amp_js_v=0.1&edition=de&usqp=mq331AQ&amp_gsa=1&x=%20#amp_tf=From%20%251%24s`), 'https://news.example.com/story?edition=de&x=%20#amp_tf=From%20%251%24s');
    assert.equal(publisherUrl(`${base}?amp_latest_update_time=1700000000&amp_r=1&amp_kit=1&amp_lite`), 'https://news.example.com/story');
    // Only exact names: publisher parameters that merely look alike stay.
    assert.equal(publisherUrl(`${base}?amp=1&usqp2=x&my_amp_js_v=2`), 'https://news.example.com/story?amp=1&usqp2=x&my_amp_js_v=2');
    assert.equal(publisherUrl(`${base}?`), 'https://news.example.com/story?');
  });

  it('keeps the root / before ? and the absence of a path', () => {
    assert.equal(publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com/?x=1'), 'https://a.com/?x=1');
    assert.equal(publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com?x=1'), 'https://a.com?x=1');
    assert.equal(publisherUrl('https://a-com.cdn.ampproject.org/c/s/a.com'), 'https://a.com');
  });

  it('tells /s (https) from a publisher host named s by the domain prefix', () => {
    const sPrefix = cacheUrl('http://s/x').split('/')[2].split('.')[0];
    assert.equal(publisherUrl(cacheUrl('http://s/x')), 'http://s/x');
    assert.equal(publisherUrl(`https://${sPrefix}.cdn.ampproject.org/c/s/x`), 'http://s/x');
    assert.equal(publisherUrl(cacheUrl('https://s/x')), 'https://s/x');
  });

  it('keeps a publisher host written in Unicode (as the toolbox writes it)', () => {
    assert.equal(publisherUrl('https://xn---com-k47jg78q.cdn.ampproject.org/c/s/點看.com'), 'https://點看.com');
  });

  it('refuses what is not a cache URL', () => {
    for (const url of [
      'https://example.com/c/s/example.com/', 'https://a-com.cdn.ampproject.org/', 'https://a-com.cdn.ampproject.org',
      'https://a-com.cdn.ampproject.org/x/s/a.com/', 'https://a-com.cdn.ampproject.org/c/s/', 'https://a-com.cdn.ampproject.org/c/',
      'https://a-com.cdn.ampproject.org/ii/s/a.com/i.png', 'https://a-com.cdn.ampproject.org/ii/w0/a.com/i.png',
      'https://a-com.cdn.ampproject.org/c/s/a.com:8080/x', 'https://a-com.cdn.ampproject.org/c/s/u@a.com/x',
      'mailto:a@a-com.cdn.ampproject.org', 'a-com.cdn.ampproject.org/c/s/a.com/',
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
    for (const input of ['', 'https://example.com/', 'cdn.ampproject.org', 'a.b.cdn.ampproject.org', '\u0000', 'x'.repeat(2_000_000), 42, null, undefined]) {
      assert.equal(findCache(input as string), undefined);
    }
    assert.equal(findCache('https://a-com.cdn.ampproject.org', 'nope' as unknown as AmpCache[]), undefined);
  });
});
