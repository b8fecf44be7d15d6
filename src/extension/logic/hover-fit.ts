// How many lines a piece of the hover takes once VS Code wraps it, so the hover can list only what
// fits without scrolling. VS Code caps an editor hover's height at max(editor height / 4, 250 px)
// (ContentHoverWidget._updateMaxDimensions, the same in 1.100 and 1.139): 250 px for any editor
// under 1,000 px tall, whatever the window. Its width is the content's, up to a cap: 750 px in
// 1.100, the editor's width in 1.139's default layout (about 630 px at a 1,280-px window, where
// the Chat panel takes the right of the window). The estimate takes the narrower one and rounds
// every width up, so a hover it says fits does fit (test/e2e/hover-layout.test.mjs measures it in
// both versions' default layouts).
//
// Measured in both versions: 20 px a line, 28 px for the header line and the gap after it, 28 px
// for VS Code's own "Follow link (ctrl + click)" below ours, a few px of padding: ten lines of ours
// fit in 250 px, eleven scroll. HOVER_LINES leaves one line for the estimate to be wrong by.

/** Lines of ours (header included) that the hover may take. */
export const HOVER_LINES = 9;

/** Width of the text area of the narrowest hover (measured: 611 px in 1.139 at a 1,280-px window). */
const WIDTH = 600;
/** A character of a value (a code span, the editor's font, 14 px: 8.4 px). */
const CODE = 8.5;
/** A code span's padding and the space before it. */
const CODE_PAD = 10;
/** A character of text (13 px sans-serif; measured 7.1 to 8 px on labels and links, 8.7 bold). */
const TEXT = 7.6;
const BOLD = 9;

/** One piece of a line: text (breaks at spaces), bold text, or a value (a code span). */
export type Piece =
  | { text: string; style?: 'bold' }
  | { code: string }
  /** Text that never breaks (no-break spaces): a label, a row's links. */
  | { keep: string; style?: 'bold' };

/** The widths of the runs a line may break between, in px. */
function runs(p: Piece): number[] {
  if ('code' in p) {
    // Chromium breaks a URL after `?` and after `-` before a letter; anywhere else only when a
    // run is wider than the line (the hover's word-wrap: break-word). Fewer break points than
    // the real ones would only make the estimate higher, never lower.
    const parts = p.code.split(/(?<=\?|-(?=[A-Za-z]))/);
    return parts.map((s, i) => s.length * CODE + (i === 0 ? CODE_PAD : 0));
  }
  const per = p.style === 'bold' ? BOLD : TEXT;
  if ('keep' in p) return [(p.keep.length + 1) * per];
  return p.text
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length + 1) * per);
}

/** How many lines `pieces`, laid out one after another, take in the hover. */
export function linesOf(pieces: readonly Piece[]): number {
  let lines = 1;
  let x = 0;
  for (const w of pieces.flatMap(runs)) {
    if (x + w <= WIDTH) {
      x += w;
      continue;
    }
    if (x > 0) lines++;
    // A run wider than the line is cut where the line ends.
    lines += Math.ceil(w / WIDTH) - 1;
    x = w - (Math.ceil(w / WIDTH) - 1) * WIDTH;
  }
  return lines;
}
