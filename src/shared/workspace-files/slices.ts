// Time slices shared by concurrent workers (the walk's 16 folder readers, the scan's 64 file
// readers). Each worker pausing on its own timer after its own slice made them a convoy: their
// timers all fell due in the same turn of the event loop, where each ran a full slice of its
// own, one after another, and the extension host's messages waited for all of them (16 × 10 ms).
// Here a slice is the workers' together: one timer per pause, and after it the workers that find
// the slice used up wait for the next turn instead of starting one of their own. A worker looks
// at `due()` before each step (a resumed worker sees the slice used up after its first step: all
// resume in one turn, and each passes the check in pause() before the first has worked), so a
// turn holds one slice plus one step of each other worker resumed in it.

/** A shared slice: `due()` when it is used up, `pause()` to wait for the next turn. */
export interface Slices {
  /** Whether `sliceMs` have passed since the current slice began. */
  due: () => boolean;
  /** Waits for a turn of the event loop whose slice is not used up yet. */
  pause: () => Promise<void>;
}

/** Gives the event loop back: a macrotask, so timers, messages and Cancel get their turn. */
const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function sharedSlices(
  sliceMs: number,
  now: () => number = () => performance.now(),
  yieldToEventLoop: () => Promise<void> = macrotask,
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
