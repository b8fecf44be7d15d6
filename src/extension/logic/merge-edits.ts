// Many small replacements cost the editor per replacement (each crosses to the workbench and
// back as its own change); a few spanning ones cost it per character. A plan with thousands of
// URL edits is written as a few spans instead: each runs from the first to the last URL of a run
// of nearby edits, and its new text is the planned-from text between them with the URLs replaced.
import type { PlannedEdit } from './plan-edits';

/** From this many edits on, a plan is worth merging (below, separate replacements are cheap). */
export const MERGE_FROM_EDITS = 64;
/** Edits at most this many characters apart go into the same span. */
export const MERGE_GAP_CHARS = 4096;
/** Edits whose new text is joined per step, so a long merge can pause in between. */
const PIECE_EDITS = 5000;

/**
 * Joins sorted, non-overlapping `edits` of `text` whose gaps are at most `maxGap` characters
 * into spanning edits; applying them to `text` gives the same text as applying `edits`. In steps:
 * yields the share done (0..1) every PIECE_EDITS edits, returns the spanning edits.
 */
export function* mergeSteps(text: string, edits: readonly PlannedEdit[], maxGap = MERGE_GAP_CHARS): Generator<number, PlannedEdit[]> {
  const out: PlannedEdit[] = [];
  for (let i = 0; i < edits.length; ) {
    let j = i + 1;
    while (j < edits.length && edits[j].start - edits[j - 1].end <= maxGap) j++;
    if (j === i + 1) out.push(edits[i]);
    else {
      // The new text in pieces of PIECE_EDITS edits (copying many small strings is the slow part),
      // then the pieces in one join (a few large copies).
      const pieces: string[] = [];
      for (let k = i; k < j; k += PIECE_EDITS) {
        pieces.push(joinEdits(text, edits, k, Math.min(j, k + PIECE_EDITS), j));
        yield k / edits.length;
      }
      const start = edits[i].start;
      const end = edits[j - 1].end;
      out.push({ start, end, oldText: text.slice(start, end), newText: pieces.join('') });
    }
    i = j;
  }
  return out;
}

/** mergeSteps in one go. */
export function mergeEdits(text: string, edits: readonly PlannedEdit[], maxGap = MERGE_GAP_CHARS): PlannedEdit[] {
  const steps = mergeSteps(text, edits, maxGap);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The new text of edits[from..to), each followed by the text up to the next edit of its span (which ends before `spanEnd`). */
function joinEdits(text: string, edits: readonly PlannedEdit[], from: number, to: number, spanEnd: number): string {
  const parts: string[] = [];
  for (let k = from; k < to; k++) {
    parts.push(edits[k].newText);
    if (k + 1 < spanEnd) parts.push(text.slice(edits[k].end, edits[k + 1].start));
  }
  return parts.join('');
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
    const e = edits[k];
    out[i] = e && e.start < offset ? e.start + shift + Math.min(offset - e.start, e.newText.length) : offset + shift;
  }
  return out;
}
