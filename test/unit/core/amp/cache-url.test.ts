import * as assert from 'node:assert/strict';
import { base32 } from '../../../../src/core/shared/base32';
import {
  AMP_CACHES,
  MAX_IMAGE_WIDTH,
  SERVING_TYPES,
  cacheOrigin,
  cacheUrl,
  domainPrefix,
  publisherDomain,
  publisherUrl,
  type ServingType,
} from '../../../../src/core';
import { refuses } from './helpers';

const GOOGLE = 'cdn.ampproject.org';
const BING = 'www.bing-amp.com';

const encode = (text: string) => new TextEncoder().encode(text);

describe('amp-cache: base32 (RFC 4648 section 10 vectors, lower case)', () => {
  it('encodes the RFC test vectors with padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my======'],
      ['fo', 'mzxq===='],
      ['foo', 'mzxw6==='],
      ['foob', 'mzxw6yq='],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi======'],
    ];
    for (const [input, output] of vectors) assert.equal(base32(encode(input)), output);
  });

  it('ends a 32-byte digest with exactly four = (the spec drops them)', () => {
    const out = base32(new Uint8Array(32).fill(0xff));
    assert.equal(out.length, 56);
    assert.ok(out.endsWith('====') && !out.endsWith('====='));
  });
});

describe('amp-cache: AMP_CACHES snapshot of caches.json', () => {
  it('holds google then bing with every field', () => {
    assert.deepEqual(AMP_CACHES, [
      {
        id: 'google',
        name: 'Google AMP Cache',
        docs: 'https://developers.google.com/amp/cache/',
        cacheDomain: GOOGLE,
        updateCacheApiDomainSuffix: GOOGLE,
        thirdPartyFrameDomainSuffix: 'ampproject.net',
      },
      {
        id: 'bing',
        name: 'Bing AMP Cache',
        docs: 'https://www.bing.com/webmaster/help/bing-amp-cache-bc1c884c',
        cacheDomain: BING,
        updateCacheApiDomainSuffix: BING,
        thirdPartyFrameDomainSuffix: 'www.bing-amp.net',
      },
    ]);
    assert.ok(Object.isFrozen(AMP_CACHES) && Object.isFrozen(AMP_CACHES[0]));
  });
});

describe('amp-cache: domainPrefix, the spec examples', () => {
  const table: [string, string][] = [
    ['example.com', 'example-com'],
    ['foo.example.com', 'foo-example-com'],
    ['foo-example.com', 'foo--example-com'],
    ['xn--57hw060o.com', 'xn---com-p33b41770a'],
    ['⚡😊.com', 'xn---com-p33b41770a'],
    ['en-us.example.com', '0-en--us-example-com-0'],
  ];
  for (const [domain, prefix] of table) {
    it(`${domain} -> ${prefix}`, () => {
      assert.equal(domainPrefix(domain), prefix);
    });
  }

  it('gives the same prefix for any spelling of a domain (case, Unicode or xn--)', () => {
    for (const d of ['ExAMpLE.Com', 'EXAMPLE.COM', ' example.com '])
      assert.equal(domainPrefix(d), 'example-com');
    for (const d of [
      'xn--bcher-kva.ch',
      'XN--BCHER-KVA.CH',
      'bücher.ch',
      'BÜCHER.CH',
      'bu\u0308cher.ch',
    ]) {
      assert.equal(domainPrefix(d), 'xn--bcher-ch-65a');
    }
  });

  it('builds the origin on any cache domain', () => {
    assert.equal(cacheOrigin('example.com'), 'https://example-com.cdn.ampproject.org');
    assert.equal(cacheOrigin('www.example.com', BING), 'https://www-example-com.www.bing-amp.com');
    assert.equal(
      cacheOrigin('https://en-us.example.com/a/b?c#d'),
      'https://0-en--us-example-com-0.cdn.ampproject.org',
    );
    assert.equal(cacheOrigin('⚡😊.com'), 'https://xn---com-p33b41770a.cdn.ampproject.org');
  });
});

describe('amp-cache: the fallback hash', () => {
  const LONG =
    'itwasadarkandstormynight.therainfellintorrents.exceptatoccasionalintervalswhenitwascheckedby.aviolentgustofwindwhichsweptupthestreets.com';

  it('is base32(SHA-256(domain)) without padding: 52 characters, no hyphen (amppackager test value)', () => {
    const prefix = domainPrefix(LONG);
    assert.equal(prefix, 'dgz4cnrxufaulnwku4ow5biptyqnenjievjht56hd7wqinbdbteq');
    assert.match(prefix, /^[a-z2-7]{52}$/);
  });

  it('applies the 63-character limit to the final label', () => {
    const at63 = `${'a'.repeat(59)}.com`; // readable: 59 + 4 = 63
    assert.equal(domainPrefix(at63), `${'a'.repeat(59)}-com`);
    assert.match(domainPrefix(`${'a'.repeat(60)}.com`), /^[a-z2-7]{52}$/);
    // The 0-/-0 wrap counts: 59 readable characters become 63, 60 become 64.
    assert.equal(domainPrefix(`ab-${'c'.repeat(51)}.com`), `0-ab--${'c'.repeat(51)}-com-0`);
    assert.match(domainPrefix(`ab-${'c'.repeat(52)}.com`), /^[a-z2-7]{52}$/);
    // Punycode counts: 24 Unicode characters fit before encoding, 73 ASCII ones do not.
    // Amended: the host is split into two labels so that each is a valid DNS label (a label of
    // over 63 ASCII characters is refused, see "bounded cost"); the final label still decides.
    const idn = '日本語のドメイン名例.示用文字列長過ぎる試験.de';
    assert.ok(idn.length < 63);
    assert.match(domainPrefix(idn), /^[a-z2-7]{52}$/);
    assert.equal(
      domainPrefix('日本語のドメイン名例示用文字.de'),
      'xn---de-kc4buksh7fufy050ayojr9tf41ay8a25jrq0elvngx3e',
    );
  });

  it('hashes the ASCII form, whatever the spelling', () => {
    // Amended: two labels of 30, each a valid DNS label in ASCII form (one of 60 is refused).
    const long = `${'ü'.repeat(30)}.${'ü'.repeat(30)}.de`;
    assert.match(domainPrefix(long), /^[a-z2-7]{52}$/);
    assert.equal(domainPrefix(long.toUpperCase()), domainPrefix(long));
  });
});

describe('amp-cache: decisions where the spec, amppackager and the toolbox differ', () => {
  it('hashes labels that are not valid IDNA (amppackager ToCacheURLSubdomain)', () => {
    // amppackager's test values: -- at positions 3-4 of a label that is not an A-label.
    assert.equal(
      domainPrefix('in--trouble.com'),
      'r5s7rxu53tjelpr7ngbxkxpirbrylvbwcuueckh7gmn5mim5cjna',
    );
    for (const d of [
      '-a.example.com',
      'a-.example.com',
      'a_b.example.com',
      'example.com.',
      'a..example.com',
      'xn--ab--c-ova.com' /* ab--cü */,
    ]) {
      assert.match(domainPrefix(d), /^[a-z2-7]{52}$/, d);
    }
  });

  it('hashes a domain whose readable prefix has no hyphen (localhost), as amppackager does', () => {
    assert.equal(
      domainPrefix('toplevelnohyphens'),
      'qsgpfjzulvuaxb66z77vlhb5gu2irvcnyp6t67cz6tqo5ae6fysa',
    );
    assert.equal(domainPrefix('localhost'), 'jgla3zmib2ggq5buc4hwi5taloh6jlvzukddfr4zltz3vay5s5rq');
    assert.equal(domainPrefix('LocalHost'), domainPrefix('localhost'));
  });

  it('wraps -- at positions 3-4 in 0-/-0 (spec, amphtml #26205) where amppackager tests expect the hash', () => {
    // amppackager: in-trouble.com -> j7pweznglei73fva3bo6oidjt74j3hx4tfyncjsdwud7r7cci4va (pre-#26205).
    assert.equal(domainPrefix('in-trouble.com'), '0-in--trouble-com-0');
    // amppackager: a--problem.com -> a47psvede4jpgjom2kzmuhop74zzmdpjzasoctyoqqaxbkdbsyiq.
    assert.equal(domainPrefix('a--problem.com'), '0-a----problem-com-0');
    // The toolbox hashes every dotless host; the spec and amppackager keep this one readable.
    assert.equal(domainPrefix('abc-x'), 'abc--x');
    assert.equal(domainPrefix('no-dot-domain'), '0-no--dot--domain-0');
  });

  it('decides the wrap on the Unicode form, before Punycode encoding', () => {
    // Punycode output always has -- at 3-4 (xn--): only the Unicode form tells.
    assert.equal(domainPrefix('üb-x.com'), 'xn--0-b--x-com-0-elb'); // 0-üb--x-com-0
    assert.equal(domainPrefix('ü-b.com'), 'xn----b-com-m2a'); // ü--b-com: hyphens at 2-3, no wrap
    // Positions count code points, not UTF-16 units: 😊 is one character.
    assert.equal(domainPrefix('😊a-b.com'), 'xn--0-a--b-com-0-jt67k'); // 0-😊a--b-com-0
  });

  it('maps like browsers (UTS #46 non-transitional): faß.de keeps its ß, unlike amppackager (fass-de)', () => {
    assert.equal(domainPrefix('faß.de'), 'xn--fa-de-mqa');
    assert.equal(domainPrefix('xn--fa-hia.de'), 'xn--fa-de-mqa');
    assert.notEqual(domainPrefix('faß.de'), domainPrefix('fass.de'));
  });

  it('keeps right-to-left domains readable and hashes mixed-direction ones (amppackager values)', () => {
    assert.equal(
      domainPrefix('xn--4gbrim.xn----rmckbbajlc6dj7bxne2c.xn--wgbh1c'),
      'xn-------i5fvcbaopc6fkc0de0d9jybegt6cd',
    );
    assert.equal(
      domainPrefix('hello.xn--4gbrim.xn----rmckbbajlc6dj7bxne2c.xn--wgbh1c'),
      'a6h5moukddengbsjm77rvbosevwuduec2blkjva4223o4bgafgla',
    );
    // ز۰.ز٠: one label may not mix European and Arabic-Indic digits.
    assert.equal(
      domainPrefix('xn--xgb49a.xn--xgb6g'),
      'asdk26k2mfqxgc6cdx3oh3vlnx42rqwn6uvsuqrufnx622tguq6q',
    );
    assert.equal(domainPrefix('xn--xgb49a.xn--xgb49a'), 'xn----lncb27eca');
  });

  it('keeps IPv4 hosts readable (amppackager and toolbox agree) and refuses IPv6 literals', () => {
    assert.equal(domainPrefix('192.0.2.1'), '192-0-2-1');
    assert.equal(domainPrefix('0xc0.0.2.1'), '192-0-2-1'); // browsers read it as 192.0.2.1
    refuses(() => domainPrefix('[2001:db8::1]'), 'invalid-host', /IPv6/);
    refuses(() => cacheUrl('https://[2001:db8::1]/x'), 'invalid-host', /IPv6/);
  });

  it('refuses hosts browsers refuse', () => {
    for (const d of [
      'a b.com',
      'a/b',
      'a:80',
      'exa#mple.com',
      'a.123',
      '\u0300a.com',
      'a\u200db.com',
    ])
      refuses(() => domainPrefix(d), 'invalid-host');
    refuses(() => domainPrefix(''), 'empty');
  });
});

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
