// findUrls in the text around URLs: code, Markdown, HTML, JSON, logs, CSS and CJK text.
import * as assert from 'node:assert/strict';
import { absoluteUrl, findUrls, urlAt } from '../../../../src/core/find/find-urls';
import { urls } from './helpers';

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
