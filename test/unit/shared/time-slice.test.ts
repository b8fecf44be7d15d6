// Time slicing in one place (src/shared/time-slice.ts). sharedSlices: workers that pause on one shared slice never run their slices back to back in one
// turn of the event loop (the convoy that held the extension host for 16 slices at once): a
// turn holds one slice, and one step of each other worker that resumes in it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  eachSliced,
  eventLoop,
  macrotask,
  runSliced,
  runToEnd,
  sharedSlices,
  SLICE_MS,
  slicesOf,
} from '../../../src/shared/time-slice';

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

describe('time slices: one module, one slice length (issue 29)', () => {
  it('runToEnd runs a generator to its end and returns its result', () => {
    let steps = 0;
    function* job(): Generator<void, string> {
      for (let i = 0; i < 5; i++) {
        steps++;
        yield;
      }
      return 'done';
    }
    assert.equal(runToEnd(job()), 'done');
    assert.equal(steps, 5);
  });

  it('runSliced pauses once per slice used up, then starts a new slice from the pause', async () => {
    let clock = 0;
    const pausedAt: number[] = [];
    function* job(): Generator<void, number> {
      for (let i = 0; i < 10; i++) {
        clock += 4; // each step "takes" 4 ms
        yield;
      }
      return clock;
    }
    const end = await runSliced(job(), {
      now: () => clock,
      pause: () => {
        pausedAt.push(clock);
        return Promise.resolve();
      },
      sliceMs: 10,
    });
    assert.equal(end, 40);
    // 4 ms steps in 10 ms slices: a pause after every third step, never after the last.
    assert.deepEqual(pausedAt, [12, 24, 36]);
  });

  it('the default slice is SLICE_MS, and a shared clock (due) decides for every worker', async () => {
    let clock = 0;
    let pauses = 0;
    const own = slicesOf({ now: () => clock, pause: () => Promise.resolve() });
    clock = SLICE_MS - 1;
    assert.equal(own.due(), false);
    clock = SLICE_MS;
    assert.equal(own.due(), true);
    await own.pause();
    assert.equal(own.due(), false, 'a new slice starts after the pause');
    let due = false;
    const shared = slicesOf({
      now: () => 0,
      due: () => due,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
    });
    assert.equal(shared.due(), false);
    due = true;
    assert.equal(shared.due(), true);
    await shared.pause();
    assert.equal(pauses, 1);
  });

  it('is the only home of a slice length and of the macrotask pause in src/', () => {
    const src = path.resolve(__dirname, '../../../../src');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('time-slice.ts'));
    const own = files.filter((f) => {
      const text = fs.readFileSync(path.join(src, f), 'utf8');
      return /SLICE_MS\s*=|sliceMs:\s*\d|setTimeout\(\s*resolve,\s*0\s*\)/.test(text);
    });
    assert.deepEqual(own, [], 'a slice length or pause of its own');
  });

  it('a pause is a macrotask: timers queued before it run first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await macrotask();
    order.push('after pause');
    assert.deepEqual(order, ['timer', 'after pause']);
    assert.equal(eventLoop.pause, macrotask);
  });

  it('eachSliced: every item in order, a turn given back whenever a slice is used up (issue 28)', async () => {
    // A fake clock: each item takes 4 ms, so a 15 ms slice holds 4 items.
    let clock = 0;
    const seen: number[] = [];
    const pausedAfter: number[] = [];
    await eachSliced(
      Array.from({ length: 10 }, (_, i) => i * 10),
      (item, index) => {
        assert.equal(item, index * 10);
        seen.push(index);
        clock += 4;
      },
      {
        now: () => clock,
        pause: () => {
          pausedAfter.push(seen.length);
          return Promise.resolve();
        },
      },
    );
    assert.deepEqual(seen, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.deepEqual(pausedAfter, [4, 8]);
  });
});
