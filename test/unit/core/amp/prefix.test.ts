// The domain prefix of a cache origin (src/core/amp/prefix.ts): readable, or the fallback hash.
import * as assert from 'node:assert/strict';
import { cacheOrigin, cacheUrl, domainPrefix } from '../../../../src/core';
import { refuses } from './helpers';

const BING = 'www.bing-amp.com';

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
