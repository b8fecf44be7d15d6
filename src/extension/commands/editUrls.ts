// The common path of the editing commands: plan on the selections, apply as one edit, report.
import * as vscode from 'vscode';
import { selectionOffsets } from '../documents';
import { planEdits, type OffsetRange } from '../logic/plan-edits';
import type { EditSummary } from '../logic/summary';
import type { Transform } from '../logic/transforms';
import { applyPlan } from './apply';
import { notStarted, report } from './report';

/** Applies `transform` to the URLs at the cursors / in the selections of the active editor. */
export async function editUrls(transform: Transform, ranges?: (doc: vscode.TextDocument) => OffsetRange[]): Promise<EditSummary> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const doc = editor.document;
  const version = doc.version;
  const plan = planEdits(doc.getText(), ranges ? ranges(doc) : selectionOffsets(doc, editor.selections), transform, vscode.l10n.t);
  return report(await applyPlan(editor, version, plan));
}
