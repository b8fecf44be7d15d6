// Tens of thousands of small replacements cost the editor per replacement (each crosses to the
// workbench and back as its own change); one spanning replacement costs it per character. So a
// big plan is written as ONE edit from its first URL on, whose new text is the planned-from text
// with the URLs replaced. Only one: VS Code 1.100's extension host inserts the lines of a change
// one splice at a time, moving every line after it each time, so a span of many lines with many
// lines after it costs their product (71 spans on a 5 MB document blocked it for 19 s). Such a
// span is extended to the end of the document, which leaves nothing after it to move.
import type { PlannedEdit } from './plan-edits';

/** Below this many edits, separate replacements are cheap (about 10 µs each). */
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

/** mergeSteps in one go. */
export function mergeEdits(text: string, edits: readonly PlannedEdit[]): readonly PlannedEdit[] {
  const steps = mergeSteps(text, edits);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
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
