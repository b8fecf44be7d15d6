// Why the editor stays responsive: long work runs in time slices. A job is a generator that
// yields between small steps; it works until its slice (SLICE_MS) is used up, then gives the
// event loop a turn (a macrotask, so timers, messages from the window and Cancel run), and goes
// on. Every sliced job of the extension (planning a large document, the workspace walk and scan,
// building the workspace edit, hashing) keeps time here, with one slice length.
//
// Workers that run at the same time (the walk's 16 folder readers, the scan's 64 file readers)
// share one slice (sharedSlices). Each worker pausing on its own timer after its own slice made
// them a convoy: their timers all fell due in the same turn of the event loop, where each ran a
// full slice of its own, one after another, and the extension host's messages waited for all of
// them. With a shared slice there is one timer per pause, and after it the workers
// that find the slice used up wait for the next turn instead of starting one of their own. A
// worker looks at `due()` before each step (a resumed worker sees the slice used up after its
// first step: all resume in one turn, and each passes the check in pause() before the first has
// worked), so a turn holds one slice plus one step of each other worker resumed in it.

/** Work per slice: well under the 50 ms an extension host may be held, a few steps' worth. */
export const SLICE_MS = 15;

/** Gives the event loop back: a macrotask, so timers, messages and Cancel get their turn. */
export function macrotask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Runs `steps` to its end at once (small inputs, tests) and returns its result. */
export function runToEnd<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** A slice: `due()` when it is used up, `pause()` to wait for the next turn of the event loop. */
export interface Slices {
  /** Whether the slice's time has passed since it began. */
  due: () => boolean;
  /** Waits for a turn of the event loop whose slice is not used up yet. */
  pause: () => Promise<void>;
}

/** The event loop's clock: a macrotask for a pause, performance.now() for the time. */
export const eventLoop = { pause: macrotask, now: () => performance.now() };

/** One slice shared by every worker that pauses on it (see above). */
export function sharedSlices(
  sliceMs: number = SLICE_MS,
  now: () => number = eventLoop.now,
  yieldToEventLoop: () => Promise<void> = eventLoop.pause,
): Slices {
  let sliceStart = now();
  let turn: Promise<void> | undefined;
  const nextTurn = () =>
    (turn ??= yieldToEventLoop().then(() => {
      turn = undefined;
      sliceStart = now();
    }));
  const due = () => now() - sliceStart >= sliceMs;
  return {
    due,
    pause: async () => {
      // The timer starts the slice; the workers it wakes share it, and wait for the next turn
      // once it is used up.
      do await nextTurn();
      while (due());
    },
  };
}

/**
 * How a sliced job keeps time: `pause()` gives the event loop a turn once `sliceMs` (SLICE_MS
 * when not given) have passed, or, with `due`, once a slice shared with other workers is used up
 * (sharedSlices), so that workers resumed in the same turn do not each run a slice. Tests give
 * a fake clock.
 */
export interface SliceClock {
  pause: () => Promise<void>;
  now: () => number;
  sliceMs?: number;
  due?: () => boolean;
}

/**
 * The slices `clock` keeps: its shared slice when it has one, else slices of one worker's own:
 * `sliceMs` of work, one pause, a new slice from the end of the pause.
 */
export function slicesOf(clock: SliceClock = eventLoop): Slices {
  if (clock.due) return { due: clock.due, pause: clock.pause };
  const sliceMs = clock.sliceMs ?? SLICE_MS;
  let sliceStart = clock.now();
  return {
    due: () => clock.now() - sliceStart >= sliceMs,
    pause: async () => {
      await clock.pause();
      sliceStart = clock.now();
    },
  };
}

/**
 * Runs `steps` to the end, giving the event loop a turn whenever the slice is used up: the one
 * loop behind every sliced job (plan, hash, edit). Resolves with its result.
 */
export async function runSliced<T>(
  steps: Iterator<unknown, T>,
  clock: SliceClock = eventLoop,
): Promise<T> {
  const slices = slicesOf(clock);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (slices.due()) await slices.pause();
  }
}

/**
 * Calls `step` on each of `items` in order, giving the event loop a turn whenever the slice is
 * used up: for the loops over every file of a workspace (the scan's hand-out to its workers, the
 * direct writes' jobs and outcomes), which for 10,000 files held the extension host longer than
 * a slice in one go.
 */
export function eachSliced<T>(
  items: readonly T[],
  step: (item: T, index: number) => void,
  clock: SliceClock = eventLoop,
): Promise<void> {
  function* steps(): Generator<void, void> {
    for (let i = 0; i < items.length; i++) {
      step(items[i], i);
      yield;
    }
  }
  return runSliced(steps(), clock);
}
