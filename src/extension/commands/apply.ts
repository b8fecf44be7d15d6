// Writes a plan as ONE editor edit (one undo step), and only if the document still holds what
// the plan was made from: stale text is never written.
import * as vscode from 'vscode';
import type { Plan } from '../logic/plan-edits';
import type { EditSummary } from '../logic/summary';

export async function applyPlan(editor: vscode.TextEditor, version: number, plan: Plan): Promise<EditSummary> {
  const { edits, skipped } = plan;
  if (edits.length === 0) return { changed: 0, skipped };
  const doc = editor.document;
  const stale = { changed: 0, skipped, aborted: vscode.l10n.t('The document changed before the edit could be made; nothing was written.') };
  if (doc.isClosed || doc.version !== version) return stale;
  const ranges = edits.map((e) => new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)));
  if (ranges.some((r, i) => doc.getText(r) !== edits[i].oldText)) return stale;
  // Watch for our own change: if edit() fails after the text was changed (an error on the way
  // back), the report must still say what was written.
  let seen = false;
  const texts = new Set(edits.map((e) => e.newText));
  const watch = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.document === doc && e.contentChanges.length === edits.length && e.contentChanges.every((c) => texts.has(c.text))) seen = true;
  });
  let ok = false;
  try {
    // editor.edit carries the document version: VS Code refuses it if the text changed meanwhile.
    ok = await editor.edit((b) => ranges.forEach((r, i) => b.replace(r, edits[i].newText)), { undoStopBefore: true, undoStopAfter: true });
  } catch {
    ok = false; // the editor was closed
  } finally {
    watch.dispose();
  }
  if (!ok && !seen) return { changed: 0, skipped, aborted: vscode.l10n.t('The document changed or was closed during the edit; nothing was written.') };
  return { changed: edits.length, skipped };
}
