import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core/common/errors';
import {
  normalize,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  type NormalizeOptions,
} from '../../../../src/core/normalize/normalize';
import { removeDotSegments } from '../../../../src/core/normalize/dot-segments';

const ALL_OFF: NormalizeOptions = Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, false]));
const only = (options: NormalizeOptions): NormalizeOptions => ({ ...ALL_OFF, ...options });

function assertRefused(fn: () => unknown, code: string, message?: RegExp): void {
  assert.throws(
    fn,
    (e: unknown) =>
      e instanceof UrlError && e.code === code && (!message || message.test(e.message)),
  );
}

describe('normalize: RFC 3986 safe steps', () => {
  it('uppercases only valid %XX triplets', () => {
    assert.equal(
      normalize('http://a.com/%zz%2a%e2%82%ac%?%3d#%7b', only({ uppercaseEscapes: true })),
      'http://a.com/%zz%2A%E2%82%AC%?%3D#%7B',
    );
    assert.equal(normalize('http://a.com/%4', only({ uppercaseEscapes: true })), 'http://a.com/%4');
  });

  it('decodes unreserved characters only, never reserved or non-ASCII ones', () => {
    assert.equal(
      normalize('http://a.com/%41%7a%30%2D%2e%5F%7E', only({ decodeUnreserved: true })),
      'http://a.com/Az0-._~',
    );
    const reserved = 'http://a.com/%2F%3A%40%26%3D%2B%20%25%3F%23%2A%C3%A9?q=%26%3D#%2F';
    assert.equal(normalize(reserved, only({ decodeUnreserved: true })), reserved);
  });

  it('does not let a decoded digit complete an escape with a stray % (or a second pass would decode it)', () => {
    for (const u of ['http://a.com/%%34%31', 'http://a.com/%4%31', 'http://a.com/%%41B']) {
      const once = normalize(u);
      assert.equal(normalize(once), once);
    }
    assert.equal(normalize('http://a.com/%%34%31'), 'http://a.com/%%341');
    assert.equal(normalize('http://a.com/%%7E'), 'http://a.com/%~');
  });

  it('never re-encodes what the user wrote', () => {
    const raw = 'http://a.com/a%20b/é/"x"/[y]/{z}?q=a%20b&r=ü+v#f%20g';
    assert.equal(normalize(raw), raw);
  });

  it('lowercases the scheme and the host, not the userinfo, path, query or escapes', () => {
    assert.equal(
      normalize('HTTPS://Ann:PW@WWW.Example.COM/A?B#C', only({ lowercaseScheme: true })),
      'https://Ann:PW@WWW.Example.COM/A?B#C',
    );
    assert.equal(
      normalize('HTTPS://Ann:PW@WWW.Example.COM/A?B#C', only({ lowercaseHost: true })),
      'HTTPS://Ann:PW@www.example.com/A?B#C',
    );
    assert.equal(
      normalize('http://EX%2aMPLE.COM%4A/', only({ lowercaseHost: true })),
      'http://ex%2ample.com%4A/',
    );
    assert.equal(normalize('http://BÜCHER.DE/'), 'http://bücher.de/');
    assert.equal(normalize('http://[FE80::1%25En0]:8080/'), 'http://[fe80::1%25En0]:8080/');
  });

  it('decodes before case-folding, so %41 in a host becomes a', () => {
    assert.equal(normalize('http://%41.com/'), 'http://a.com/');
  });

  it("removes an empty port and the scheme's default port, in any decimal spelling", () => {
    const on = only({ removeDefaultPort: true });
    assert.equal(normalize('http://a.com:/', on), 'http://a.com/');
    assert.equal(normalize('http://a.com:080/', on), 'http://a.com/');
    assert.equal(normalize('https://a.com:443/', on), 'https://a.com/');
    assert.equal(normalize('ws://a.com:80/', on), 'ws://a.com/');
    assert.equal(normalize('ftp://a.com:21/', on), 'ftp://a.com/');
    assert.equal(normalize('https://a.com:80/', on), 'https://a.com:80/');
    assert.equal(normalize('http://a.com:8080/', on), 'http://a.com:8080/');
    assert.equal(normalize('foo://a.com:80/', on), 'foo://a.com:80/');
    assert.equal(normalize('constructor://a.com:80/', on), 'constructor://a.com:80/');
    assert.equal(normalize('http://u:80@a.com/', on), 'http://u:80@a.com/');
  });

  it('removes dot segments by RFC 3986 5.2.4', () => {
    assert.equal(removeDotSegments('/a/b/c/./../../g'), '/a/g');
    assert.equal(removeDotSegments('mid/content=5/../6'), 'mid/6');
    assert.equal(removeDotSegments('/a/b/c/../../../../'), '/');
    assert.equal(removeDotSegments('/..'), '/');
    assert.equal(removeDotSegments('/a/.'), '/a/');
    assert.equal(removeDotSegments('/a/..'), '/');
    assert.equal(removeDotSegments('/a/...'), '/a/...');
    assert.equal(removeDotSegments('/a/.b/..c'), '/a/.b/..c');
    assert.equal(removeDotSegments('../a/./b'), 'a/b');
    assert.equal(removeDotSegments('.'), '');
    assert.equal(removeDotSegments('a/../b'), '/b');
  });

  it('removes decoded dot segments (%2E) only when decoding is on', () => {
    assert.equal(normalize('http://a.com/x/%2e%2E/y'), 'http://a.com/y');
    assert.equal(
      normalize('http://a.com/x/%2e%2E/y', only({ removeDotSegments: true })),
      'http://a.com/x/%2e%2E/y',
    );
  });

  it('leaves opaque paths (no leading /) alone and never turns a path into an authority', () => {
    assert.equal(normalize('data:text/plain,a/../b'), 'data:text/plain,a/../b');
    assert.equal(normalize('mailto:John.Doe@Example.COM'), 'mailto:John.Doe@Example.COM');
    assert.equal(normalize('urn:ISBN:0451450523'), 'urn:ISBN:0451450523');
    assert.equal(normalize('x:/.//a'), 'x:/.//a');
    assert.equal(normalize('x:/a/..//b'), 'x:/.//b');
    assert.equal(normalize('file:///C:/a/../b'), 'file:///C:/b');
  });

  it('turns an empty path into / only when there is an authority', () => {
    assert.equal(normalize('http://a.com?q#f'), 'http://a.com/?q#f');
    assert.equal(normalize('file://'), 'file:///');
    assert.equal(normalize('about:'), 'about:');
  });
});

describe('normalize: semantics-changing steps', () => {
  it('keeps the root / whatever the options', () => {
    assert.equal(normalize('http://a.com/', NORMALIZE_PRESETS.aggressive), 'https://a.com/');
    assert.equal(normalize('http://a.com//', only({ removeTrailingSlash: true })), 'http://a.com/');
    assert.equal(
      normalize(
        'http://a.com/index.html',
        only({ removeDirectoryIndex: true, removeTrailingSlash: true }),
      ),
      'http://a.com/',
    );
  });

  it('removes every trailing slash, and directory indexes until neither is left', () => {
    assert.equal(
      normalize('http://a.com/a//', only({ removeTrailingSlash: true })),
      'http://a.com/a',
    );
    const both = only({ removeDirectoryIndex: true, removeTrailingSlash: true });
    assert.equal(normalize('http://a.com/index.html/index.html/', both), 'http://a.com/');
    assert.equal(
      normalize('http://a.com/a/index.html?x#y', only({ removeDirectoryIndex: true })),
      'http://a.com/a/?x#y',
    );
  });

  it('removes exactly the directory index names it is given, case-sensitively', () => {
    assert.equal(
      normalize('http://a.com/a/Index.html', only({ removeDirectoryIndex: true })),
      'http://a.com/a/Index.html',
    );
    assert.equal(
      normalize('http://a.com/a/home', only({ removeDirectoryIndex: ['home', ''] })),
      'http://a.com/a/',
    );
    assert.equal(
      normalize('http://a.com/a/index.html', only({ removeDirectoryIndex: ['home'] })),
      'http://a.com/a/index.html',
    );
    assert.equal(
      normalize('http://a.com/a/index.html', only({ removeDirectoryIndex: [] })),
      'http://a.com/a/index.html',
    );
  });

  it('adds a trailing slash only to a last segment without a file extension', () => {
    const on = only({ addTrailingSlash: true });
    assert.equal(normalize('http://a.com/bar.html', on), 'http://a.com/bar.html');
    assert.equal(normalize('http://a.com/foo?x', on), 'http://a.com/foo/?x');
    // Amended (issue 13): the empty path gets its slash even with the empty-path step off.
    assert.equal(normalize('http://a.com', on), 'http://a.com/');
    assert.equal(normalize('mailto:foo', on), 'mailto:foo');
  });

  it('collapses duplicate slashes but keeps the // of a URL embedded in the path', () => {
    const on = only({ removeDuplicateSlashes: true });
    assert.equal(
      normalize('http://web.archive.org/web/2020//https://a.com//x', on),
      'http://web.archive.org/web/2020/https://a.com/x',
    );
    assert.equal(normalize('http://a.com///x///', on), 'http://a.com/x/');
  });

  it('forces the scheme of http and https URLs only, with the old default port', () => {
    assert.equal(
      normalize('http://a.com:80/', only({ forceHttps: true, removeDefaultPort: true })),
      'https://a.com/',
    );
    assert.equal(
      normalize('http://a.com:443/', only({ forceHttps: true, removeDefaultPort: true })),
      'https://a.com/',
    );
    assert.equal(normalize('http://a.com:80/', only({ forceHttps: true })), 'https://a.com:80/');
    assert.equal(
      normalize('http://a.com:8080/', NORMALIZE_PRESETS.aggressive),
      'https://a.com:8080/',
    );
    assert.equal(normalize('HTTP://a.com/', only({ forceHttps: true })), 'https://a.com/');
    assert.equal(normalize('HTTPS://a.com/', only({ forceHttps: true })), 'HTTPS://a.com/');
    assert.equal(normalize('ftp://a.com/', only({ forceHttps: true })), 'ftp://a.com/');
  });

  it('removes www only from registered names, keeping the registrable domain', () => {
    const on = only({ removeWww: true });
    assert.equal(normalize('http://WWW.Example.co.uk/', on), 'http://Example.co.uk/');
    assert.equal(normalize('http://u@www.example.com:8080/', on), 'http://u@example.com:8080/');
    for (const host of [
      'www.co.uk',
      'www.www.example.com',
      'www.1.2.3.4',
      '1.2.3.4',
      '[::1]',
      'www',
      'www.',
      'wwwexample.com',
    ]) {
      assert.equal(normalize(`http://${host}/`, on), `http://${host}/`, host);
    }
  });

  it('adds www only to a registrable domain itself', () => {
    const on = only({ addWww: true });
    assert.equal(normalize('http://example.co.uk/', on), 'http://www.example.co.uk/');
    assert.equal(normalize('http://bücher.de/', on), 'http://www.bücher.de/');
    for (const host of [
      'blog.example.com',
      'www.example.com',
      'co.uk',
      '192.168.0.1',
      '[::1]',
      'localhost',
    ]) {
      assert.equal(normalize(`http://${host}/`, on), `http://${host}/`, host);
    }
  });
});

describe('normalize: query steps', () => {
  it('never turns ?a into ?a= and keeps every parameter as written', () => {
    assert.equal(normalize('http://a.com/?b&a', only({ sortQuery: true })), 'http://a.com/?a&b');
    assert.equal(
      normalize('http://a.com/?q=a%20b+c&a=%26', only({ sortQuery: true })),
      'http://a.com/?a=%26&q=a%20b+c',
    );
  });

  it('sorts by name only and keeps repeated names in their order', () => {
    assert.equal(
      normalize('http://a.com/?b=2&a=1&b=1&a=0', only({ sortQuery: true })),
      'http://a.com/?a=1&a=0&b=2&b=1',
    );
  });

  it('removes named parameters by string or RegExp, matching the decoded name', () => {
    const opts = only({ removeQueryParams: [/^utm_/g, 'fbclid'] });
    assert.equal(
      normalize('http://a.com/?utm_source=x&id=1&fbclid=2&utm%5Fmedium=y', opts),
      'http://a.com/?id=1',
    );
    assert.equal(normalize('http://a.com/?utm_a=1&utm_b=2', opts), 'http://a.com/');
    assert.equal(normalize('http://a.com/?fbclid', opts), 'http://a.com/');
    assert.equal(normalize('http://a.com/?', opts), 'http://a.com/?');
    assert.equal(normalize('http://a.com/?x=1', opts), 'http://a.com/?x=1');
  });

  it('removes parameters with an empty value, not bare flags', () => {
    const on = only({ removeEmptyQueryParams: true });
    assert.equal(normalize('http://a.com/?id=&flag&&x=1&=', on), 'http://a.com/?flag&x=1');
    assert.equal(normalize('http://a.com/?a==', on), 'http://a.com/?a==');
    assert.equal(normalize('http://a.com/?&', on), 'http://a.com/');
  });

  it('removes the fragment, an empty one too', () => {
    assert.equal(normalize('http://a.com/#', only({ removeFragment: true })), 'http://a.com/');
  });
});

describe('normalize: input and options', () => {
  it('refuses strings without a scheme', () => {
    for (const s of [
      '//a.com/x',
      '/x',
      'a.com/x',
      'www.a.com',
      '?q',
      '#f',
      '1http://a.com',
      '-x:y',
      ':x',
      'h ttp://a.com',
    ]) {
      assertRefused(() => normalize(s), 'relative-url', /absolute URI with a scheme/);
    }
  });

  it('refuses empty, blank, oversized and non-string input', () => {
    assertRefused(() => normalize(''), 'empty');
    assertRefused(() => normalize(' \n\t'), 'empty');
    assertRefused(() => normalize(`http://a.com/${'a'.repeat(1 << 20)}`), 'too-long');
    assertRefused(() => normalize(42 as unknown as string), 'invalid-url');
  });

  it("refuses whitespace: it is the caller's to trim", () => {
    assertRefused(() => normalize('  HTTP://A.com'), 'relative-url', /whitespace/);
    assertRefused(() => normalize('HTTP://A.com/ \n'), 'invalid-url', /a space at position 14/);
  });

  it('refuses contradictory options, naming both', () => {
    for (const [a, b] of [
      ['forceHttp', 'forceHttps'],
      ['addWww', 'removeWww'],
      ['addTrailingSlash', 'removeTrailingSlash'],
    ]) {
      assertRefused(
        () => normalize('http://a.com/', { [a]: true, [b]: true }),
        'invalid-option',
        new RegExp(`\\(${a}\\) and "[^"]+" \\(${b}\\)`),
      );
      assert.doesNotThrow(() => normalize('http://a.com/', { [a]: true, [b]: false }));
    }
  });

  it('refuses option values of the wrong type (they may come from user settings)', () => {
    const bad = [
      { lowercaseHost: 'yes' },
      { removeDirectoryIndex: 'index.html' },
      { removeDirectoryIndex: [1] },
      { removeQueryParams: 'utm_source' },
      { removeQueryParams: [3] },
    ];
    for (const o of bad)
      assertRefused(
        () => normalize('http://a.com/', o as unknown as NormalizeOptions),
        'invalid-option',
      );
    assertRefused(
      () => normalize('http://a.com/', 'safe' as unknown as NormalizeOptions),
      'invalid-option',
    );
    assert.equal(normalize('HTTP://a.com', null as unknown as NormalizeOptions), 'http://a.com/');
  });

  it('has frozen presets, from safe to aggressive', () => {
    assert.ok(Object.isFrozen(NORMALIZE_PRESETS) && Object.isFrozen(NORMALIZE_PRESETS.aggressive));
    const u = 'HTTP://www.Example.com:80/a//./index.html?utm_source=x&b=2&a=&c#top';
    assert.equal(
      normalize(u, NORMALIZE_PRESETS.safe),
      'http://www.example.com/a//index.html?utm_source=x&b=2&a=&c#top',
    );
    assert.equal(
      normalize(u, NORMALIZE_PRESETS.usuallySafe),
      'http://www.example.com/a/?utm_source=x&b=2&a=&c#top',
    );
    assert.equal(normalize(u, NORMALIZE_PRESETS.aggressive), 'https://example.com/a?b=2&c');
  });

  it('stays linear on huge adversarial input', () => {
    const big = (unit: string) => `http://a.com/${unit.repeat(Math.floor(900_000 / unit.length))}`;
    for (const u of [
      big('/./'),
      big('/..'),
      big('%'),
      big('%%34'),
      big('//'),
      big('/index.html'),
      big('https:/'),
    ]) {
      assert.ok(normalize(u, NORMALIZE_PRESETS.aggressive).length <= u.length + 1);
      assert.ok(
        normalize(
          u,
          only({
            removeDuplicateSlashes: true,
            removeTrailingSlash: true,
            removeDirectoryIndex: true,
          }),
        ).length <= u.length,
      );
    }
    const query = `http://a.com/?${'b=1&a&'.repeat(100_000)}`;
    assert.ok(normalize(query, NORMALIZE_PRESETS.aggressive).startsWith('https://a.com/?a&a&'));
  });
});
