// summaryMessage (src/shared/summary.ts): what a batch of replacements says in one line.
import * as assert from 'node:assert/strict';
import { summaryMessage } from '../../../src/shared/summary';

describe('summary: the one-line message of a batch', () => {
  it('summaries: counts, grouped reasons, nothing replaced', () => {
    assert.equal(summaryMessage({ changed: 2, skipped: [] }), 'Replaced 2 URLs');
    assert.equal(
      summaryMessage({
        changed: 1,
        skipped: [
          { url: 'a', reason: 'r1' },
          { url: 'b', reason: 'r2' },
          { url: 'c', reason: 'r1' },
        ],
      }),
      'Replaced 1 URL; skipped 3: r1 (2), r2 (1)',
    );
    assert.equal(
      summaryMessage({ changed: 0, skipped: [{ url: 'u', reason: 'bad' }] }),
      'Nothing replaced: u: bad',
    );
    assert.equal(summaryMessage({ changed: 0, skipped: [], aborted: 'stale' }), 'stale');
  });
});
