// The common path of the editing commands: plan on the selections, apply as one edit, report.
// A big document is planned in steps with a cancellable progress notification, so the editor
// stays responsive; if the text changes meanwhile, the version check refuses the stale plan.
import * as vscode from 'vscode';
import { selectionOffsets } from '../documents';
import { planSteps, type OffsetRange, type Plan } from '../logic/plan-edits';
import type { EditSummary } from '../logic/summary';
import type { Transform } from '../logic/transforms';
import { applyPlan } from './apply';
import { notStarted, report } from './report';

/** Documents above this many characters are planned in steps. */
const STEPWISE_CHARS = 512 * 1024;
/** Longest the extension host is kept busy between two pauses. */
const SLICE_MS = 30;

function planNow(steps: Generator<number, Plan>): Plan {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

function planStepwise(steps: Generator<number, Plan>): Thenable<Plan | undefined> {
  const title = vscode.l10n.t('AMP URL: finding and converting URLs');
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    let done = 0;
    let sliceStart = performance.now();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() - sliceStart < SLICE_MS) continue;
      progress.report({ increment: Math.max(0, r.value * 100 - done) });
      done = Math.max(done, r.value * 100);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (token.isCancellationRequested) return undefined;
      sliceStart = performance.now();
    }
  });
}

/** Applies `transform` to the URLs at the cursors / in the selections of the active editor. */
export async function editUrls(transform: Transform, ranges?: (doc: vscode.TextDocument) => OffsetRange[]): Promise<EditSummary> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const doc = editor.document;
  const version = doc.version;
  const text = doc.getText();
  const steps = planSteps(text, ranges ? ranges(doc) : selectionOffsets(doc, editor.selections), transform, vscode.l10n.t);
  const plan = text.length > STEPWISE_CHARS ? await planStepwise(steps) : planNow(steps);
  if (!plan) return report({ changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled; nothing was written.') });
  return report(await applyPlan(editor, version, plan));
}
