// Hostile text for URL finding (issue 7): correct answers on huge and pathological input.
// Linear time is checked by `npm run bench` (n vs 4n), not here: tests assert results only.
import * as assert from 'node:assert/strict';
import { findUrls, urlAt } from '../../../../src/core/find/find-urls';

const MB = 1 << 20;

/** The text of each URL found in `text`. */
const urls = (text: string): string[] => findUrls(text).map((m) => text.slice(m.start, m.end));

describe('findUrls: adversarial text', () => {
  it('a 1 MB line without spaces', () => {
    assert.deepEqual(findUrls('a'.repeat(MB)), []);
    const url = `https://a.com/${'a'.repeat(MB)}`;
    assert.deepEqual(findUrls(`(${url}).`), [{ start: 1, end: 1 + url.length }]);
    // Commas are URL characters: a minified line of `x,` after one URL is that one URL...
    const long = `http://a.com/${'x,'.repeat(MB / 2)}`;
    assert.deepEqual(urls(long), [long.slice(0, -1)]);
    // ...but a comma right before another http(s):// URL separates them (issue 13: `a/x,https://b/y`).
    const list = 'http://a.com/x,'.repeat(MB / 16);
    const found = findUrls(list);
    assert.equal(found.length, MB / 16);
    assert.ok(found.every((m, k) => m.start === k * 15 && m.end === k * 15 + 14)); // http://a.com/x
  });

  it('minified JSON with many URLs', () => {
    const json = '["http://a.com/x","http://b.com/y"],'.repeat(30_000);
    const found = findUrls(json);
    assert.equal(found.length, 60_000);
    assert.deepEqual(
      [found[0], found[59_999]].map((m) => json.slice(m.start, m.end)),
      ['http://a.com/x', 'http://b.com/y'],
    );
  });

  it('100,000 ( in a row, alone and around a URL', () => {
    assert.deepEqual(findUrls('('.repeat(100_000)), []);
    const text = `${'('.repeat(100_000)}https://a.com/x${')'.repeat(100_000)}`;
    assert.deepEqual(urls(text), ['https://a.com/x']);
    const inside = `https://a.com/${'('.repeat(100_000)}`;
    assert.deepEqual(urls(inside), [inside]);
  });

  it('100,000 http:// in a row is one URL; with spaces, none', () => {
    const text = 'http://'.repeat(100_000);
    assert.deepEqual(findUrls(text), [{ start: 0, end: text.length }]);
    assert.deepEqual(findUrls('http:// '.repeat(100_000)), []);
    assert.equal(findUrls('http://a '.repeat(100_000)).length, 100_000);
  });

  it('www. in a row, and many www. without a dotted host', () => {
    const text = 'www.'.repeat(100_000);
    assert.deepEqual(urls(text), [text.slice(0, -1)]);
    assert.deepEqual(findUrls('www.a '.repeat(100_000)), []);
  });

  it('deep Markdown nesting', () => {
    const depth = 50_000;
    const text = `${'[> *'.repeat(depth)}[x](https://a.com/x)${']*'.repeat(depth)}`;
    assert.deepEqual(urls(text), ['https://a.com/x']);
    const links = '[a]('.repeat(depth) + 'https://a.com/x' + ')'.repeat(depth);
    assert.deepEqual(urls(links), ['https://a.com/x']);
  });

  it('lone surrogates end a URL, pairs stay in it', () => {
    assert.deepEqual(urls('https://a.com/\uD800x https://b.com/\uDC00y'), [
      'https://a.com/',
      'https://b.com/',
    ]);
    assert.deepEqual(urls('\uDC00https://a.com/😊\uD800'), ['https://a.com/😊']);
    assert.deepEqual(findUrls('\uD800'.repeat(100_000) + 'http://a.com'), [
      { start: 100_000, end: 100_012 }, // http://a.com
    ]);
  });

  it('NUL bytes and other controls end a URL', () => {
    assert.deepEqual(urls('https://a.com/x\u0000y\u0000https://b.com\u0085z'), [
      'https://a.com/x',
      'https://b.com',
    ]);
    assert.deepEqual(findUrls('\u0000'.repeat(MB)), []);
  });

  it('mixed right-to-left text and bidi controls', () => {
    const text =
      '\u202Bمرحبا https://مثال.com/\u05D0\u0645 עברית\u202C\u2067http://a.com/x\u2069'.repeat(
        10_000,
      );
    const found = findUrls(text);
    assert.equal(found.length, 20_000);
    assert.deepEqual(
      [found[0], found[1]].map((m) => text.slice(m.start, m.end)),
      ['https://مثال.com/\u05D0\u0645', 'http://a.com/x'],
    );
  });

  it('JSON-escaped schemes in a row, refused ones, and a huge escaped URL', () => {
    // Every candidate inside a refused one would end at the same backslash: the scan skips them.
    assert.deepEqual(findUrls(`${'https:\\/\\/a'.repeat(100_000)}\\.`), []);
    const many = '"https:\\/\\/a.com\\/x",'.repeat(50_000);
    const found = findUrls(many);
    assert.equal(found.length, 50_000);
    assert.equal(many.slice(found[49_999].start, found[49_999].end), 'https:\\/\\/a.com\\/x');
    const huge = `https:\\/\\/a.com${'\\/a'.repeat(MB / 4)}`;
    assert.deepEqual(
      findUrls(huge).map((m) => m.end),
      [huge.length],
    );
    assert.deepEqual(findUrls('\\/'.repeat(MB)), []);
    assert.equal(urlAt('\\/'.repeat(MB), MB), undefined);
  });

  it('urlAt in the middle of huge hostile lines answers from a window', () => {
    const line = `http://a.com/${'x,'.repeat(MB / 2)}`;
    assert.equal(urlAt(line, line.length >> 1), undefined); // one URL longer than the window
    const list = 'http://a.com/x,'.repeat(MB / 16);
    const middle = 15 * (MB / 32) + 3;
    assert.deepEqual(urlAt(list, middle), {
      start: 15 * (MB / 32),
      end: 15 * (MB / 32) + 14, // http://a.com/x
    });
    const json = '["http://a.com/x","http://b.com/y"],'.repeat(30_000);
    const offset = (json.length >> 1) + 5; // inside the first URL of a repetition
    const found = urlAt(json, offset);
    assert.ok(found && found.start <= offset && offset <= found.end);
    assert.deepEqual(
      found,
      findUrls(json).find((m) => m.start <= offset && offset <= m.end),
    );
    assert.equal(urlAt('('.repeat(MB), MB >> 1), undefined);
  });
});
