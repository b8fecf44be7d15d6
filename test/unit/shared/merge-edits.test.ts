import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  mapOffsets,
  MERGE_FROM_EDITS,
  mergeSteps,
  REGIONS_FROM_EDITS,
} from '../../../src/shared/merge-edits';
import { type PlannedEdit } from '../../../src/shared/plan-edits';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { applyEdits } from '../../helpers/apply-edits';
import { mergeRegionsToEnd, mergeToEnd, planToEnd } from '../../helpers/run-steps';

const toCache = makeTransform(
  'cache',
  readSettings(() => undefined, true),
);
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

const edit = (text: string, start: number, end: number, newText: string): PlannedEdit => ({
  start,
  end,
  oldText: text.slice(start, end),
  newText,
});

/** Edits of every URL in `text` (to AMP Cache URLs). */
const plan = (text: string) => planToEnd(text, [{ start: 0, end: text.length }], toCache).edits;

describe('extension merge-edits', () => {
  it('a small plan stays separate edits', () => {
    const text = `a ${PUB} b ${PUB} c`;
    const edits = plan(text);
    assert.equal(edits.length, 2);
    assert.equal(mergeToEnd(text, edits), edits);
  });

  it('a big plan is one edit from its first URL to its last, holding the text between them', () => {
    const text = `start\n${`- ${PUB} ü\n`.repeat(MERGE_FROM_EDITS)}end`;
    const edits = plan(text);
    const [span, ...rest] = mergeToEnd(text, edits);
    assert.deepEqual(rest, []);
    assert.equal(span.start, 8);
    assert.equal(span.end, text.length - ' ü\nend'.length, 'a few lines after it: not extended');
    assert.equal(span.oldText, text.slice(span.start, span.end));
    assert.equal(span.newText, `${`${CACHE} ü\n- `.repeat(MERGE_FROM_EDITS - 1)}${CACHE}`);
    assert.equal(applyEdits(text, [span]), applyEdits(text, edits));
  });

  it('a span of many lines with many lines after it runs to the end of the document', () => {
    const text = `${`- ${PUB}\n`.repeat(2000)}${'plain words\n'.repeat(3000)}`;
    const edits = plan(text);
    const [span] = mergeToEnd(text, edits);
    assert.equal(span.end, text.length);
    assert.equal(applyEdits(text, [span]), applyEdits(text, edits));
  });

  it('URLs far apart stay separate edits (the span would cost more per character than they cost)', () => {
    const text = `- ${PUB} ${'x'.repeat(600)}\n`.repeat(MERGE_FROM_EDITS + 10);
    const edits = plan(text);
    assert.equal(mergeToEnd(text, edits), edits);
  });

  it('12,345 edits, joined in steps: the same text as separate edits', () => {
    const lines = Array.from(
      { length: 12_345 },
      (_, i) => `- https://s${i}.example.com/p?i=${i} ü`,
    );
    const text = lines.join('\n');
    const edits = plan(text);
    assert.equal(edits.length, 12_345);
    const steps = mergeSteps(text, edits);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) {
      assert.ok(r.value > 0 && r.value <= 1);
      yields++;
    }
    assert.ok(yields >= 5, `${yields} steps`);
    assert.equal(r.value.length, 1);
    assert.ok(applyEdits(text, r.value) === applyEdits(text, edits), 'the merged text differs');
  });

  it('maps offsets so cursors stay on the same text', () => {
    const text = 'ab URL cd U2 ef';
    const edits = [edit(text, 3, 6, 'LONGER'), edit(text, 10, 12, 'u')];
    // new text: 'ab LONGER cd u ef'
    const offsets = [0, 3, 4, 6, 7, 10, 11, 12, 15];
    assert.deepEqual(mapOffsets(edits, offsets), [0, 3, 4, 9, 10, 13, 14, 14, 17]);
    assert.deepEqual(
      mapOffsets(edits, [12, 0, 11]),
      [14, 0, 14],
      'any order, inside a shorter URL: at most its end',
    );
    assert.deepEqual(mapOffsets([], [5]), [5]);
  });

  it('the merged edit gives the text of the separate ones; offsets outside edits keep their character (property)', () => {
    const piece = fc.constantFrom(
      PUB,
      CACHE,
      'www.a.com',
      ' ',
      '\n',
      'word',
      '(',
      ')',
      'ü',
      '\r\n',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 5 }),
        fc.nat(20_000),
        fc.array(fc.nat(), { maxLength: 5 }),
        (pieces, tail, picks) => {
          const text = `${`${PUB} ${pieces.join('')}\n`.repeat(300)}${'words\n'.repeat(tail)}`;
          const edits = plan(text);
          const merged = mergeToEnd(text, edits);
          assert.equal(merged.length, 1);
          assert.equal(merged[0].oldText, text.slice(merged[0].start, merged[0].end));
          const expected = applyEdits(text, edits);
          assert.ok(applyEdits(text, merged) === expected, 'the merged text differs');
          const outside = picks
            .map((p) => p % (text.length + 1))
            .filter((o) => !edits.some((e) => e.start < o && o < e.end));
          const mapped = mapOffsets(edits, outside);
          outside.forEach((o, i) => {
            const at = edits.find((e) => e.start === o);
            if (at) assert.ok(expected.startsWith(at.newText, mapped[i]), `offset ${o}`);
            else assert.equal(expected[mapped[i]], text[o], `offset ${o}`);
          });
        },
      ),
      { seed: 42, numRuns: 60 },
    );
  });
});

describe('mergeRegionSteps (a workspace file with many changes, issue 20)', () => {
  const urls = (n: number, lines = true) =>
    Array.from({ length: n }, (_, i) => `https://a-b.cdn.ampproject.org/c/s/a.b/${i}`).join(
      lines ? '\n' : ' ',
    );
  const plan = (text: string) =>
    planToEnd(
      text,
      [{ start: 0, end: text.length }],
      makeTransform(
        'publisher',
        readSettings(() => undefined, true),
      ),
    ).edits;

  it('leaves fewer than REGIONS_FROM_EDITS changes one entry each', () => {
    const text = urls(REGIONS_FROM_EDITS - 1);
    const edits = plan(text);
    assert.equal(mergeRegionsToEnd(text, edits, () => false).length, edits.length);
  });

  it('joins 3,000 changes into one region that gives the same text', () => {
    const text = `head\n${urls(3000)}\ntail\n`;
    const edits = plan(text);
    const regions = mergeRegionsToEnd(text, edits, () => false);
    assert.equal(regions.length, 1);
    assert.equal(regions[0].edits.length, 3000);
    assert.equal(applyEdits(text, regions), applyEdits(text, edits));
  });

  it('keeps a change that must stay alone an entry of its own, between two regions', () => {
    const text = urls(300);
    const edits = plan(text);
    const alone = (e: PlannedEdit) => e === edits[150];
    const regions = mergeRegionsToEnd(text, edits, alone);
    assert.deepEqual(
      regions.map((r) => r.edits.length),
      [150, 1, 149],
    );
    assert.equal(regions[1].edits[0], edits[150]);
    assert.equal(applyEdits(text, regions), applyEdits(text, edits));
  });

  it('runs a region spanning many lines to the end of the file; a run before a lone change stays separate', () => {
    const text = `${urls(3000)}\n${'x\n'.repeat(5000)}`;
    const edits = plan(text);
    const [region] = mergeRegionsToEnd(text, edits, () => false);
    assert.equal(region.end, text.length, 'the lines after it would each be moved per line');
    assert.equal(applyEdits(text, [region]), applyEdits(text, edits));
    // Before a lone change, a span can't reach the end: its changes stay one per entry.
    const last = edits[edits.length - 1];
    const split = mergeRegionsToEnd(text, edits, (e) => e === last);
    assert.equal(split.length, edits.length);
    assert.equal(applyEdits(text, split), applyEdits(text, edits));
  });

  it('gives the text of the edits for any choice of lone changes (property)', () => {
    const text = urls(100, false);
    const edits = plan(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 10 }), (picked) => {
        const lone = new Set(picked.map((i) => edits[i]));
        const regions = mergeRegionsToEnd(text, edits, (e) => lone.has(e));
        assert.equal(applyEdits(text, regions), applyEdits(text, edits));
        for (const e of lone)
          assert.ok(regions.some((r) => r.edits.length === 1 && r.edits[0] === e));
      }),
    );
  });
});
