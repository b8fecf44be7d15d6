// What undoes a file's edits: the reverse edits, in offsets of the text the edits produced. The
// workspace command keeps them (with hashes of the bytes before and after) for its Undo, instead
// of a copy of every file it rewrote.
import type { TextEdit } from './file-bytes';

/** An edit with the text it replaced. */
export interface EditWithOld extends TextEdit {
  oldText: string;
}

/**
 * The edits that turn applyTextEdits(text, edits) back into `text`: each new text replaced by
 * the old one, at its offset in the edited text. `edits` sorted and not overlapping.
 */
export function undoEdits(edits: readonly EditWithOld[]): TextEdit[] {
  let shift = 0;
  return edits.map((e) => {
    const start = e.start + shift;
    shift += e.newText.length - (e.end - e.start);
    return { start, end: start + e.newText.length, newText: e.oldText };
  });
}
