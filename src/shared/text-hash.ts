// A cheap hash of a text, to tell a file changed between the workspace scan and the write
// (src/extension/workspace/apply.ts, and the desktop build's write workers).

/** A 32-bit FNV-1a hash of a text: to tell a file changed between scan and apply. */
export function textHash(text: string): number {
  return hashRange(0x811c9dc5, text, 0, text.length) >>> 0;
}

/** Characters hashed between two looks at the clock (textHashSliced): under a millisecond. */
const HASH_STEP = 1 << 18;

/** textHash a step of HASH_STEP characters at a time (workspace-plan.ts textHashSliced). */
export function* textHashSteps(text: string): Generator<void, number> {
  let h = 0x811c9dc5;
  for (let from = 0; from < text.length; from += HASH_STEP) {
    h = hashRange(h, text, from, Math.min(text.length, from + HASH_STEP));
    yield;
  }
  return h >>> 0;
}

/** FNV-1a of text[from, to) continued from `h`. */
function hashRange(h: number, text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
