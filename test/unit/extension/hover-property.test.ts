// Any URL, any length, any settings: the hover stays under budget with only our links (property).
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { AMP_CACHES } from '../../../src/core';
import { computeForms } from '../../../src/shared/forms';
import { hoverMarkdown } from '../../../src/extension/logic/hover-markdown';
import { HOVER_SECTIONS, type Settings } from '../../../src/shared/settings';
import { settings, target, links, assertSafe } from './hover-helpers';

describe('extension hover markdown', () => {
  it('any URL of any length, with any settings, gives Markdown under budget with only our links (property)', () => {
    const special = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '&',
      '`',
      '```',
      '$',
      '*',
      '_',
      '~',
      '\\',
      '\\|',
      '!',
      '#',
      '|',
      '"',
      "'",
      '\n',
      '\u202E',
      '\u0000',
      '😊',
      'é',
      'command:',
      '&#x41;',
      '<img onerror=x>',
      '![x](https://evil.example/x.png)',
      '[l](command:ampUrl.replace?%5B%5D)',
      '<a href="https://evil.example/">',
    );
    const piece = fc.oneof(
      special,
      fc.string({ maxLength: 5 }),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    const tail = fc
      .tuple(fc.array(piece, { maxLength: 12 }), fc.constantFrom(1, 10, 300, 1500, 6000, 40_000))
      .map(([parts, times]) => parts.join('').repeat(Math.max(1, Math.floor(times / 8))));
    const custom = fc.array(
      fc.record({
        id: fc.constantFrom('c1', 'c-2', 'x.y', 'bad id|`'),
        name: fc.oneof(fc.string({ maxLength: 20 }), special, fc.constant('N'.repeat(5000))),
        cacheDomain: fc.constantFrom('c.example', 'cdn.example.org'),
      }),
      { maxLength: 5 },
    );
    const sections = fc.subarray([...HOVER_SECTIONS], { minLength: 1 });
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom(
          'https://e.com/',
          'http://a.b/',
          'https://example-com.cdn.ampproject.org/c/s/',
          'https://example-com.cdn.ampproject.org',
          'https://u:p@e.com/',
          'https://',
        ),
        tail,
        custom,
        sections,
        fc.constantFrom('c', 'v', 'i', 'auto'),
        (head, rest, extra, on, servingType) => {
          const url = head + rest;
          const s: Settings = {
            ...settings,
            caches: [...AMP_CACHES, ...extra],
            servingType,
          };
          const t = target(url);
          const md = hoverMarkdown(
            computeForms(url, s, { sections: new Set(on) }),
            t.expected.length > 0 ? t : undefined,
          );
          assertSafe(md, t.expected.length > 0 ? t : undefined, JSON.stringify(url.slice(0, 80)));
          const n = links(md).length;
          seen.add(n > 1 ? 'all' : n === 1 ? 'showAll' : 'none');
          if (url.length > 20_000) seen.add('long');
        },
      ),
      { seed: 42, numRuns: 400 },
    );
    // The runs reached every link level and URLs longer than the renderer's old cut.
    assert.deepEqual([...seen].sort(), ['all', 'long', 'none', 'showAll']);
  });
});
