// Tens of thousands of small replacements cost the editor per replacement (each crosses to the
// workbench and back as its own change); one spanning replacement costs it per character. So a
// big plan is written as ONE edit from its first URL on, whose new text is the planned-from text
// with the URLs replaced. Only one: VS Code 1.100's extension host inserts the lines of a change
// one splice at a time, moving every line after it each time, so a span of many lines with many
// lines after it costs their product (docs/benchmarks.md: seconds on a large document). Such a
// span is extended to the end of the document, which leaves nothing after it to move.
import type { PlannedEdit } from './plan-edits';

/** Below this many edits, separate replacements are cheap. */
export const MERGE_FROM_EDITS = 256;
/** A span longer than this per edit would cost more characters than separate edits cost calls. */
const MAX_CHARS_PER_EDIT = 512;
/** Lines in the span times lines after it above which the span runs to the end of the document. */
const MAX_LINE_MOVES = 4_000_000;
/** Edits whose new text is joined per step, so building a long span can pause in between. */
const PIECE_EDITS = 2000;

/**
 * How to write sorted, non-overlapping `edits` of `text`: as one spanning edit (see above), or
 * `edits` themselves when that is cheaper. In steps: yields the share done (0..1) while it joins
 * the new text, returns the edits to write; they give the same text as `edits`.
 */
export function* mergeSteps(
  text: string,
  edits: readonly PlannedEdit[],
): Generator<number, readonly PlannedEdit[]> {
  if (edits.length < MERGE_FROM_EDITS) return edits;
  const start = edits[0].start;
  let end = edits[edits.length - 1].end;
  if (lineBreaks(text, start, end) * lineBreaks(text, end, text.length) > MAX_LINE_MOVES)
    end = text.length;
  if ((end - start) / edits.length > MAX_CHARS_PER_EDIT) return edits;
  const pieces: string[] = [];
  for (let k = 0; k < edits.length; k += PIECE_EDITS) {
    pieces.push(joinEdits(text, edits, k, Math.min(edits.length, k + PIECE_EDITS)));
    yield Math.min(1, (k + PIECE_EDITS) / edits.length);
  }
  pieces.push(text.slice(edits[edits.length - 1].end, end));
  return [{ start, end, oldText: text.slice(start, end), newText: pieces.join('') }];
}

/** The new text of edits[from..to), each but the last edit's followed by the text up to the next edit. */
function joinEdits(text: string, edits: readonly PlannedEdit[], from: number, to: number): string {
  const parts: string[] = [];
  for (let k = from; k < to; k++) {
    parts.push(edits[k].newText);
    if (k + 1 < edits.length) parts.push(text.slice(edits[k].end, edits[k + 1].start));
  }
  return parts.join('');
}

/** Line breaks in text[from, to). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Where each offset of the planned-from text lands after `edits` (sorted, non-overlapping), so a
 * cursor stays on the same text: outside a URL it moves with the text, at a URL's start or end
 * it stays at the new URL's start or end, inside it keeps its distance from the start (at most
 * the new URL's length).
 */
export function mapOffsets(edits: readonly PlannedEdit[], offsets: readonly number[]): number[] {
  const order = offsets.map((_, i) => i).sort((a, b) => offsets[a] - offsets[b]);
  const out = new Array<number>(offsets.length);
  let k = 0;
  let shift = 0; // length change of the edits before edits[k]
  for (const i of order) {
    const offset = offsets[i];
    while (k < edits.length && edits[k].end <= offset) {
      shift += edits[k].newText.length - (edits[k].end - edits[k].start);
      k++;
    }
    const e = edits.at(k); // undefined past the last edit
    out[i] =
      e && e.start < offset
        ? e.start + shift + Math.min(offset - e.start, e.newText.length)
        : offset + shift;
  }
  return out;
}

/** From this many changes in one file on, the workspace edit gets regions (mergeRegionSteps). */
export const REGIONS_FROM_EDITS = 64;

/** Consecutive planned edits written as one replacement: `newText` replaces text[start, end). */
export interface Region<T extends PlannedEdit> {
  start: number;
  end: number;
  newText: string;
  edits: readonly T[];
}

/**
 * A file's sorted, non-overlapping `edits` as few entries of a workspace edit: each run of edits
 * between two that must stay `alone` (a box of their own in the Refactor Preview) becomes one
 * replacement from its first URL on, the text between the URLs kept as it is. Why: VS Code's
 * Refactor Preview recomputes a file's preview each time one entry's box changes, so ticking or
 * unticking a file of n entries costs n² (on VS Code 1.100 a few thousand entries took seconds
 * and a hundred thousand froze the window: docs/benchmarks.md), and the workbench takes one
 * replacement far faster than thousands. Why from the first URL to the end of the file when the
 * run spans many lines: the extension host inserts a change's lines one at a time, moving every
 * line after it (mergeSteps above): many regions of a large file blocked it for a long time, one
 * span to the end does not. A run before an `alone` edit can't reach the end: when its lines times
 * the lines after it are too many, its edits stay separate (one-line replacements cost the
 * extension host nothing of the kind).
 * Yields every PIECE_EDITS edits while it groups the runs and joins their new text (a large
 * file's text takes longer than a slice to join in one piece), so a caller can give the event
 * loop a turn in between.
 */
export function* mergeRegionSteps<T extends PlannedEdit>(
  text: string,
  edits: readonly T[],
  alone: (e: T) => boolean,
): Generator<void, Region<T>[]> {
  const single = (e: T): Region<T> => ({
    start: e.start,
    end: e.end,
    newText: e.newText,
    edits: [e],
  });
  if (edits.length < REGIONS_FROM_EDITS) return edits.map(single);
  const out: Region<T>[] = [];
  const runs: T[][] = [[]];
  for (let k = 0; k < edits.length; k++) {
    if (k % PIECE_EDITS === PIECE_EDITS - 1) yield;
    const e = edits[k];
    if (alone(e)) runs.push([e], []);
    else runs[runs.length - 1].push(e);
  }
  let lastRun = runs.length - 1;
  while (lastRun > 0 && runs[lastRun].length === 0) lastRun--;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    if (run.length === 0) continue;
    if (run.length === 1 || alone(run[0])) {
      for (const e of run) out.push(single(e));
      continue;
    }
    const start = run[0].start;
    const last = run[run.length - 1].end;
    const heavy =
      lineBreaks(text, start, last) * lineBreaks(text, last, text.length) > MAX_LINE_MOVES;
    if (heavy && r !== lastRun) {
      for (const e of run) out.push(single(e));
      continue;
    }
    const end = heavy ? text.length : last;
    const pieces: string[] = [];
    for (let k = 0; k < run.length; k += PIECE_EDITS) {
      pieces.push(joinEdits(text, run, k, Math.min(run.length, k + PIECE_EDITS)));
      yield;
    }
    pieces.push(text.slice(last, end));
    out.push({ start, end, newText: pieces.join(''), edits: run });
  }
  return out;
}
