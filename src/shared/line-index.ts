// Where an offset of a text lands as line and character, with line breaks as VS Code's model
// counts them (\r\n, \n and a lone \r): all at once (lineStarts), or a bounded number of lines
// at a time (LineIndex) so a large file is placed between turns of the event loop.

/**
 * Start offsets of the lines of `text` (after `\r\n`, `\n` or `\r`, as VS Code's model counts).
 * Line breaks are searched with indexOf (native): a file has thousands of lines and usually one
 * or two URLs to place.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let nl = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (nl >= 0 || cr >= 0) {
    if (cr < 0 || (nl >= 0 && nl < cr)) {
      starts.push(nl + 1);
      nl = text.indexOf('\n', nl + 1);
      continue;
    }
    const next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1; // \r\n is one break
    starts.push(next);
    if (next === cr + 2) nl = text.indexOf('\n', next);
    cr = text.indexOf('\r', next);
  }
  return starts;
}

/** Line and character of `offset`, given lineStarts(text). */
export function positionAt(starts: readonly number[], offset: number): [number, number] {
  const line = lineOf(starts, offset);
  return [line, offset - starts[line]];
}

/** The line (0-based) of `offset`: the last of `starts` at or before it. */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Line breaks searched per step of LineIndex.reach: well under a millisecond. */
const LINES_PER_STEP = 4096;

/**
 * lineStarts found only as far as they are asked for, a bounded number of lines per call: the
 * sliced plan places its edits in the text's order, so a 9 MB file's line breaks are searched a
 * step at a time between turns of the event loop instead of all at once (longer than a slice).
 * The same starts as lineStarts (a property test compares them).
 */
export class LineIndex {
  /** The line starts found so far, in order: every one up to the last offset reached. */
  readonly starts: number[] = [0];
  private nl: number;
  private cr: number;

  constructor(private readonly text: string) {
    this.nl = text.indexOf('\n');
    this.cr = text.indexOf('\r');
  }

  /**
   * Finds line starts until every one at or before `offset` is known, at most LINES_PER_STEP
   * of them per call; true when done (then `line` may be asked for `offset`).
   */
  reach(offset: number): boolean {
    const starts = this.starts;
    const text = this.text;
    for (let n = 0; starts[starts.length - 1] <= offset; n++) {
      const { nl, cr } = this;
      if (nl < 0 && cr < 0) return true;
      if (n === LINES_PER_STEP) return false;
      // As lineStarts: \n, \r\n or \r ends a line.
      if (cr < 0 || (nl >= 0 && nl < cr)) {
        starts.push(nl + 1);
        this.nl = text.indexOf('\n', nl + 1);
        continue;
      }
      const next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
      starts.push(next);
      if (next === cr + 2) this.nl = text.indexOf('\n', next);
      this.cr = text.indexOf('\r', next);
    }
    return true;
  }

  /** The line of `offset` (0-based), once `reach(offset)` said true. */
  line(offset: number): number {
    return lineOf(this.starts, offset);
  }
}
