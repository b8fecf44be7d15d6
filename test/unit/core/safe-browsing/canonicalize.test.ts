import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core/common/errors';
import { canonicalize } from '../../../../src/core/safe-browsing/canonicalize';

function refuses(url: string, code: string): void {
  assert.throws(
    () => canonicalize(url),
    (e: unknown) => e instanceof UrlError && e.code === code,
    `${JSON.stringify(url)} should be refused with ${code}`,
  );
}

describe('Safe Browsing canonicalize', () => {
  // The canonicalization table of the Safe Browsing v4 developer guide ("URLs and Hashing"), in full.
  // Its `\x01\x80` is two bytes; a JavaScript string cannot hold the byte 0x80 itself, so the row is
  // written with the byte escaped (`%80`), which unescaping turns into that byte.
  const TABLE: [string, string][] = [
    ['http://host/%25%32%35', 'http://host/%25'],
    ['http://host/%25%32%35%25%32%35', 'http://host/%25%25'],
    ['http://host/%2525252525252525', 'http://host/%25'],
    ['http://host/asdf%25%32%35asd', 'http://host/asdf%25asd'],
    ['http://host/%%%25%32%35asd%%', 'http://host/%25%25%25asd%25%25'],
    ['http://www.google.com/', 'http://www.google.com/'],
    [
      'http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/',
      'http://168.188.99.26/.secure/www.ebay.com/',
    ],
    [
      'http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/',
      'http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/',
    ],
    [
      'http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B',
      'http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+',
    ],
    ['http://3279880203/blah', 'http://195.127.0.11/blah'],
    ['http://www.google.com/blah/..', 'http://www.google.com/'],
    ['www.google.com/', 'http://www.google.com/'],
    ['www.google.com', 'http://www.google.com/'],
    ['http://www.evil.com/blah#frag', 'http://www.evil.com/blah'],
    ['http://www.GOOgle.com/', 'http://www.google.com/'],
    ['http://www.google.com.../', 'http://www.google.com/'],
    ['http://www.google.com/foo\tbar\rbaz\n2', 'http://www.google.com/foobarbaz2'],
    ['http://www.google.com/q?', 'http://www.google.com/q?'],
    ['http://www.google.com/q?r?', 'http://www.google.com/q?r?'],
    ['http://www.google.com/q?r?s', 'http://www.google.com/q?r?s'],
    ['http://evil.com/foo#bar#baz', 'http://evil.com/foo'],
    ['http://evil.com/foo;', 'http://evil.com/foo;'],
    ['http://evil.com/foo?bar;', 'http://evil.com/foo?bar;'],
    ['http://\x01%80.com/', 'http://%01%80.com/'],
    ['http://notrailingslash.com', 'http://notrailingslash.com/'],
    ['http://www.gotaport.com:1234/', 'http://www.gotaport.com/'],
    ['  http://www.google.com/  ', 'http://www.google.com/'],
    ['http:// leadingspace.com/', 'http://%20leadingspace.com/'],
    ['http://%20leadingspace.com/', 'http://%20leadingspace.com/'],
    ['%20leadingspace.com/', 'http://%20leadingspace.com/'],
    ['https://www.securesite.com/', 'https://www.securesite.com/'],
    ['http://host.com/ab%23cd', 'http://host.com/ab%23cd'],
    ['http://host.com//twoslashes?more//slashes', 'http://host.com/twoslashes?more//slashes'],
  ];

  for (const [input, expected] of TABLE) {
    it(`developer guide: ${JSON.stringify(input)}`, () => {
      assert.equal(canonicalize(input), expected);
    });
  }

  it('treats a JavaScript U+0080 as the character it is: its UTF-8 bytes are escaped', () => {
    assert.equal(canonicalize('http://\x01\x80.com/'), 'http://%01%C2%80.com/');
  });

  describe('cases from the Go and Firefox clients where they follow the spec', () => {
    const CASES: [string, string][] = [
      ['http://www.google.com/q?r?s%3F', 'http://www.google.com/q?r?s?'], // Go drops the query; the spec keeps it
      ['http://some%1bhost.com/%1b', 'http://some%1Bhost.com/%1B'], // Go writes lowercase hex; the spec uppercase
      ['http://www.\u00fcmlat.com/', 'http://www.xn--mlat-zra.com/'],
      ['http://www.%C3%BCmlat.com/', 'http://www.xn--mlat-zra.com/'],
      ['http://[2001:470:1:18::114]/', 'http://[2001:470:1:18::114]/'],
      ['http%3A%2F%2Fwackyurl.com:80/', 'http://wackyurl.com/'],
      ['http://W!eird<>Ho$^.com/', 'http://w!eird<>ho$^.com/'],
      ['http://i.have.way.too.many.dots.com/', 'http://i.have.way.too.many.dots.com/'],
      ['ftp://ftp.myfiles.com/', 'ftp://ftp.myfiles.com/'],
      ['http://a.com/foo/.././bar/./../foo.html', 'http://a.com/foo.html'],
      ['http://a.com//a//b///c////', 'http://a.com/a/b/c/'],
      ['http://google.com.:8080/foo.html', 'http://google.com/foo.html'],
      ['http://..google.com/foo.html', 'http://google.com/foo.html'],
      [
        'http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html',
        'http://[fedc:ba98:7654:3210:fedc:ba98:7654:3210]/index.html',
      ],
      ['http://0x12.0x43.0x44.0x01', 'http://18.67.68.1/'],
      ['www.google.com:8080/foo.html', 'http://www.google.com/foo.html'],
      ['www.google.com:80', 'http://www.google.com/'],
      ['http://host.com/path?query%3Awith%3Acolons', 'http://host.com/path?query:with:colons'],
      [
        'https://wiki.mozilla.org/index.php?title=MozillaWiki%3AHelp&action=history',
        'https://wiki.mozilla.org/index.php?title=MozillaWiki:Help&action=history',
      ],
    ];
    for (const [input, expected] of CASES) {
      it(JSON.stringify(input), () => {
        assert.equal(canonicalize(input), expected);
      });
    }
  });

  describe('the spec, rule by rule', () => {
    it('removes tab, CR and LF but keeps their escapes (escaped again in uppercase)', () => {
      assert.equal(
        canonicalize('http://exa\tmple.com/a\r\nb%0a%0D%09'),
        'http://example.com/ab%0A%0D%09',
      );
    });

    it('removes the fragment before unescaping, so an escaped # is data', () => {
      assert.equal(canonicalize('http://google.com/#frag'), 'http://google.com/');
      assert.equal(canonicalize('http://google.com/a%23b#c'), 'http://google.com/a%23b');
    });

    it('unescapes repeatedly, then escapes bytes <= 32, >= 127, # and % with uppercase hex', () => {
      assert.equal(
        canonicalize('http://h.com/%2541%7e%7F%ff%20+%2523'),
        'http://h.com/A~%7F%FF%20+%23',
      );
      assert.equal(canonicalize('http://h.com/caf\u00e9'), 'http://h.com/caf%C3%A9');
      assert.equal(canonicalize('http://h.com/%%34%31'), 'http://h.com/A'); // a decoded byte can complete an escape to its left
    });

    it('removes leading and trailing dots and collapses runs of dots in the host', () => {
      assert.equal(canonicalize('http://...a...b...c.../'), 'http://a.b.c/');
    });

    it('refuses a host that is only dots', () => {
      refuses('http://.../x', 'invalid-host');
    });

    it('normalizes IPv4 hosts in every legacy encoding', () => {
      assert.equal(canonicalize('http://0300.0250.0.01/'), 'http://192.168.0.1/');
      assert.equal(canonicalize('http://0xc0a80001/'), 'http://192.168.0.1/');
      assert.equal(canonicalize('http://192.168.1/'), 'http://192.168.0.1/');
      assert.equal(canonicalize('http://192.11010049/'), 'http://192.168.0.1/');
      assert.equal(canonicalize('http://0XC0.0XA8.0X0.0X1/'), 'http://192.168.0.1/');
      assert.equal(canonicalize('http://1.2.3.4./'), 'http://1.2.3.4/');
      assert.equal(canonicalize('http://4294967296/'), 'http://4294967296/'); // 2^32 is no address: a name
    });

    it('normalizes IPv6 hosts and turns IPv4-mapped and NAT64 addresses into IPv4', () => {
      assert.equal(canonicalize('http://[2001:0db8:0000::1]/'), 'http://[2001:db8::1]/');
      assert.equal(canonicalize('http://[::ffff:1.2.3.4]/'), 'http://1.2.3.4/');
      assert.equal(canonicalize('http://[64:ff9b::1.2.3.4]/'), 'http://1.2.3.4/');
      assert.equal(canonicalize('http://[::FFFF:0102:0304]:8080/x'), 'http://1.2.3.4/x');
      assert.equal(canonicalize('http://%5B2001:DB8::0%5D/'), 'http://[2001:db8::]/');
    });

    it('refuses malformed IPv6 literals', () => {
      for (const url of [
        'http://[1::2::3]/',
        'http://[::1/',
        'http://[fe80::1%25en0]/',
        'http://[1.2.3.4]/',
        'http://[::1]x/',
      ])
        refuses(url, 'invalid-host');
    });

    it('lowercases the host and the scheme, not the path or query', () => {
      assert.equal(
        canonicalize('HTTPS://WWW.Example.COM/Path?Q=A'),
        'https://www.example.com/Path?Q=A',
      );
    });

    it('converts IDNs to Punycode like a browser (UTS #46), escaped or not', () => {
      assert.equal(canonicalize('http://B\u00fccher.DE/'), 'http://xn--bcher-kva.de/');
      assert.equal(canonicalize('http://fa\u00df.de/'), 'http://xn--fa-hia.de/'); // non-transitional, as browsers
      assert.equal(canonicalize('http://\u4f8b\u3048\u3002jp/'), 'http://xn--r8jz45g.jp/'); // ideographic full stop
      assert.equal(
        canonicalize('http://\uff11\uff0e\uff12\uff0e\uff13\uff0e\uff14/'),
        'http://1.2.3.4/',
      ); // fullwidth digits
    });

    it('keeps the bytes of host labels IDNA refuses, escaped', () => {
      assert.equal(canonicalize('http://\u00fc<>.com/'), 'http://%C3%BC<>.com/');
      assert.equal(canonicalize('http://%FF.com/'), 'http://%FF.com/'); // not UTF-8
      assert.equal(
        canonicalize('http://b\u00fccher.w!eird<>.com/'),
        'http://xn--bcher-kva.w!eird<>.com/',
      ); // the good label is still converted
      assert.equal(canonicalize('http://\uff11.w!eird<>.com/'), 'http://%EF%BC%91.w!eird<>.com/'); // alone, `１` would read as 0.0.0.1
    });

    it('resolves /./ and /../ and collapses slashes in the path', () => {
      assert.equal(canonicalize('http://h.com/a/./b/../c'), 'http://h.com/a/c');
      assert.equal(canonicalize('http://h.com/../../a'), 'http://h.com/a');
      assert.equal(canonicalize('http://h.com/a/.'), 'http://h.com/a/');
      assert.equal(canonicalize('http://h.com/a//../b'), 'http://h.com/a/b'); // dots first, as the spec orders and browsers do
      assert.equal(canonicalize('http://h.com/%2E%2E/a/%2e/b'), 'http://h.com/a/b');
    });

    it('never applies the path rules to the query', () => {
      assert.equal(
        canonicalize('http://h.com/a/./b/?x=/./..//y&z=\\'),
        'http://h.com/a/b/?x=/./..//y&z=\\',
      );
    });

    it('gives a URL without a path the path /', () => {
      assert.equal(canonicalize('http://h.com?x'), 'http://h.com/?x');
      assert.equal(canonicalize('http://h.com'), 'http://h.com/');
    });

    it('adds http:// when there is no scheme, also for scheme-relative URLs', () => {
      assert.equal(canonicalize('Example.com/a'), 'http://example.com/a');
      assert.equal(canonicalize('//example.com/a'), 'http://example.com/a');
      assert.equal(canonicalize('localhost:3000'), 'http://localhost/');
      assert.equal(canonicalize('1.2.3.4:80/x'), 'http://1.2.3.4/x');
    });

    it('drops userinfo and port', () => {
      assert.equal(
        canonicalize('http://user:pass@www.example.com:8080/x'),
        'http://www.example.com/x',
      );
      assert.equal(canonicalize('http://a@b@c.com/'), 'http://c.com/');
      assert.equal(canonicalize('https://evil.com%40good.com/'), 'https://good.com/'); // the escaped @ separates too, after unescaping
    });

    it('treats backslashes as a browser does in special schemes', () => {
      assert.equal(canonicalize('http:\\\\evil.com\\a\\b'), 'http://evil.com/a/b');
      assert.equal(canonicalize('https:/\\evil.com/a'), 'https://evil.com/a');
      assert.equal(canonicalize('http:evil.com/a'), 'http://evil.com/a');
      assert.equal(canonicalize('http:///blah;param?query#ref'), 'http://blah;param/?query'); // the Go client refuses these
      assert.equal(canonicalize('http://evil.com\\@good.com/'), 'http://evil.com/@good.com/');
      assert.equal(canonicalize('http://h.com/a%5Cb'), 'http://h.com/a/b'); // an escaped one reads the same once unescaped
      assert.equal(canonicalize('foo://h.com/a\\b'), 'foo://h.com/a\\b'); // not in other schemes
    });

    it('keeps escaped structure characters once unescaped, like the spec says', () => {
      assert.equal(canonicalize('http://h.com/a%3Fb'), 'http://h.com/a?b');
      assert.equal(canonicalize('http://a%2Fb.com/'), 'http://a/b.com/');
    });
  });

  describe('refusals', () => {
    const REFUSED: [string, string][] = [
      ['', 'empty'],
      ['   ', 'empty'],
      ['\x01\x02', 'empty'],
      [':', 'invalid-host'],
      ['/blah', 'relative-url'],
      ['#ref', 'invalid-host'],
      ['/blah#ref', 'relative-url'],
      ['?query#ref', 'invalid-host'],
      ['http://#ref', 'invalid-host'],
      ['http://?query#ref', 'invalid-host'],
      ['mailto:bryner@google.com', 'unsupported-scheme'],
      ['javascript:alert(1)', 'unsupported-scheme'],
      ['www.google.com:xxyy/foo.html:80', 'unsupported-scheme'],
      ['http://www.google.com:xxyy/', 'port'],
      ['x'.repeat((1 << 20) + 1), 'too-long'],
    ];
    for (const [input, code] of REFUSED) {
      it(`${JSON.stringify(input.slice(0, 40))} → ${code}`, () => {
        refuses(input, code);
      });
    }

    it('refuses non-strings with a UrlError, not a TypeError', () => {
      refuses(undefined as unknown as string, 'invalid-url');
      refuses(42 as unknown as string, 'invalid-url');
    });
  });

  describe('adversarial sizes stay linear', () => {
    it('unescapes a megabyte of %25%25… down to one %', () => {
      assert.equal(
        canonicalize(`http://h.com/${'%25'.repeat(300000)}`),
        `http://h.com/${'%25'.repeat(300000)}`,
      );
      assert.equal(canonicalize(`http://h.com/%${'25'.repeat(500000)}`), 'http://h.com/%25');
    });

    it('handles hosts with hundreds of thousands of dots and labels', () => {
      assert.equal(canonicalize(`http://${'.'.repeat(500000)}a.com/`), 'http://a.com/');
      const labels = 'a.'.repeat(400000);
      assert.equal(canonicalize(`http://${labels}com/`), `http://${labels}com/`);
    });

    it('handles paths of hundreds of thousands of segments', () => {
      assert.equal(canonicalize(`http://h.com${'/a/..'.repeat(200000)}/x`), 'http://h.com/x');
      assert.equal(canonicalize(`http://h.com/${'/'.repeat(900000)}x`), 'http://h.com/x');
    });

    it('handles a megabyte of non-ASCII text', () => {
      const out = canonicalize(`http://h.com/${'\u00e9'.repeat(300000)}`);
      assert.equal(out.length, 'http://h.com/'.length + 300000 * 6);
    });
  });
});
