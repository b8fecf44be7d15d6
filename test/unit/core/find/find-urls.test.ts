import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core/shared/errors';
import {
  type UrlMatch,
  URL_AT_WINDOW,
  absoluteUrl,
  findUrls,
  urlAt,
} from '../../../../src/core/find/find-urls';

/** The URLs found in `text`: the text of each match. */
function urls(text: string): string[] {
  return findUrls(text).map((m) => text.slice(m.start, m.end));
}

/** A match of `text` with the text its offsets say, to compare with an example at once. */
function withText(text: string, m: UrlMatch | undefined): (UrlMatch & { url: string }) | undefined {
  return m && { start: m.start, end: m.end, url: text.slice(m.start, m.end) };
}

describe('findUrls: the examples of the brief', () => {
  it('leaves out trailing punctuation and an unbalanced closing parenthesis', () => {
    assert.deepEqual(urls('(see https://a.com/x).'), ['https://a.com/x']);
  });

  it('keeps the balanced parentheses of a Wikipedia URL', () => {
    assert.deepEqual(urls('https://en.wikipedia.org/wiki/Foo_(bar)'), [
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
    assert.deepEqual(urls('(https://en.wikipedia.org/wiki/Foo_(bar)).'), [
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('leaves out a closing quote and a comma', () => {
    assert.deepEqual(urls('"https://a.com/x",'), ['https://a.com/x']);
  });

  it('reads the scheme in any case', () => {
    assert.deepEqual(urls('HTTPS://A.COM/X and Http://b.org'), ['HTTPS://A.COM/X', 'Http://b.org']);
  });

  it('does not match other schemes or a scheme inside a longer one', () => {
    assert.deepEqual(urls('xhttp://a.com a+http://a.com a.http://a.com 1http://a.com'), []);
    assert.deepEqual(urls('mailto:someone@a.com ftp://a.com/x ws://a.com file:///etc/hosts'), []);
    assert.deepEqual(urls('http:/a.com https:a.com http:// https://.com http:///x'), []);
  });

  it('finds an AMP cache URL as one URL', () => {
    assert.deepEqual(urls('go to https://example-com.cdn.ampproject.org/c/s/example.com/x.'), [
      'https://example-com.cdn.ampproject.org/c/s/example.com/x',
    ]);
    assert.deepEqual(urls('https://a.com/?u=https://b.com/y'), [
      'https://a.com/?u=https://b.com/y',
    ]);
  });

  it('stops at whitespace, < > " and backtick, like linkify and GitHub', () => {
    assert.deepEqual(urls('https://a.com/x<b>'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/x>y'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/x"y'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/x`y'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/x\ty https://b.com\r\nhttps://c.com\u00a0d'), [
      'https://a.com/x',
      'https://b.com',
      'https://c.com',
    ]);
    assert.deepEqual(urls('https://a.com/x\\ny |https://b.com|'), [
      'https://a.com/x',
      'https://b.com',
    ]);
  });

  it("stops at ' when a ' opened the URL, keeps an apostrophe inside otherwise", () => {
    assert.deepEqual(urls("const u = 'https://a.com/x';"), ['https://a.com/x']);
    assert.deepEqual(urls("f('https://a.com/it's')"), ['https://a.com/it']);
    assert.deepEqual(urls("https://en.wikipedia.org/wiki/Ender's_Game"), [
      "https://en.wikipedia.org/wiki/Ender's_Game",
    ]);
    assert.deepEqual(urls("it is at https://a.com/x'."), ['https://a.com/x']);
  });

  it('finds www. URLs and makes them absolute with http://', () => {
    const [m] = findUrls('see www.a.com/x.');
    assert.deepEqual(m, { start: 4, end: 15 });
    assert.deepEqual(urls('see www.a.com/x.'), ['www.a.com/x']);
    assert.equal(absoluteUrl('www.a.com/x'), 'http://www.a.com/x');
    assert.deepEqual(urls('WWW.A.COM').map(absoluteUrl), ['http://WWW.A.COM']);
    assert.deepEqual(urls('https://www.a.com').map(absoluteUrl), ['https://www.a.com']);
  });

  it('wants a dotted host after www. and nothing host-like before it', () => {
    assert.deepEqual(urls('www.example www. www.-a.com www.a. www.a.-b'), []);
    assert.deepEqual(urls('bob@www.a.com a.www.b.com //www.a.com/x _www.a.com'), []);
    assert.deepEqual(urls('(www.a.com) "www.b.com" 見www.c.com'), [
      'www.a.com',
      'www.b.com',
      'www.c.com',
    ]);
  });
});

describe('findUrls: text around URLs', () => {
  it('code strings, comments and escapes', () => {
    assert.deepEqual(urls('const a = "https://a.com/x"; // docs: https://b.com/y.'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
    assert.deepEqual(urls('fetch(`https://a.com/api/${id}?q=${q}`)'), [
      'https://a.com/api/${id}?q=${q}',
    ]);
    assert.deepEqual(urls('f("http://x.com/1","y")'), ['http://x.com/1']);
    assert.deepEqual(urls('print("see https://a.com/x\\n")'), ['https://a.com/x']);
    assert.deepEqual(urls('# see https://a.com/x, or https://b.com/y;'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
    assert.deepEqual(urls('/* https://a.com/x */'), ['https://a.com/x']);
  });

  it('Markdown links, autolinks, titles, emphasis, tables and references', () => {
    assert.deepEqual(urls('[t](https://a.com/x)'), ['https://a.com/x']);
    assert.deepEqual(urls('[t](https://a.com/x "title")'), ['https://a.com/x']);
    assert.deepEqual(urls("[t](https://a.com/x 'title')"), ['https://a.com/x']);
    assert.deepEqual(urls('<https://a.com/x>'), ['https://a.com/x']);
    assert.deepEqual(urls('[https://a.com/x](https://b.com/y)'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
    assert.deepEqual(urls('[w](https://en.wikipedia.org/wiki/Foo_(bar))'), [
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
    assert.deepEqual(urls('**https://a.com/x** _https://b.com/y_ ~~https://c.com~~'), [
      'https://a.com/x',
      'https://b.com/y',
      'https://c.com',
    ]);
    assert.deepEqual(urls('| a |https://a.com/x| b |'), ['https://a.com/x']);
    assert.deepEqual(urls('[1]: https://a.com/x "t"'), ['https://a.com/x']);
  });

  it('HTML attributes, quoted or not, with entities left as written', () => {
    assert.deepEqual(urls('<a href="https://a.com/x">a</a>'), ['https://a.com/x']);
    assert.deepEqual(urls("<img src='https://a.com/i.png'>"), ['https://a.com/i.png']);
    assert.deepEqual(urls('<a href=https://a.com/x>a</a>'), ['https://a.com/x']);
    assert.deepEqual(urls('<a href="https://a.com/?a=1&amp;b=2">'), ['https://a.com/?a=1&amp;b=2']);
    // Escaped HTML: a trailing entity is markup, not URL (GFM's rule).
    assert.deepEqual(urls('data-x="{&quot;u&quot;:&quot;https://a.com/x&quot;}"'), [
      'https://a.com/x',
    ]);
    assert.deepEqual(
      urls('&lt;https://a.com/x&gt;; https://b.com/y&amp;&amp;. https://c.com/a;b;'),
      ['https://a.com/x', 'https://b.com/y', 'https://c.com/a;b'],
    );
  });

  it('JSON, minified or not', () => {
    assert.deepEqual(urls('{"a":"http://x.com/1","b":"http://y.com/2"}'), [
      'http://x.com/1',
      'http://y.com/2',
    ]);
    assert.deepEqual(urls('["https://a.com/x", "https://b.com/y"]'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
  });

  it('JSON with escaped slashes (PHP json_encode, JSON-LD): found as written, unescaped by absoluteUrl', () => {
    // Was []: `\` ended every URL. The match is the text as written.
    const json = '{"u":"https:\\/\\/a.com\\/x?y=1","v":"http:\\/\\/b.org\\/"}';
    const found = urls(json);
    assert.deepEqual(found, ['https:\\/\\/a.com\\/x?y=1', 'http:\\/\\/b.org\\/']);
    // `\/` is `/` in JSON and JS strings: the URL to open or convert is the string's value.
    assert.deepEqual(found.map(absoluteUrl), ['https://a.com/x?y=1', 'http://b.org/']);
    const ld =
      '<script type="application/ld+json">{"@id":"https:\\/\\/example.com\\/#org","logo":"https:\\/\\/example.com\\/wp-content\\/logo.png"}</script>';
    assert.deepEqual(urls(ld).map(absoluteUrl), [
      'https://example.com/#org',
      'https://example.com/wp-content/logo.png',
    ]);
    // Ends at a JSON escape of something else: \" (JSON inside a string), \n, \u0026 (a limit: the
    // query after \u0026 is cut, as at any backslash in an unescaped URL).
    assert.deepEqual(urls('"{\\"u\\":\\"https:\\/\\/a.com\\/x\\"}"'), ['https:\\/\\/a.com\\/x']);
    assert.deepEqual(urls('"see https:\\/\\/a.com\\/x\\nnext"'), ['https:\\/\\/a.com\\/x']);
    assert.deepEqual(urls('"https:\\/\\/a.com\\/?a=1\\u0026b=2"'), ['https:\\/\\/a.com\\/?a=1']);
    // Only a URL escaped from its scheme on: a plain URL still ends at a backslash.
    assert.deepEqual(urls('"https://a.com\\/x"'), ['https://a.com']);
    assert.deepEqual(urls('"https://a.com/x"').map(absoluteUrl), ['https://a.com/x']);
  });

  it('no URL in a regular expression with escaped slashes (\\. or \\? after the host is no JSON)', () => {
    for (const text of [
      '/^https:\\/\\/a\\.com\\//',
      'const re = /https?:\\/\\/(www\\.)?a\\.com/;',
      '/https:\\/\\/[^\\/]+/',
      'https:\\/\\/\\S+',
      '/https:\\/\\/a.com\\/x\\?y/',
    ]) {
      assert.deepEqual(urls(text), [], text);
    }
    // The scan resumes after the refused one.
    assert.deepEqual(urls('/https:\\/\\/a\\.com/ "https://b.com/y"'), ['https://b.com/y']);
  });

  it('urlAt finds a JSON-escaped URL from any offset inside it', () => {
    const text = '{"u":"https:\\/\\/a.com\\/x"}';
    const m = findUrls(text)[0];
    assert.deepEqual([m.start, m.end], [6, 24]);
    for (let offset = m.start; offset <= m.end; offset++)
      assert.deepEqual(urlAt(text, offset), m, String(offset));
    assert.equal(urlAt(text, 3), undefined);
  });

  it('log lines', () => {
    assert.deepEqual(
      urls('127.0.0.1 - - [22/Nov/2026:02:00:00 +0000] "GET https://a.com/x?y=1 HTTP/1.1" 200'),
      ['https://a.com/x?y=1'],
    );
    assert.deepEqual(urls('ERROR fetching https://a.com/x: timeout; url=https://b.com/y,retry=3'), [
      'https://a.com/x',
      'https://b.com/y,retry=3',
    ]);
    assert.deepEqual(urls('[https://a.com/x] {https://b.com/y}'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
  });

  it('CSS url(), bare or quoted', () => {
    assert.deepEqual(
      urls('a{background:url(https://a.com/i.png)}b{c:url("https://b.com/j.png")}'),
      ['https://a.com/i.png', 'https://b.com/j.png'],
    );
    assert.deepEqual(urls("@import url('https://a.com/s.css');"), ['https://a.com/s.css']);
  });

  it('CJK text with no space around the URL', () => {
    assert.deepEqual(urls('请访问https://a.com/x。谢谢'), ['https://a.com/x']);
    assert.deepEqual(urls('（https://a.com/x）、「https://b.com/y」'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
    assert.deepEqual(urls('“https://a.com/x” «https://b.com/y»'), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
  });
});

describe('findUrls: Unicode, IDN and IPv6', () => {
  it('Unicode hosts and paths', () => {
    assert.deepEqual(urls('https://bücher.de/straße?q=ü.'), ['https://bücher.de/straße?q=ü']);
    assert.deepEqual(urls('http://пример.рф/путь, ok'), ['http://пример.рф/путь']);
    assert.deepEqual(urls('https://⚡😊.com/😊!'), ['https://⚡😊.com/😊']);
    assert.deepEqual(urls('https://例え.jp/テスト…'), ['https://例え.jp/テスト']);
    assert.deepEqual(urls('https://xn--bcher-kva.de/a%20b'), ['https://xn--bcher-kva.de/a%20b']);
  });

  it('right-to-left text and its punctuation', () => {
    assert.deepEqual(urls('انظر https://مثال.com/مسار، شكرا'), ['https://مثال.com/مسار']);
    assert.deepEqual(urls('देखें https://a.com/x।'), ['https://a.com/x']);
    // ZWNJ is part of Persian words: kept. The right-to-left mark after the URL is not.
    assert.deepEqual(urls('https://fa.wikipedia.org/wiki/می‌خواهم‏.'), [
      'https://fa.wikipedia.org/wiki/می‌خواهم',
    ]);
  });

  it('stops at invisible and bidirectional controls', () => {
    assert.deepEqual(urls('https://a.com/x\u202Eevil'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/x\u200By https://b.com/\u2066z'), [
      'https://a.com/x',
      'https://b.com/',
    ]);
    assert.deepEqual(urls('https://a.com/x\uFEFF'), ['https://a.com/x']);
  });

  it('IPv6 literals, with ports', () => {
    assert.deepEqual(urls('http://[::1]:8080/x'), ['http://[::1]:8080/x']);
    assert.deepEqual(urls('(http://[2001:db8::1]/a).'), ['http://[2001:db8::1]/a']);
    assert.deepEqual(urls('[http://[::1]]'), ['http://[::1]']);
    assert.deepEqual(urls('http://[ http://[]'), []);
  });

  it('IPv4, ports, userinfo, queries and fragments', () => {
    assert.deepEqual(urls('http://127.0.0.1:3000/a?b=c#d.'), ['http://127.0.0.1:3000/a?b=c#d']);
    assert.deepEqual(urls('http://localhost:8080'), ['http://localhost:8080']);
    assert.deepEqual(urls('https://user:pw@a.com/'), ['https://user:pw@a.com/']);
  });
});

describe('findUrls: trailing punctuation and brackets', () => {
  it('trims each trailing punctuation mark, and runs of them', () => {
    for (const p of ['.', ',', ':', ';', '!', '?', '*', '_', '~', "'", '…', '.)', '?!.', ',"']) {
      assert.deepEqual(urls(`https://a.com/x${p}`), ['https://a.com/x'], p);
    }
  });

  it('keeps a last /.. path segment: it is part of the URL a browser requests (issue 21)', () => {
    // Safe Browsing's own example (demo/README.md): the browser requests http://www.google.com/.
    assert.deepEqual(urls('- http://www.google.com/blah/..'), ['http://www.google.com/blah/..']);
    assert.deepEqual(urls('(http://a.com/x/..)'), ['http://a.com/x/..']);
    // A single dot after / ends a sentence; in a query or fragment `..` is punctuation.
    assert.deepEqual(urls('Visit http://example.com/.'), ['http://example.com/']);
    assert.deepEqual(urls('http://a.com/?q=/..'), ['http://a.com/?q=/']);
    assert.deepEqual(urls('http://a.com/x..'), ['http://a.com/x']);
  });

  it('keeps punctuation inside the URL', () => {
    assert.deepEqual(urls('https://a.com/a.b,c;d!e?f=1*2_3~4:5.'), [
      'https://a.com/a.b,c;d!e?f=1*2_3~4:5',
    ]);
  });

  it('splits at a comma right before another http(s):// URL (issue 13: `a/x,https://b/y`)', () => {
    assert.deepEqual(urls('https://a/x,https://b/y'), ['https://a/x', 'https://b/y']);
    assert.deepEqual(urls('http://a.com/x,HTTP://b.com/y,http://c.com/'), [
      'http://a.com/x',
      'HTTP://b.com/y',
      'http://c.com/',
    ]);
    // srcset: candidates separated by commas, with or without a space after the comma.
    assert.deepEqual(urls('<img srcset="https://a.com/a.jpg 1x,https://b.com/c.jpg 2x">'), [
      'https://a.com/a.jpg',
      'https://b.com/c.jpg',
    ]);
    assert.deepEqual(urls('srcset="https://a.com/a.jpg,https://b.com/c.jpg 2x"'), [
      'https://a.com/a.jpg',
      'https://b.com/c.jpg',
    ]);
    // JSON-escaped URLs in a list split the same way.
    assert.deepEqual(urls('https:\\/\\/a.com\\/x,https:\\/\\/b.com\\/y'), [
      'https:\\/\\/a.com\\/x',
      'https:\\/\\/b.com\\/y',
    ]);
  });

  it('keeps a comma before anything that does not start a URL', () => {
    assert.deepEqual(urls('https://a.com/x,y,http,https:,https://,www.b.com'), [
      'https://a.com/x,y,http,https:,https://,www.b.com',
    ]);
    assert.deepEqual(urls('https://a.com/?u=x,ftp://b.com/'), ['https://a.com/?u=x,ftp://b.com/']);
    // A scheme glued to letters is not a new URL (xhttp://), so the comma stays inside too.
    assert.deepEqual(urls('https://a.com/x,xhttps://b.com/'), ['https://a.com/x,xhttps://b.com/']);
    // Only `http` starts a scheme: a comma before `xttp://` or `?ttps://` stays inside.
    assert.deepEqual(urls('https://a.com/x,xttps://b.com/'), ['https://a.com/x,xttps://b.com/']);
    assert.deepEqual(urls('https://a.com/x,?ttp://b.com/'), ['https://a.com/x,?ttp://b.com/']);
  });

  it('urlAt agrees with findUrls on both sides of the comma', () => {
    const text = 'see https://a/x,https://b/y.';
    const a = { start: 4, end: 15, url: 'https://a/x' };
    assert.deepEqual(withText(text, urlAt(text, 8)), a);
    assert.deepEqual(withText(text, urlAt(text, 15)), a); // just after a/x
    assert.deepEqual(withText(text, urlAt(text, 17)), { start: 16, end: 27, url: 'https://b/y' });
  });

  it('ends at the first unbalanced ) ] or }, keeps balanced ones', () => {
    assert.deepEqual(urls('https://a.com/x)) y'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/(x))'), ['https://a.com/(x)']);
    assert.deepEqual(urls('https://a.com/[x]/{y}]'), ['https://a.com/[x]/{y}']);
    assert.deepEqual(urls('f(https://a.com/x)+g'), ['https://a.com/x']);
    assert.deepEqual(urls('https://a.com/(x]'), ['https://a.com/(x']);
  });
});

describe('urlAt', () => {
  const text = 'see https://a.com/x, and www.b.com.';
  const a = { start: 4, end: 19 }; // https://a.com/x
  const b = { start: 25, end: 34 }; // www.b.com

  it('finds the URL at its start, middle, last character and just after it', () => {
    assert.deepEqual(findUrls(text), [a, b]);
    assert.deepEqual(urls(text), ['https://a.com/x', 'www.b.com']);
    for (const offset of [4, 10, 18, 19]) assert.deepEqual(urlAt(text, offset), a, String(offset));
    for (const offset of [25, 30, 33, 34]) assert.deepEqual(urlAt(text, offset), b, String(offset));
  });

  it('finds nothing just outside a URL', () => {
    for (const offset of [0, 3, 20, 24, 35])
      assert.equal(urlAt(text, offset), undefined, String(offset));
  });

  it('answers undefined, without throwing, for offsets out of range', () => {
    for (const offset of [
      -1,
      text.length + 1,
      NaN,
      Infinity,
      -Infinity,
      1.5,
      Number.MAX_SAFE_INTEGER,
    ]) {
      assert.equal(urlAt(text, offset), undefined, String(offset));
    }
    assert.equal(urlAt('', 0), undefined);
    assert.deepEqual(urlAt('https://a.com', 13), { start: 0, end: 13 });
  });

  it('agrees with findUrls where a URL contains another scheme', () => {
    const s = 'x https://a.com/?u=https://b.com/y z';
    assert.deepEqual(urlAt(s, 25), findUrls(s)[0]);
  });

  it('reads only a window: no answer inside a URL longer than the window', () => {
    const long = `https://a.com/${'a'.repeat(URL_AT_WINDOW * 2)}`;
    assert.deepEqual(urls(long), [long]);
    assert.equal(urlAt(long, 5), undefined);
    // ...but a normal URL in a huge line without spaces is found from its neighbourhood.
    const line = `${'a'.repeat(URL_AT_WINDOW * 3)},url(https://a.com/x)${'b'.repeat(URL_AT_WINDOW * 3)}`;
    const start = URL_AT_WINDOW * 3 + 5;
    assert.deepEqual(withText(line, urlAt(line, start + 3)), {
      start,
      end: start + 15,
      url: 'https://a.com/x',
    });
  });
});

describe('findUrls and urlAt: bad input', () => {
  it('throw a UrlError for text that is not a string', () => {
    for (const bad of [undefined, null, 42, {}, ['https://a.com']]) {
      assert.throws(
        () => findUrls(bad as string),
        (e: unknown) => e instanceof UrlError && e.code === 'invalid-url',
      );
      assert.throws(() => urlAt(bad as string, 0), UrlError);
    }
  });

  it('absoluteUrl throws a UrlError for anything but a string (a match object included)', () => {
    for (const bad of [undefined, null, 42, { start: 0, end: 13 }, { url: 'https://a.com' }])
      assert.throws(() => absoluteUrl(bad as unknown as string), UrlError);
  });

  it('handle empty text and text without URLs', () => {
    assert.deepEqual(findUrls(''), []);
    assert.deepEqual(findUrls('no links here: http, https:, www, ://'), []);
  });
});
