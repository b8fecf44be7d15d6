// Line and column of an offset (src/shared/line-index.ts): every line break VS Code counts.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { LineIndex, lineStarts, positionAt } from '../../../src/shared/line-index';

describe('workspace plan: positions', () => {
  it('counts \\n, \\r\\n and \\r as line breaks, as VS Code does', () => {
    const text = 'a\nbc\r\nd\re';
    const starts = lineStarts(text);
    assert.deepEqual(starts, [0, 2, 6, 8]);
    assert.deepEqual(positionAt(starts, text.indexOf('c')), [1, 1]);
    assert.deepEqual(positionAt(starts, text.indexOf('e')), [3, 0]);
  });

  it('agrees with a split on every line break (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n')), (parts) => {
        const text = parts.join('');
        const starts = lineStarts(text);
        const lines = text.split(/\r\n|\r|\n/);
        assert.equal(starts.length, lines.length);
        for (let i = 0; i < lines.length; i++)
          assert.equal(text.slice(starts[i], starts[i] + lines[i].length), lines[i]);
      }),
    );
  });

  it('LineIndex finds the starts of lineStarts, a bounded number per step (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'bc', '\n', '\r', '\r\n'), { maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (parts, asked) => {
          const text = parts.join('');
          const index = new LineIndex(text);
          const starts = lineStarts(text);
          // Any order of offsets, as a plan may ask: each answer is positionAt's.
          for (const a of asked) {
            const offset = a % (text.length + 1);
            while (!index.reach(offset));
            assert.equal(index.line(offset), positionAt(starts, offset)[0]);
          }
          while (!index.reach(text.length));
          assert.deepEqual(index.starts, starts);
        },
      ),
      { seed: 20, numRuns: 1000 },
    );
    const many = new LineIndex('\n'.repeat(10_000));
    assert.equal(many.reach(10_000), false, 'one call searched all 10,000 line breaks');
    assert.equal(many.starts.length, 4097);
  });
});
