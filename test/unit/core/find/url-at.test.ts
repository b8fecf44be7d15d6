// urlAt: the URL at an offset, reading only a window around it.
import * as assert from 'node:assert/strict';
import { URL_AT_WINDOW, findUrls, urlAt } from '../../../../src/core/find/find-urls';
import { urls, withText } from './helpers';

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
