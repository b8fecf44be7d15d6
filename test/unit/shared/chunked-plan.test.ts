import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { planInChunks, sliced, type TextSource } from '../../../src/shared/chunked-plan';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { planFile } from '../../../src/shared/workspace-plan';

const settings = readSettings(() => undefined, true);
const toPublisher = makeTransform('publisher', settings);
// docs/specs.md (AMP Cache URL format): the example document on the Google AMP Cache.
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

/** A TextSource over a string that counts what it was asked to read. */
function source(text: string): TextSource & { reads: number; charsRead: number } {
  const src = {
    length: text.length,
    reads: 0,
    charsRead: 0,
    read(from: number, to: number) {
      src.reads++;
      src.charsRead += to - from;
      return text.slice(from, to);
    },
  };
  return src;
}

const options = (languageId?: string, chunkChars?: number) => ({
  target: 'publisher' as const,
  transform: toPublisher,
  caches: settings.caches,
  languageId,
  chunkChars,
});

/** The edits of one pass over the whole text, as planInChunks reports them. */
function whole(text: string, languageId?: string) {
  return planFile(text, 'publisher', toPublisher, settings.caches, undefined, languageId).edits.map(
    (e) => ({ start: e.start, end: e.end, oldText: e.oldText, newText: e.newText, group: e.group }),
  );
}

const inChunks = (text: string, languageId?: string, chunkChars?: number) =>
  [...planInChunks(source(text), options(languageId, chunkChars))].flat();

// Contexts where the write differs (attribute: &amp;; JSON-escaped slashes; Markdown link).
const PIECES = [
  `<a href="${CACHE}?a=1&amp;b=2">x</a>`,
  `{"u":"${CACHE.replaceAll('/', '\\/')}"}`,
  `[doc](${CACHE})`,
  `plain ${CACHE} text`,
  'no url here at all',
  'https://example.com/publisher.html',
];

describe('chunked plan: the same edits as one pass, a chunk at a time', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    // A chunk at least as long as the longest run without a stop character (here a 120-character
    // URL) is exact; a shorter one cuts inside a run (next test).
    it(`every chunk size gives the edits of one pass (${JSON.stringify(eol)} line ends)`, () => {
      const lines: string[] = [];
      for (let i = 0; i < 60; i++) lines.push(PIECES[i % PIECES.length] + ' '.repeat(i % 7));
      const text = lines.join(eol);
      for (const lang of [undefined, 'html', 'json', 'markdown']) {
        const expected = whole(text, lang);
        assert.ok(expected.length >= 30, 'the document has AMP URLs to find');
        for (const size of [130, 131, 200, 257, 500, 4096, undefined])
          assert.deepEqual(inChunks(text, lang, size), expected, `chunk ${size}, ${lang}`);
      }
    });
  }

  it('random texts of URL pieces and separators: the same edits at any chunk size', () => {
    // Each piece is followed by a stop character, so no run outgrows a chunk of 130.
    const token = fc.constantFrom(...PIECES, 'é', '😀', 'x', '');
    const stop = fc.constantFrom(' ', '\n', '\r\n', '\r', '"', '<', '>');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, stop), { maxLength: 40 }),
        fc.integer({ min: 130, max: 400 }),
        (t, n) => {
          const text = t.map(([a, b]) => a + b).join('');
          for (const lang of ['html', 'markdown', undefined])
            assert.deepEqual(inChunks(text, lang, n), whole(text, lang));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a run without any stop character longer than a chunk: nothing wrong is reported', () => {
    // A cache URL followed by 5,000 URL characters: one token, cut in the middle by the chunks.
    const text = `see ${CACHE}?q=${'a'.repeat(5000)}&u=${CACHE} end ${CACHE}\n`;
    const expected = whole(text);
    const got = inChunks(text, undefined, 1000);
    for (const e of got) assert.ok(expected.some((x) => x.start === e.start && x.end === e.end));
    // The URL after the run, past its end, is still found.
    assert.ok(got.some((e) => e.start === text.lastIndexOf(CACHE)));
  });

  it('reads the document in pieces, each about a chunk long', () => {
    const text = `${CACHE}\n`.repeat(2000);
    const src = source(text);
    const chunks = [...planInChunks(src, options(undefined, 4096))];
    assert.ok(chunks.length >= text.length / 4096, `${chunks.length} chunks`);
    // Each read is a chunk plus the look-behind writeUrl needs: never the whole text at once.
    assert.ok(src.charsRead / src.reads <= 4096 + 2048 + 1);
    assert.equal(chunks.flat().length, 2000);
  });
});

describe('chunked plan: slices', () => {
  /** A generator of `n` chunks of one item each that counts how many were pulled. */
  function counted(n: number) {
    const state = { pulled: 0 };
    function* gen() {
      for (let i = 0; i < n; i++) {
        state.pulled++;
        yield [i];
      }
    }
    return { state, chunks: gen() };
  }

  it('yields to the event loop between slices of work', async () => {
    let clock = 0;
    let pauses = 0;
    const { chunks } = counted(100);
    const out = await sliced(
      (function* () {
        for (const c of chunks) {
          clock += 4; // each chunk "takes" 4 ms
          yield c;
        }
      })(),
      {
        sliceMs: 15,
        now: () => clock,
        pause: () => {
          pauses++;
          return Promise.resolve();
        },
      },
    );
    assert.equal(out?.length, 100);
    // 4 ms chunks in 15 ms slices: a pause every 4 chunks.
    assert.ok(pauses >= 24 && pauses <= 26, `${pauses} pauses`);
  });

  it('stops at the cap: no chunk past it is planned', async () => {
    const { state, chunks } = counted(5000);
    const out = await sliced(chunks, { cap: 1000, now: () => 0, pause: () => Promise.resolve() });
    assert.equal(out?.length, 1000);
    assert.equal(state.pulled, 1000);
  });

  it('counts only the items kept toward the cap', async () => {
    const { chunks } = counted(100);
    const out = await sliced(chunks, {
      cap: 10,
      keep: (i) => (i % 2 === 0 ? i * 10 : undefined),
      now: () => 0,
      pause: () => Promise.resolve(),
    });
    assert.deepEqual(out, [0, 20, 40, 60, 80, 100, 120, 140, 160, 180]);
  });

  it('a cancelled run gives undefined and stops pulling chunks', async () => {
    const { state, chunks } = counted(100);
    const out = await sliced(chunks, {
      cancelled: () => state.pulled >= 3,
      now: () => 0,
      pause: () => Promise.resolve(),
    });
    assert.equal(out, undefined);
    assert.equal(state.pulled, 3);
  });
});
