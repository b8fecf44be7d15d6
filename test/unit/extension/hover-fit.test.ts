import * as assert from 'node:assert/strict';
import { linesOf } from '../../../src/extension/logic/hover-fit';

// Lines counted on the hovers VS Code 1.139.1 rendered in its default layout at a 1,280-px
// window (the narrowest hover: 611 px of text), screenshots of test/e2e/hover-layout.test.mjs.
// The estimate may say more lines than rendered, never fewer: fewer would make the hover scroll.
const label = (text: string, bold = false) => ({
  keep: text,
  style: bold ? ('bold' as const) : undefined,
});
const links = { keep: 'Copy Replace Open' };

describe('extension hover fit: lines a hover line takes once wrapped', () => {
  it('a short header and a one-line hash row: one line each', () => {
    assert.equal(
      linesOf([{ text: 'AMP URL · URL:' }, { code: 'https://example.com/amp_document.html' }]),
      1,
    );
    assert.equal(
      linesOf([
        label('Safe Browsing hash prefix'),
        { keep: 'Copy' },
        { code: 'example.com/amp_document.html' },
        { text: '→' },
        { code: '6ed68e20' },
      ]),
      1,
    );
  });

  it('a cache URL row: rendered in 2 lines (72 characters) and 4 lines (198 characters)', () => {
    const row = (value: string) =>
      linesOf([label('Google AMP Cache URL', true), links, { code: value }]);
    const two = row('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html');
    assert.equal(two, 2);
    const four = row(
      'https://www-example--news-com.cdn.ampproject.org/c/s/www.example-news.com/world/europe/2024/05/21/the-long-road-to-a-new-climate-agreement-in-brussels.html?utm_source=newsletter&utm_medium=email#top',
    );
    assert.ok(four >= 4 && four <= 5, `${four} lines`);
  });

  it('a look-alike warning of 250 characters: rendered in 4 lines', () => {
    const note =
      'Note: The cache host "www-example-news-com.cdn.ampproject.org" is not the one of "www.example-news.com" ("www-example--news-com.cdn.ampproject.org"): the cache serves the page by its path, so this is "www.example-news.com"\'s page; check the link is not a look-alike.';
    const n = linesOf([{ text: note }]);
    assert.ok(n >= 4 && n <= 5, `${n} lines`);
  });

  it('a value with no place to break is cut where the line ends (word-wrap: break-word)', () => {
    // 600 px of text, 8.5 px a character of a value: 70 characters a line; 320 characters.
    assert.equal(linesOf([{ code: `https://example.com/${'a'.repeat(300)}` }]), 5);
    // Behind a label, a value that fits the next line whole starts there.
    assert.equal(linesOf([label('Publisher URL'), links, { code: 'x'.repeat(60) }]), 2);
  });

  it('nothing is one line', () => {
    assert.equal(linesOf([]), 1);
    assert.equal(linesOf([{ text: '' }]), 1);
  });
});
