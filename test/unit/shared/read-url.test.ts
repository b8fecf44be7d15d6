// Issue 21, item 2: a URL is read as the document's language reads it. One URL written in every
// syntax gives the same forms and the same Safe Browsing hash prefixes, and a write encodes the
// new URL for the context again.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { findUrls } from '../../../src/core';
import { computeForms } from '../../../src/shared/forms';
import { urlNear } from '../../../src/shared/locate';
import { readUrlAt } from '../../../src/shared/read-url';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { URL_SEEN, WRITTEN } from '../../helpers/readings';
import { planFile } from '../../../src/shared/workspace-plan';
import { planToEnd } from '../../helpers/run-steps';

const settings = readSettings(() => undefined, true);

/** The 4-byte SHA-256 prefix of a Safe Browsing expression, computed here, apart from the core. */
function prefix(expression: string): string {
  return createHash('sha256').update(expression).digest('hex').slice(0, 8);
}

function read(languageId: string, text: string) {
  const m = findUrls(text)[0];
  assert.ok(m, text);
  return { ...readUrlAt(text, m.start, m.end, languageId), text };
}

describe('read-url: a URL as the document reads it (issue 21)', () => {
  for (const [lang, text] of WRITTEN) {
    it(`${lang}: ${text}`, () => {
      const r = read(lang, text);
      assert.equal(r.url, URL_SEEN);
      // The whole written URL is the match: a write replaces all of it.
      const written = text.slice(r.start, r.end);
      assert.ok(written.startsWith('https:'), written);
      assert.ok(!/["'`)]/.test(written) && written.endsWith('en'), written);
      // Every form and hash is the decoded URL's.
      const forms = computeForms(r.url, settings);
      assert.equal(
        forms.forms.find((f) => f.id === 'cache')?.value,
        'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&lang=en',
      );
      assert.equal(
        forms.forms.find((f) => f.id === 'canonical')?.value,
        'https://news.example.com/story?id=42&lang=en',
      );
      assert.deepEqual(forms.hashes?.value?.slice(0, 2), [
        {
          expression: 'news.example.com/story?id=42&lang=en',
          hex: prefix('news.example.com/story?id=42&lang=en'),
        },
        { expression: 'news.example.com/story', hex: prefix('news.example.com/story') },
      ]);
    });
  }

  it('the hover locator reads the same URL in a window of the line', () => {
    const text = WRITTEN[0][1];
    const found = urlNear(text, 0, text.length, 20, 'html');
    assert.equal(found?.url, URL_SEEN);
    assert.equal(found.text, 'https://news.example.com/story?id=42&amp;lang=en');
    // Where the context decodes nothing (plain text, an autolink), the URL is as written.
    assert.equal(
      urlNear('see https://a.com/?a=1&amp;b=2', 0, 30, 8, 'plaintext')?.url,
      'https://a.com/?a=1&amp;b=2',
    );
    assert.equal(urlNear('<https://a.com/a\\_b>', 0, 20, 5, 'markdown')?.url, 'https://a.com/a');
  });

  it('HTML reads legacy references as browsers do: &copy=2 in an attribute stays', () => {
    assert.equal(
      read('html', '<a href="https://a.com/?x=1&copy=2">').url,
      'https://a.com/?x=1&copy=2',
    );
    assert.equal(read('html', '<a href="https://a.com/?x=1&copy;2">').url, 'https://a.com/?x=1©2');
    assert.equal(
      read('html', '<a href="https://a.com/?x=1&amp=2">').url,
      'https://a.com/?x=1&amp=2',
    );
    assert.equal(read('html', '<a href="https://a.com/?x=&#128;">').url, 'https://a.com/?x=€'); // windows-1252
    assert.equal(
      read('html', '<a href="https://a.com/?x=&unknown;y">').url,
      'https://a.com/?x=&unknown;y',
    );
    // XML knows its five names, and numeric references need `;`.
    assert.equal(
      read('xml', '<a href="https://a.com/?a&amp;b&#38;c&copy;d"/>').url,
      'https://a.com/?a&b&c&copy;d',
    );
  });

  it('an escape a language refuses ends the URL there', () => {
    assert.equal(read('json', '"https://a.com/x\\u00"').url, 'https://a.com/x');
    assert.equal(read('javascript', "'https://a.com/x\\9y'").url, 'https://a.com/x');
  });

  it("a write encodes the new URL for the context again, in the old text's style", () => {
    const toCache = makeTransform('cache', settings);
    const cases: [string, string, string][] = [
      [
        'html',
        WRITTEN[0][1],
        'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&amp;lang=en',
      ],
      [
        'json',
        WRITTEN[6][1],
        'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&lang=en',
      ],
      [
        'json',
        WRITTEN[7][1],
        'https:\\/\\/news-example-com.cdn.ampproject.org\\/c\\/s\\/news.example.com\\/story?id=42&lang=en',
      ],
      [
        'markdown',
        WRITTEN[10][1],
        'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&lang=en',
      ],
    ];
    for (const [lang, text, expected] of cases) {
      const plan = planToEnd(text, [{ start: 0, end: text.length }], toCache, undefined, lang);
      assert.equal(plan.edits.length, 1, text);
      const e = plan.edits[0];
      const out = text.slice(0, e.start) + e.newText + text.slice(e.end);
      assert.equal(e.newText, expected, text);
      // And the written result reads back as the cache URL of the URL the reader saw.
      assert.equal(
        read(lang, out).url,
        'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&lang=en',
      );
    }
  });

  it('workspace plans read the same way (the whole escaped URL is replaced)', () => {
    const text = WRITTEN[6][1];
    const plan = planFile(
      text,
      'cache',
      makeTransform('cache', settings),
      settings.caches,
      undefined,
      'json',
    );
    assert.equal(plan.edits.length, 1);
    assert.equal(plan.edits[0].oldText, 'https://news.example.com\\u002Fstory?id=42\\u0026lang=en');
    assert.equal(plan.edits[0].host, 'news.example.com');
  });
});
