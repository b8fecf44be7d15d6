// sharedSlices: workers that pause on one shared slice never run their slices back to back in one
// turn of the event loop (the convoy that held the extension host for 16 slices at once): a
// turn holds one slice, and one step of each other worker that resumes in it.
import * as assert from 'node:assert/strict';
import { sharedSlices } from '../../../../src/shared/workspace-files/slices';

/** Lets every queued promise continuation run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * 8 workers of 6 steps of 4 ms each (a fake clock), pausing when the slice is used up; turns of
 * the event loop are handed out one at a time. The work done in each turn.
 */
async function workPerTurn(
  pauseOf: (now: () => number, turn: () => Promise<void>) => () => Promise<void>,
  due: (now: () => number, since: number) => boolean,
): Promise<number[]> {
  let clock = 0;
  const now = () => clock;
  const waiting: (() => void)[] = [];
  const turn = () => new Promise<void>((resolve) => waiting.push(resolve));
  const pause = pauseOf(now, turn);
  const perTurn = [0];
  const worker = async () => {
    let since = now();
    for (let step = 0; step < 6; step++) {
      // As the walk's tick: look at the slice, then do one step (4 ms of work).
      if (due(now, since)) {
        await pause();
        since = now();
      }
      clock += 4;
      perTurn[perTurn.length - 1] += 4;
    }
  };
  const all = Promise.all(Array.from({ length: 8 }, worker));
  const state = { finished: false };
  void all.then(() => (state.finished = true));
  await settle();
  while (!state.finished) {
    perTurn.push(0);
    for (const resolve of waiting.splice(0)) resolve(); // one timer per waiter: all fall due
    await settle();
  }
  return perTurn;
}

describe('workspace files: shared slices (issue 20)', () => {
  it('one slice per turn for all workers: at most a slice, and one step per other worker, in a turn', async () => {
    let slices: ReturnType<typeof sharedSlices> | undefined;
    const perTurn = await workPerTurn(
      (now, turn) => {
        slices = sharedSlices(10, now, turn);
        return slices.pause;
      },
      () => slices?.due() ?? false,
    );
    assert.equal(
      perTurn.reduce((a, b) => a + b),
      8 * 6 * 4,
      'every step ran',
    );
    // A slice of 10 ms is used up after 3 steps (12 ms); each other worker that resumes in that
    // turn does one step before it sees so: 12 + 7 × 4 at most, where the old way ran 8 slices.
    assert.ok(Math.max(...perTurn) <= 12 + 7 * 4, `${Math.max(...perTurn)} ms in one turn`);
  });

  it('each worker on its own timer (the old way) runs a convoy of slices in one turn', async () => {
    const perTurn = await workPerTurn(
      (_now, turn) => turn,
      (now, since) => now() - since >= 10,
    );
    assert.ok(Math.max(...perTurn) >= 8 * 12, `${Math.max(...perTurn)} ms: no convoy`);
  });
});
