import * as assert from 'node:assert/strict';
import {
  AMP_CACHES,
  MAX_IMAGE_WIDTH,
  SERVING_TYPES,
  cacheOrigin,
  cacheUrl,
  publisherDomain,
  publisherUrl,
  type ServingType,
} from '../../../../src/core';
import { refuses } from './helpers';

describe('amp-cache: cacheUrl', () => {
  it('converts the spec examples', () => {
    assert.equal(
      cacheUrl('https://example.com/amp_document.html'),
      'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html',
    );
    assert.equal(
      cacheUrl('http://example.com/logo.png', { servingType: 'i' }),
      'https://example-com.cdn.ampproject.org/i/example.com/logo.png',
    );
    assert.equal(
      cacheUrl('https://example.com/g?value=Hello%20World'),
      'https://example-com.cdn.ampproject.org/c/s/example.com/g?value=Hello%20World',
    );
  });

  it('builds every serving type, /s only for https, on both caches', () => {
    const types = SERVING_TYPES.map((s) => s.type);
    assert.deepEqual(types, ['c', 'v', 'wp', 'cert', 'i', 'ii', 'r']);
    for (const cache of AMP_CACHES) {
      for (const type of types) {
        const options = {
          cacheDomain: cache.cacheDomain,
          servingType: type,
          imageWidth: type === 'ii' ? 800 : undefined,
        };
        const seg = type === 'ii' ? 'ii/w800' : type;
        assert.equal(
          cacheUrl('https://a.example/p', options),
          `https://a-example.${cache.cacheDomain}/${seg}/s/a.example/p`,
        );
        assert.equal(
          cacheUrl('http://a.example/p', options),
          `https://a-example.${cache.cacheDomain}/${seg}/a.example/p`,
        );
      }
    }
  });

  it('checks the options', () => {
    refuses(
      () => cacheUrl('https://a.com/', { servingType: 'ii' }),
      'invalid-option',
      /imageWidth/,
    );
    refuses(
      () => cacheUrl('https://a.com/', { servingType: 'ii', imageWidth: 0 }),
      'invalid-option',
    );
    refuses(
      () => cacheUrl('https://a.com/', { servingType: 'ii', imageWidth: 1.5 }),
      'invalid-option',
    );
    refuses(
      () => cacheUrl('https://a.com/', { imageWidth: 800 }),
      'invalid-option',
      /only to the ii/,
    );
    refuses(
      () => cacheUrl('https://a.com/', { servingType: 'x' as ServingType }),
      'invalid-option',
      /serving type/,
    );
    refuses(
      () => cacheUrl('https://a.com/', { cacheDomain: 'bad host' }),
      'invalid-option',
      /cache domain/,
    );
    refuses(() => cacheOrigin('a.com', 'a/b'), 'invalid-option');
  });

  it('takes ii widths up to MAX_IMAGE_WIDTH, the bound publisherUrl reads back, and refuses larger ones', () => {
    assert.equal(MAX_IMAGE_WIDTH, 65_535);
    for (const width of [1, 800, MAX_IMAGE_WIDTH]) {
      const url = cacheUrl('https://example.com/a.png', { servingType: 'ii', imageWidth: width });
      assert.equal(url, `https://example-com.cdn.ampproject.org/ii/w${width}/s/example.com/a.png`);
      assert.equal(publisherUrl(url), 'https://example.com/a.png');
    }
    // Was accepted up to 2^53 - 1 while publisherUrl read at most 9 digits: w1000000000 had no way back.
    for (const width of [MAX_IMAGE_WIDTH + 1, 999_999_999, 1e9, Number.MAX_SAFE_INTEGER]) {
      refuses(
        () => cacheUrl('https://example.com/a.png', { servingType: 'ii', imageWidth: width }),
        'invalid-option',
        /above 65535/,
      );
    }
  });

  it('reads null options as not given, like undefined (settings from JSON write null)', () => {
    const plain = 'https://a-com.cdn.ampproject.org/c/s/a.com/';
    assert.equal(cacheUrl('https://a.com/', { servingType: null }), plain);
    assert.equal(cacheUrl('https://a.com/', { cacheDomain: null }), plain); // was refused: "must be a string"
    assert.equal(cacheUrl('https://a.com/', { imageWidth: null }), plain); // was refused: "only to the ii serving type"
    assert.equal(
      cacheUrl('https://a.com/', { servingType: null, cacheDomain: null, imageWidth: null }),
      plain,
    );
    assert.equal(cacheUrl('https://a.com/', null), plain);
    assert.equal(
      cacheUrl('https://a.com/', { servingType: 'i', imageWidth: null }),
      'https://a-com.cdn.ampproject.org/i/s/a.com/',
    );
    assert.equal(cacheOrigin('a.com', null), 'https://a-com.cdn.ampproject.org');
    // ii still needs a width: null is no width.
    refuses(
      () => cacheUrl('https://a.com/', { servingType: 'ii', imageWidth: null }),
      'invalid-option',
      /needs imageWidth/,
    );
  });

  it('writes a Unicode cache domain in ASCII form, as publisherDomain reads it', () => {
    const caches = [{ id: 'm', name: 'M', cacheDomain: 'münchen.de' }];
    assert.equal(cacheOrigin('example.com', 'münchen.de'), 'https://example-com.xn--mnchen-3ya.de');
    assert.equal(cacheOrigin('example.com', 'MÜNCHEN.DE'), 'https://example-com.xn--mnchen-3ya.de');
    // Was refused: the reverse compared the cache domain only lower-cased, not in ASCII form.
    assert.equal(
      publisherDomain('https://example-com.xn--mnchen-3ya.de', { caches }),
      'example.com',
    );
    assert.equal(
      publisherDomain('example-com.münchen.de', {
        caches: [{ id: 'm', name: 'M', cacheDomain: 'XN--MNCHEN-3YA.DE' }],
      }),
      'example.com',
    );
    const url = cacheUrl('https://example.com/x', { cacheDomain: 'münchen.de' });
    assert.equal(url, 'https://example-com.xn--mnchen-3ya.de/c/s/example.com/x');
    assert.equal(publisherUrl(url, { caches }), 'https://example.com/x');
  });

  it('keeps path, query and escapes exactly, including a root / before ?', () => {
    assert.equal(cacheUrl('https://a.com/?x=1'), 'https://a-com.cdn.ampproject.org/c/s/a.com/?x=1');
    // Dot segments are resolved and characters outside URL syntax are percent-encoded, as the
    // browser requests them. Escapes already there, empty queries and fragments are kept as
    // written, and so is an empty path: the AMP toolbox's vectors (amp-toolbox
    // packages/cache-url/spec/AmpUrlSpec.js) write `https://www.example.com` as
    // `https://www-example-com.cdn.ampproject.org/c/s/www.example.com`, and seed 003 appends "the
    // publisher URL without its scheme (host, path, query)": no path, no `/`.
    assert.equal(cacheUrl('https://a.com?x=1'), 'https://a-com.cdn.ampproject.org/c/s/a.com?x=1');
    assert.equal(cacheUrl('https://a.com'), 'https://a-com.cdn.ampproject.org/c/s/a.com');
    assert.equal(
      cacheUrl('https://www.example.com'),
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com',
    );
    assert.equal(
      cacheUrl('http://www.example.com'),
      'https://www-example-com.cdn.ampproject.org/c/www.example.com',
    );
    assert.equal(
      cacheUrl('https://www.example.com', { servingType: 'v' }),
      'https://www-example-com.cdn.ampproject.org/v/s/www.example.com',
    );
    assert.equal(cacheUrl('https://a.com/'), 'https://a-com.cdn.ampproject.org/c/s/a.com/');
    assert.equal(
      cacheUrl('http://a.com/%7euser/a%2Fb/./../c?q=%41&&x#'),
      'https://a-com.cdn.ampproject.org/c/a.com/%7euser/c?q=%41&&x#',
    );
    assert.equal(
      cacheUrl('https://a.com/ü/例?q=ü'),
      'https://a-com.cdn.ampproject.org/c/s/a.com/%C3%BC/%E4%BE%8B?q=%C3%BC',
    );
  });

  it('keeps the fragment last', () => {
    assert.equal(
      cacheUrl('https://a.com/p?q#frag'),
      'https://a-com.cdn.ampproject.org/c/s/a.com/p?q#frag',
    );
    // The empty path stays empty (the toolbox's vectors, above).
    assert.equal(cacheUrl('https://a.com#top'), 'https://a-com.cdn.ampproject.org/c/s/a.com#top');
  });

  it('writes the host in ASCII form in the path, and reads scheme and host in any case', () => {
    assert.equal(
      cacheUrl('https://bücher.ch/Ä'),
      'https://xn--bcher-ch-65a.cdn.ampproject.org/c/s/xn--bcher-kva.ch/%C3%84', // amended: sent encoded
    );
    assert.equal(
      cacheUrl('HTTPS://WWW.Example.COM/Path'),
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/Path',
    );
    assert.equal(
      cacheUrl('https://點看.com'),
      'https://xn---com-k47jg78q.cdn.ampproject.org/c/s/xn--c1yn36f.com', // the toolbox's vector, host in ASCII form
    );
  });

  it('accepts the default port and strips surrounding whitespace', () => {
    assert.equal(cacheUrl('https://a.com:443/x'), 'https://a-com.cdn.ampproject.org/c/s/a.com/x');
    assert.equal(cacheUrl('http://a.com:80/x'), 'https://a-com.cdn.ampproject.org/c/a.com/x');
    assert.equal(cacheUrl('http://a.com:/x'), 'https://a-com.cdn.ampproject.org/c/a.com/x');
    assert.equal(cacheUrl('  https://a.com/x\n'), 'https://a-com.cdn.ampproject.org/c/s/a.com/x');
  });
});

describe('amp-cache: cacheUrl and the limits of the round trip', () => {
  it("keeps query parameters named like the caches' own; publisherUrl drops them, as the cache does", () => {
    // amp-live-list asks the cache for `amp_latest_update_time`: the cache URL must carry it, and
    // the cache never sends it to the publisher (spec), so the publisher URL is without it.
    const live = cacheUrl('https://example.com/feed?amp_latest_update_time=123&x=1');
    assert.equal(
      live,
      'https://example-com.cdn.ampproject.org/c/s/example.com/feed?amp_latest_update_time=123&x=1',
    );
    assert.equal(publisherUrl(live), 'https://example.com/feed?x=1');
    assert.equal(publisherUrl(cacheUrl('https://example.com/a?usqp=1')), 'https://example.com/a');
    assert.equal(publisherUrl(cacheUrl('https://example.com/a?amp_lite')), 'https://example.com/a');
  });

  it('refuses http://s/s/…, whose cache URL reads as https://s/…', () => {
    // Both were https://<hash of s>.cdn.ampproject.org/c/s/s/x; caches read /s as https.
    const https = cacheUrl('https://s/x');
    assert.match(https, /^https:\/\/[a-z2-7]{52}\.cdn\.ampproject\.org\/c\/s\/s\/x$/);
    // No cache serves it back: the AMP runtime requires a "." in the publisher host.
    assert.throws(() => publisherUrl(https), /requires a "\."|names no publisher host/);
    for (const url of [
      'http://s/s/x',
      'http://s/s',
      'http://s/s?q',
      'http://s/s#f',
      'http://S/s/x',
      'HTTP://s/S/x',
      'http://s/%73/x',
      'http://s:80/s/x',
    ]) {
      refuses(() => cacheUrl(url), 'invalid-url', /https:\/\/s/);
      refuses(
        () => cacheUrl(url, { servingType: 'v' }),
        'invalid-url',
        /no AMP Cache URL of its own/,
      );
    }
    // Only that form: other URLs of host s, and paths that merely start with s, convert and come back.
    for (const url of [
      'http://s/x',
      'http://s',
      'http://s/',
      'http://s/ss',
      'http://s/s.com/x',
      'http://s/x/s/y',
      'https://s/s/x',
      'https://s',
    ]) {
      // They convert; no cache serves them back as themselves (the runtime requires a "." in the
      // publisher host, so `/s/` always reads as https).
      assert.match(cacheUrl(url), /^https:\/\/[a-z2-7]{52}\.cdn\.ampproject\.org\//);
      let back: string | undefined;
      try {
        back = publisherUrl(cacheUrl(url));
      } catch {
        back = undefined;
      }
      assert.notEqual(back, new URL(url).href, url);
    }
  });
});

describe('amp-cache: cacheUrl refuses what a cache would not fetch, saying which rule', () => {
  it('userinfo', () => {
    refuses(() => cacheUrl('https://user:pw@a.com/'), 'userinfo', /user name or password/);
    refuses(() => cacheUrl('https://@a.com/'), 'userinfo');
  });

  it('schemes other than http(s)', () => {
    for (const u of [
      'mailto:someone@example.com',
      'data:text/html,<b>x</b>',
      'javascript:alert(1)',
      'ftp://a.com/',
      'file:///etc/hosts',
      'ws://a.com/',
    ]) {
      refuses(() => cacheUrl(u), 'unsupported-scheme', /not http or https/);
    }
  });

  it('relative URLs', () => {
    for (const u of ['example.com/page', '//example.com/page', '/page', 'page.html', '?q', '#f'])
      refuses(() => cacheUrl(u), 'relative-url', /relative/);
  });

  it('empty or invalid hosts', () => {
    refuses(() => cacheUrl('https:///'), 'invalid-host', /empty host/);
    refuses(() => cacheUrl('https://:443/path'), 'invalid-host', /empty host/);
    refuses(() => cacheUrl('http:example.com'), 'invalid-host', /no host/);
    refuses(() => cacheUrl('https://exa_mple%zz.com/'), 'invalid-host');
    refuses(() => cacheUrl('https://a.123/'), 'invalid-host', /not a valid domain/);
  });

  it('non-default ports', () => {
    refuses(() => cacheUrl('https://a.com:8443/'), 'port', /not the https default \(443\)/);
    refuses(() => cacheUrl('http://a.com:443/'), 'port', /not the http default \(80\)/);
    refuses(() => cacheUrl('http://a.com:8o/'), 'port', /not a number/);
  });

  it('whitespace and controls inside the URL', () => {
    for (const u of [
      'https://exa mple.com/',
      'https://a.com/a b',
      'https://a.com/\u0000x',
      'https://a.com/x\u007f',
    ]) {
      refuses(() => cacheUrl(u), 'invalid-url', /whitespace or a control character/);
    }
  });

  it('empty, blank, huge and non-string input', () => {
    refuses(() => cacheUrl(''), 'empty');
    refuses(() => cacheUrl(' \t\n'), 'empty');
    refuses(() => cacheUrl(`https://a.com/${'x'.repeat(10 * 1024 * 1024)}`), 'too-long');
    refuses(() => cacheUrl(undefined as unknown as string), 'invalid-url');
    refuses(() => cacheOrigin(42 as unknown as string), 'invalid-url');
  });
});
