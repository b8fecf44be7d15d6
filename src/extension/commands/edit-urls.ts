// The common path of the editing commands: plan on the selections, apply as one edit, report.
// A big document is planned (and a big plan merged into one edit) in steps with a cancellable
// progress notification, so the editor stays responsive; if the text changes meanwhile, the
// version check refuses the stale plan.
import * as vscode from 'vscode';
import { selectionOffsets } from '../documents';
import { mergeSteps } from '../../shared/merge-edits';
import { planSteps, type OffsetRange, type Plan, type PlannedEdit } from '../../shared/plan-edits';
import type { EditSummary } from '../../shared/summary';
import type { Transform } from '../../shared/transforms';
import { applyPlan } from './apply';
import { notStarted, report, reportBatch } from './report';
import { macrotask, runToEnd, slicesOf } from '../../shared/time-slice';

/** Documents above this many characters are planned in steps. */
const STEPWISE_CHARS = 512 * 1024;

/** The plan and the edits to write it with (merged when big, see merge-edits.ts), in steps (share done, 0..1). */
function* prepare(
  text: string,
  selections: OffsetRange[],
  transform: Transform,
  languageId: string,
): Generator<number, { plan: Plan; spans: readonly PlannedEdit[] }> {
  const steps = planSteps(text, selections, transform, vscode.l10n.t, languageId);
  const plan = yield* scaled(steps, 0, 0.9);
  return { plan, spans: yield* scaled(mergeSteps(text, plan.edits), 0.9, 1) };
}

/** `steps` with its shares mapped onto from..to. */
function* scaled<T>(steps: Generator<number, T>, from: number, to: number): Generator<number, T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    yield from + r.value * (to - from);
  }
}

/** Runs `steps` in time slices behind a cancellable progress notification; undefined if cancelled. */
function runStepwise<T>(steps: Generator<number, T>): Thenable<T | undefined> {
  const title = vscode.l10n.t('AMP URL: finding and converting URLs');
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      let done = 0;
      const slices = slicesOf();
      for (;;) {
        const r = steps.next();
        if (r.done) {
          await macrotask(); // what comes next (the edit) gets a slice of its own
          return token.isCancellationRequested ? undefined : r.value;
        }
        if (!slices.due()) continue;
        progress.report({ increment: Math.max(0, r.value * 100 - done) });
        done = Math.max(done, r.value * 100);
        await slices.pause();
        if (token.isCancellationRequested) return undefined;
      }
    },
  );
}

/**
 * Applies `transform` to the URLs at the cursors / in the selections of `editor` (the active one
 * by default; a command that asked the user first passes the editor it asked about). With
 * `batch` (the command's title), the full report goes to the output channel (reportBatch).
 */
export async function editUrls(
  transform: Transform,
  ranges?: (doc: vscode.TextDocument) => OffsetRange[],
  editor = vscode.window.activeTextEditor,
  batch?: string,
): Promise<EditSummary> {
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const doc = editor.document;
  const version = doc.version;
  const text = doc.getText();
  const steps = prepare(
    text,
    ranges ? ranges(doc) : selectionOffsets(doc, editor.selections),
    transform,
    doc.languageId,
  );
  const prepared = text.length > STEPWISE_CHARS ? await runStepwise(steps) : runToEnd(steps);
  const tell = (s: EditSummary) => (batch ? reportBatch(batch, doc.uri, text, s) : report(s));
  if (!prepared)
    return tell({
      changed: 0,
      skipped: [],
      aborted: vscode.l10n.t('Cancelled; nothing was written.'),
    });
  const summary = await applyPlan(editor, version, prepared.plan, prepared.spans);
  const notes = summary.changed > 0 && !summary.aborted ? prepared.plan.notes : undefined;
  return tell(notes ? { ...summary, notes } : summary);
}
