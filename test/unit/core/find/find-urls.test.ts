import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core/common/errors';
import { absoluteUrl, findUrls, urlAt } from '../../../../src/core/find/find-urls';
import { urls, withText } from './helpers';

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
