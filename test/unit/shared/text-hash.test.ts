// textHash and textHashSliced: a one-character change shows, and a large text hashes in slices.
import * as assert from 'node:assert/strict';
import { textHash, textHashSliced } from '../../../src/shared/workspace-plan';

// docs/specs.md (AMP Cache URL format): the example document on the Google AMP Cache.
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

describe('workspace plan: hosts, hashes and the report', () => {
  it('hashes texts so a one-character change shows', () => {
    assert.equal(textHash('abc'), textHash('abc'));
    assert.notEqual(textHash('abc'), textHash('abd'));
    assert.equal(textHash(''), 0x811c9dc5);
  });

  it('hashes a large text in slices to the same hash (textHashSliced)', async () => {
    const text = `${CACHE}\r\n😀é`.repeat(40_000); // 3.2 million characters
    let pauses = 0;
    let clock = 0;
    const sliced = await textHashSliced(text, {
      now: () => clock++,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
      sliceMs: 1,
    });
    assert.equal(sliced, textHash(text));
    assert.equal(
      await textHashSliced('', { now: () => 0, pause: () => Promise.resolve(), sliceMs: 1 }),
      textHash(''),
    );
    assert.ok(pauses >= 10, `${pauses} pauses: hashed in one piece`);
  });
});
