import * as assert from 'node:assert/strict';
import { tableCells } from '../../helpers/markdown';
import {
  codeSpan,
  commandArgs,
  escapeMarkdown,
  groupDigits,
  noIcons,
  plainMessage,
  shortenMiddle,
  tableCode,
  truncate,
} from '../../../src/extension/logic/escape';

// Unescaped Markdown syntax left in the output: an unescaped punctuation character is one not
// preceded by an odd run of backslashes.
function unescaped(md: string, ch: string): number {
  let count = 0;
  for (let i = 0; i < md.length; i++) {
    if (md[i] !== ch) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && md[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) count++;
  }
  return count;
}

describe('extension escape', () => {
  const hostile = [
    'https://e.com/](command:workbench.action.terminal.new)',
    'https://e.com/<img src=x onerror=alert(1)>',
    'https://e.com/&lt;b&gt;&#x41;',
    'https://e.com/`code`',
    'https://e.com/$(zap)',
    'https://e.com/*a*_b_~~c~~#h|t|',
    'https://e.com/\\](command:x)',
  ];

  it('leaves no Markdown, HTML or icon syntax unescaped', () => {
    for (const text of hostile) {
      const md = escapeMarkdown(text);
      for (const ch of '[]()<>&`$*_~#|!') assert.equal(unescaped(md, ch), 0, `${ch} in ${md}`);
    }
  });

  it('keeps the text readable: removing the backslashes gives it back', () => {
    for (const text of hostile) assert.equal(escapeMarkdown(text).replace(/\\(.)/g, '$1'), text);
  });

  it('shows bidi controls, zero-width and control characters as code points', () => {
    assert.equal(
      escapeMarkdown('a\u202Eb\u200Bc\u0000d\ne').replace(/\\/g, ''),
      'a⟨U+202E⟩b⟨U+200B⟩c⟨U+0000⟩d⟨U+000A⟩e',
    );
  });

  it('truncates without splitting a surrogate pair', () => {
    assert.equal(truncate('abc', 5), 'abc');
    assert.equal(truncate('ab😊cd', 3), 'ab…');
    assert.equal(truncate('ab😊cd', 4), 'ab😊…');
    assert.equal(codeSpan(truncate('x'.repeat(1000))).length, 403);
  });

  it('quotes text as a code span whose fence no backtick run inside can close', () => {
    assert.equal(codeSpan('https://e.com/'), '`https://e.com/`');
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`x``'), '``` `x`` ```');
    assert.equal(codeSpan(''), '');
    for (const text of hostile) {
      const span = codeSpan(text);
      const fence = /^`+/.exec(span)?.[0] ?? '';
      const inner = span.slice(fence.length, span.length - fence.length);
      assert.ok(span.endsWith(fence) && !inner.includes(fence), span);
      assert.equal(inner.trim(), text.trim());
    }
  });

  it('keeps invisible characters visible inside code spans too', () => {
    assert.equal(codeSpan('a\u202Eb'), '`a⟨U+202E⟩b`');
  });

  it('encodes command arguments so that no parenthesis or quote ends the link', () => {
    const encoded = commandArgs(['a)(b\'"!*~', 1]);
    assert.doesNotMatch(encoded, /[()'"!*~\s]/);
    assert.deepEqual(JSON.parse(decodeURIComponent(encoded)), ['a)(b\'"!*~', 1]);
  });

  it('breaks notification links and icons', () => {
    assert.equal(plainMessage('x [a](command:y) $(zap)'), 'x [a] (command:y) $ (zap)');
    assert.doesNotMatch(noIcons('$(zap) and $(bug)'), /\$\(/);
  });

  it('shortens in the middle, keeping start and end, never splitting a surrogate pair', () => {
    assert.equal(shortenMiddle('abcdef', 6), 'abcdef');
    assert.equal(shortenMiddle('abcdefghij', 5), 'ab…ij');
    assert.equal(shortenMiddle('a😊bcdef😊g', 6), 'a😊…g');
    assert.equal(shortenMiddle('x'.repeat(1e6), 56).length, 56);
    for (let n = 3; n < 12; n++) {
      const out = shortenMiddle('😊'.repeat(20), n);
      assert.doesNotMatch(
        out,
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
    }
  });

  it('groups digits the same in every locale', () => {
    assert.equal(groupDigits(12), '12');
    assert.equal(groupDigits(12345), '12,345');
    assert.equal(groupDigits(1234567), '1,234,567');
  });

  it('table code: no | in the text can split the cell, even after a backslash', () => {
    for (const text of ['a|b', 'a\\|b', '|', '||`|\\', 'x\\\\|y']) {
      const cells = tableCells(`| l | ${tableCode(text)} | r |`);
      assert.equal(cells.length, 3, `${text} -> ${cells.join(' ¦ ')}`);
      assert.deepEqual([cells[0], cells[2]], ['l', 'r']);
    }
  });
});
