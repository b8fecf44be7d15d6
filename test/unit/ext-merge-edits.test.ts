import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { mapOffsets, mergeEdits, mergeSteps } from '../../src/extension/logic/merge-edits';
import { planEdits, type PlannedEdit } from '../../src/extension/logic/plan-edits';
import { readSettings } from '../../src/extension/logic/settings';
import { makeTransform } from '../../src/extension/logic/transforms';

const toCache = makeTransform('cache', readSettings(() => undefined, true));
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

/** Applies sorted, disjoint edits to `text` (in one pass: a test has 12,000 of them). */
function apply(text: string, edits: readonly PlannedEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.start), e.newText);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const edit = (text: string, start: number, end: number, newText: string): PlannedEdit => ({ start, end, oldText: text.slice(start, end), newText });

describe('extension merge-edits', () => {
  it('joins nearby URL edits into one span holding the text between them', () => {
    const text = `a ${PUB} b ${PUB} c`;
    const plan = planEdits(text, [{ start: 0, end: text.length }], toCache);
    assert.equal(plan.edits.length, 2);
    const spans = mergeEdits(text, plan.edits, 10);
    assert.deepEqual(spans, [{ start: 2, end: text.length - 2, oldText: `${PUB} b ${PUB}`, newText: `${CACHE} b ${CACHE}` }]);
    assert.equal(apply(text, spans), `a ${CACHE} b ${CACHE} c`);
  });

  it('keeps edits farther apart than the gap separate (a span never swallows a long stretch)', () => {
    const text = `${PUB}${' '.repeat(20)}${PUB}  ${PUB}`;
    const plan = planEdits(text, [{ start: 0, end: text.length }], toCache);
    const spans = mergeEdits(text, plan.edits, 19);
    assert.equal(spans.length, 2);
    assert.equal(spans[0], plan.edits[0], 'a lone edit is kept as it is');
    assert.equal(spans[1].oldText, `${PUB}  ${PUB}`);
    assert.equal(apply(text, spans), apply(text, plan.edits));
    assert.equal(mergeEdits(text, plan.edits, 20).length, 1);
  });

  it('a span of many thousands of edits, joined in pieces, in steps: the same text as separate edits', () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `- https://s${i}.example.com/p?i=${i} ü`);
    const text = lines.join('\n');
    const { edits } = planEdits(text, [{ start: 0, end: text.length }], toCache);
    assert.equal(edits.length, 12_000);
    const steps = mergeSteps(text, edits);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) {
      assert.ok(r.value >= 0 && r.value <= 1);
      yields++;
    }
    assert.ok(yields >= 2, `${yields} steps`);
    assert.equal(r.value.length, 1);
    assert.equal(r.value[0].oldText, text.slice(edits[0].start, edits[edits.length - 1].end));
    assert.ok(apply(text, r.value) === apply(text, edits), 'the merged text differs');
  });

  it('maps offsets so cursors stay on the same text', () => {
    const text = 'ab URL cd U2 ef';
    const edits = [edit(text, 3, 6, 'LONGER'), edit(text, 10, 12, 'u')];
    // new text: 'ab LONGER cd u ef'
    const offsets = [0, 3, 4, 6, 7, 10, 11, 12, 15];
    assert.deepEqual(mapOffsets(edits, offsets), [0, 3, 4, 9, 10, 13, 14, 14, 17]);
    assert.deepEqual(mapOffsets(edits, [12, 0, 11]), [14, 0, 14], 'any order, inside a shorter URL: at most its end');
    assert.deepEqual(mapOffsets([], [5]), [5]);
  });

  it('merged edits give the text of the separate ones; offsets outside edits keep their character (property)', () => {
    const piece = fc.constantFrom(PUB, CACHE, 'www.a.com', ' ', '\n', 'word', '(', ')', 'ü', '\r\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(12), fc.array(fc.nat(), { maxLength: 5 }), (pieces, gap, picks) => {
        const text = pieces.join('');
        const { edits } = planEdits(text, [{ start: 0, end: text.length }], toCache);
        const spans = mergeEdits(text, edits, gap);
        const expected = apply(text, edits);
        assert.equal(apply(text, spans), expected);
        let last = 0;
        for (const s of spans) {
          assert.ok(s.start >= last && s.end > s.start && s.oldText === text.slice(s.start, s.end), 'sorted, disjoint, old text');
          last = s.end;
        }
        const outside = picks.map((p) => p % (text.length + 1)).filter((o) => !edits.some((e) => e.start < o && o < e.end));
        const mapped = mapOffsets(edits, outside);
        outside.forEach((o, i) => {
          if (edits.some((e) => e.start === o)) assert.equal(expected.slice(mapped[i]).startsWith(edits.find((e) => e.start === o)!.newText), true);
          else assert.equal(expected[mapped[i]], text[o], `offset ${o}`);
        });
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
