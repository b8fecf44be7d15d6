// Issue 20: a write never emits an invisible or Bidi control character raw. Every Bidi_Control and
// Default_Ignorable_Code_Point in a new URL is written percent-encoded, in every part of the URL
// and through every write path (they all end in writeUrl → browserEncode), and the browser still
// reads the same URL.
import * as assert from 'node:assert/strict';
import { isInvisible } from '../../../src/core/common/invisible';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { planFile } from '../../../src/shared/workspace-plan';
import { writeUrl, writeUrlAt } from '../../../src/shared/write-context';
import { browserEncode } from '../../../src/shared/write-context/browser-encode';

/**
 * Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1) and Bidi_Control
 * (PropList.txt), copied from the Unicode files: a check of scripts/gen-invisible-table.py,
 * which derives the same set from Python's unicodedata.
 */
const DEFAULT_IGNORABLE: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];
const BIDI_CONTROL: [number, number][] = [
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

const ALL: number[] = [...DEFAULT_IGNORABLE, ...BIDI_CONTROL].flatMap(([lo, hi]) =>
  Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
);
const LISTED = new Set(ALL);

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
/** The UTF-8 percent-encoding of one code point, as the browser writes it. */
const pct = (cp: number) =>
  [...Buffer.from(String.fromCodePoint(cp), 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

describe('invisible characters in written URLs (issue 20)', () => {
  it('isInvisible is exactly Bidi_Control ∪ Default_Ignorable_Code_Point, over all of Unicode', () => {
    assert.equal(LISTED.size, 4174);
    for (let cp = 0; cp <= 0x10ffff; cp++)
      if (isInvisible(cp) !== LISTED.has(cp))
        assert.fail(`${hex(cp)}: isInvisible says ${isInvisible(cp)}`);
  });

  it('percent-encodes every one of them in the path, query, fragment, userinfo and host, and the browser reads the same URL', () => {
    for (const cp of ALL) {
      const ch = String.fromCodePoint(cp);
      const url = `https://u${ch}s@a.com/p${ch}q?x=${ch}#f${ch}`;
      const w = browserEncode(url).text;
      const p = pct(cp);
      assert.equal(w, `https://u${p}s@a.com/p${p}q?x=${p}#f${p}`, hex(cp));
      assert.equal(new URL(w).href, new URL(url).href, `${hex(cp)}: same URL`);
      // In the host the browser percent-decodes first: the same host, or the same refusal.
      const host = `https://a${ch}b.example/`;
      const hostWritten = browserEncode(host).text;
      assert.equal(hostWritten, `https://a${p}b.example/`, `${hex(cp)} in the host`);
      assert.equal(URL.canParse(hostWritten), URL.canParse(host), `${hex(cp)}: host validity`);
      if (URL.canParse(host)) assert.equal(new URL(hostWritten).href, new URL(host).href);
    }
  });

  it('leaves readable non-ASCII and astral characters as written', () => {
    for (const url of [
      'https://a.com/café/日本?q=ü#ñ',
      'https://a.com/😀/𝒳',
      'https://a.com/\u0600x', // Arabic number sign: Cf, but a Prepended_Concatenation_Mark (visible)
    ])
      assert.equal(browserEncode(url).text, url);
  });

  it('writeUrl and writeUrlAt never emit one raw, in any context (the write path of every command)', () => {
    const contexts: [string, string | undefined, (u: string) => string][] = [
      ['html', 'html', (u) => `<a href="${u}">x</a>`],
      ['markdown link', 'markdown', (u) => `[x](${u})`],
      ['json', 'json', (u) => `{"u": "${u}"}`],
      ['plain text', 'plaintext', (u) => `see ${u} now`],
      ['css', 'css', (u) => `a { background: url(${u}) }`],
    ];
    const old = 'https://example.com/old.html';
    for (const [name, lang, wrap] of contexts) {
      const text = wrap(old);
      const start = text.indexOf(old);
      for (const cp of ALL) {
        const url = `https://example.com/a${String.fromCodePoint(cp)}b`;
        const w = writeUrl(text, start, start + old.length, url, undefined, lang);
        assert.equal(w.text, `https://example.com/a${pct(cp)}b`, `${name}, ${hex(cp)}`);
        const at = writeUrlAt(
          (from, to) => text.slice(from, to),
          start,
          start + old.length,
          url,
          undefined,
          lang,
        );
        assert.deepEqual(at, w);
      }
    }
  });

  it('a cache URL whose path holds U+061C is written back encoded (the reported case), both ways', () => {
    const s = readSettings(() => undefined, true);
    const plan = (text: string, target: 'publisher' | 'cache') =>
      planFile(text, target, makeTransform(target, s), s.caches, undefined, 'html').edits.map(
        (e) => e.newText,
      );
    const cache = 'https://example-com.cdn.ampproject.org/c/s/example.com/a\u061Cb.html?q=\u034F';
    assert.deepEqual(plan(`<a href="${cache}">x</a>\n`, 'publisher'), [
      'https://example.com/a%D8%9Cb.html?q=%CD%8F',
    ]);
    assert.deepEqual(plan(`<a href="https://example.com/a\u061Cb.html">x</a>\n`, 'cache'), [
      'https://example-com.cdn.ampproject.org/c/s/example.com/a%D8%9Cb.html',
    ]);
  });
});
