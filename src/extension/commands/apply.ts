// Writes a plan as ONE editor edit (one undo step), and only if the document still holds what
// the plan was made from: stale text is never written.
import * as vscode from 'vscode';
import { mapOffsets } from '../../shared/merge-edits';
import type { Plan, PlannedEdit } from '../../shared/plan-edits';
import type { EditSummary } from '../../shared/summary';

/**
 * Applies `plan` to the editor's document, which must still be at `version`. `spans`, when given,
 * are the plan's edits merged into a spanning one (mergeSteps): the same text in one
 * replacement, which the editor takes far faster than tens of thousands of small ones.
 */
export async function applyPlan(
  editor: vscode.TextEditor,
  version: number,
  plan: Plan,
  spans?: readonly PlannedEdit[],
): Promise<EditSummary> {
  const { edits, skipped } = plan;
  if (edits.length === 0) return { changed: 0, skipped };
  const doc = editor.document;
  const stale = {
    changed: 0,
    skipped,
    aborted: vscode.l10n.t(
      'The document changed before the edit could be made; nothing was written.',
    ),
  };
  if (doc.isClosed || doc.version !== version) return stale;
  const merged = spans !== undefined && spans.length < edits.length;
  const writes = merged ? spans : edits;
  const ranges = writes.map(
    (e) => new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)),
  );
  // The version says the text is the planned-from one; reading back a span of megabytes to
  // compare would cost as much as the edit, so only separate edits are compared.
  if (!merged && ranges.some((r, i) => doc.getText(r) !== writes[i].oldText)) return stale;
  // Selections as offsets of the planned-from text, to put them back after a merged edit.
  const cursors = merged
    ? editor.selections.flatMap((s) => [doc.offsetAt(s.anchor), doc.offsetAt(s.active)])
    : [];
  // Watch for our own change: if edit() fails after the text was changed (an error on the way
  // back), the report must still say what was written.
  let seen: number | undefined; // the document version our change made
  const texts = new Set(writes.map((e) => e.newText));
  const watch = vscode.workspace.onDidChangeTextDocument((e) => {
    if (
      e.document === doc &&
      e.contentChanges.length === writes.length &&
      e.contentChanges.every((c) => texts.has(c.text))
    )
      seen = doc.version;
  });
  let shown = vscode.window.visibleTextEditors.includes(editor);
  let ok = false;
  try {
    // Both carry the document version: VS Code refuses the edit if the text changed meanwhile.
    if (shown)
      ok = await editor.edit(
        (b) => {
          ranges.forEach((r, i) => {
            b.replace(r, writes[i].newText);
          });
        },
        {
          undoStopBefore: true,
          undoStopAfter: true,
        },
      );
  } catch {
    ok = false; // the editor was hidden or closed on the way
  }
  try {
    // The user switched tabs while a big plan was made: the document is still open, so it still
    // gets its edit (one undo step there too). A closed tab means the user left it: nothing is written.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- isClosed can change across the awaits
    if (!ok && seen === undefined && doc.version === version && !doc.isClosed && hasTab(doc)) {
      shown = false;
      ok = await vscode.workspace.applyEdit(workspaceEdit(doc, ranges, writes));
    }
  } catch {
    ok = false;
  } finally {
    watch.dispose();
  }
  if (!ok && seen === undefined)
    return {
      changed: 0,
      skipped,
      aborted: vscode.l10n.t(
        'The document changed or was closed during the edit; nothing was written.',
      ),
    };
  if (shown && merged && seen === doc.version) followEdits(editor, edits, cursors);
  return { changed: edits.length, skipped };
}

/**
 * Puts the cursors back on the text they were on (see mapOffsets). Left to itself, VS Code 1.100
 * kept them at their old offsets, which after thousands of longer URLs is text far before.
 */
function followEdits(
  editor: vscode.TextEditor,
  edits: readonly PlannedEdit[],
  cursors: readonly number[],
): void {
  const doc = editor.document;
  const at = mapOffsets(edits, cursors).map((o) => doc.positionAt(o));
  const selections: vscode.Selection[] = [];
  for (let i = 0; i + 1 < at.length; i += 2)
    selections.push(new vscode.Selection(at[i], at[i + 1]));
  if (selections.length > 0) editor.selections = selections;
}

/** Whether a tab (in any group, visible or not) still shows `doc`. */
function hasTab(doc: vscode.TextDocument): boolean {
  const uri = doc.uri.toString();
  return vscode.window.tabGroups.all.some((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri),
  );
}

function workspaceEdit(
  doc: vscode.TextDocument,
  ranges: readonly vscode.Range[],
  writes: readonly PlannedEdit[],
): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  ranges.forEach((r, i) => {
    edit.replace(doc.uri, r, writes[i].newText);
  });
  return edit;
}
