// publisherDomain: a cache origin back to its publisher's domain (src/core/amp/publisher-domain.ts).
import * as assert from 'node:assert/strict';
import {
  AMP_CACHES,
  cacheOrigin,
  findCache,
  publisherDomain,
  publisherUrl,
  reverseAmpUrl,
  type AmpCache,
} from '../../../../src/core';
import { SPEC_HASH, refuses } from './helpers';

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
