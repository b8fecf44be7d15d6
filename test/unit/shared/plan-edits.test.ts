import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { findUrls } from '../../../src/core';
import {
  CHUNK_CHARS,
  lineBounds,
  planSteps,
  urlsInSelection,
  type Plan,
} from '../../../src/shared/plan-edits';
import { makeTransform } from '../../../src/shared/transforms';
import { applyEdits } from '../../helpers/apply-edits';
import { readSettings } from '../../../src/shared/settings';
import { planToEnd } from '../../helpers/run-steps';

const settings = readSettings(() => undefined, true);
const toCache = makeTransform('cache', settings);
const toPublisher = makeTransform('publisher', settings);
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

const apply = (text: string, plan: Plan) => applyEdits(text, plan.edits);

const at = (text: string, needle: string, delta = 1) => {
  const i = text.indexOf(needle) + delta;
  return { start: i, end: i };
};

describe('extension plan-edits', () => {
  it('finds line bounds, CRLF included', () => {
    assert.deepEqual(lineBounds('a\r\nbc\r\nd', 4), { start: 3, end: 5 });
    assert.deepEqual(lineBounds('abc', 0), { start: 0, end: 3 });
    assert.deepEqual(lineBounds('a\n', 2), { start: 2, end: 2 });
  });

  it('a JSON-escaped URL (https:\\/\\/) is replaced by an escaped one; a plain one stays plain', () => {
    const text =
      '{"a":"https:\\/\\/example.com\\/amp_document.html","b":"https://example.com/amp_document.html"}';
    const plan = planToEnd(text, [{ start: 0, end: text.length }], toCache);
    assert.equal(plan.edits.length, 2);
    const escaped = CACHE.replaceAll('/', '\\/');
    assert.equal(apply(text, plan), `{"a":"${escaped}","b":"${CACHE}"}`);
    // The written value is the URL a JSON parser reads back.
    assert.deepEqual(JSON.parse(apply(text, plan)), { a: CACHE, b: CACHE });
  });

  it('converts the URL at a cursor (spec example) and leaves the rest alone', () => {
    const text = `Link: ${PUB} (see)`;
    const plan = planToEnd(text, [at(text, 'example')], toCache);
    assert.deepEqual(plan.skipped, []);
    assert.equal(apply(text, plan), `Link: ${CACHE} (see)`);
  });

  it('a cursor just after the URL still counts', () => {
    const text = `${PUB} x`;
    assert.equal(
      apply(text, planToEnd(text, [{ start: PUB.length, end: PUB.length }], toCache)),
      `${CACHE} x`,
    );
  });

  it('handles several cursors, two on the same URL edited once', () => {
    const text = `a ${PUB}\nb https://foo-example.com/x\n`;
    const sels = [at(text, 'example.com/amp'), at(text, 'amp_document'), at(text, 'foo-example')];
    const plan = planToEnd(text, sels, toCache);
    assert.equal(plan.edits.length, 2);
    assert.equal(
      apply(text, plan),
      `a ${CACHE}\nb https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/x\n`,
    );
  });

  it('a selection converts every URL it overlaps, even partly selected ones', () => {
    const text = `x ${PUB} y http://example.com/logo.png z`;
    const sel = { start: text.indexOf('amp_document'), end: text.indexOf('logo') };
    const plan = planToEnd(
      text,
      [sel],
      makeTransform('cache', { ...settings, servingType: 'auto' }),
    );
    assert.equal(
      apply(text, plan),
      `x ${CACHE} y https://example-com.cdn.ampproject.org/i/example.com/logo.png z`,
    );
  });

  it('reverses a cache URL and skips a publisher URL with a reason', () => {
    const text = `${CACHE} ${PUB}`;
    const plan = planToEnd(text, [{ start: 0, end: text.length }], toPublisher);
    assert.equal(apply(text, plan), `${PUB} ${PUB}`);
    // Where it is (for the report's line:column), and quiet: a publisher URL is no news here.
    assert.deepEqual(plan.skipped, [
      { url: PUB, reason: 'not an AMP Cache or AMP viewer URL', at: CACHE.length + 1, quiet: true },
    ]);
  });

  it('reports no URL at the cursor and plans no edit', () => {
    const plan = planToEnd('just words', [{ start: 3, end: 3 }], toCache);
    assert.deepEqual(plan.edits, []);
    assert.equal(plan.skipped[0].reason, 'no URL at the cursor or in the selection');
  });

  it('skips a URL the core refuses, with its message, and one already in the form', () => {
    const text = `https://user:pw@a.com/ ${CACHE}`;
    const plan = planToEnd(text, [{ start: 0, end: text.length }], toCache);
    assert.equal(plan.edits.length, 0);
    assert.equal(plan.skipped.length, 2);
    assert.match(plan.skipped[0].reason, /user name or password/);
    assert.equal(plan.skipped[1].reason, 'already an AMP Cache URL');
  });

  it('www. matches get http:// for the conversion', () => {
    const text = 'see www.example.com/a';
    assert.equal(
      apply(text, planToEnd(text, [at(text, 'www')], toCache)),
      'see https://www-example-com.cdn.ampproject.org/c/www.example.com/a',
    );
  });

  it('plans a big document in steps with the same result as one pass over it', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      i % 5 === 4 ? 'no link (here)' : `x https://s${i}.example.com/p?i=${i} y`,
    );
    const text = lines.join('\n');
    assert.ok(text.length > 2 * CHUNK_CHARS);
    const steps = planSteps(text, [{ start: 3, end: text.length - 2 }], toCache);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) {
      assert.ok(r.value >= 0 && r.value <= 1);
      yields++;
    }
    assert.ok(yields > 2, `${yields} steps`);
    const all = findUrls(text);
    assert.deepEqual(
      r.value.edits.map((e) => [e.start, e.end]),
      all.map((m) => [m.start, m.end]),
    );
  });

  it('edits only URL text: everything outside the edits is unchanged (property)', () => {
    const piece = fc.constantFrom(
      PUB,
      CACHE,
      'www.a.com',
      ' ',
      '\n',
      'word',
      '(',
      ')',
      '"',
      'http://',
      'ü',
      '\r\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(), fc.nat(), (pieces, a, b) => {
        const text = pieces.join('');
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        const plan = planToEnd(text, [{ start, end }], toCache);
        let last = 0;
        for (const e of plan.edits) {
          assert.ok(e.start >= last && e.end > e.start, 'sorted and disjoint');
          assert.equal(text.slice(e.start, e.end), e.oldText);
          assert.ok(
            urlsInSelection(text, { start: e.start, end: e.end }).some(
              (m) => m.start === e.start && m.end === e.end,
            ),
          );
          last = e.end;
        }
        // Undo: putting the old texts back restores the document exactly.
        const edited = apply(text, plan);
        let restored = edited;
        let shift = 0;
        const back = plan.edits.map((e) => {
          const s = e.start + shift;
          shift += e.newText.length - e.oldText.length;
          return { s, len: e.newText.length, old: e.oldText };
        });
        for (const r of back.reverse())
          restored = restored.slice(0, r.s) + r.old + restored.slice(r.s + r.len);
        assert.equal(restored, text);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
