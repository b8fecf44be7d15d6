// "AMP URL: Undo Last Workspace Change": puts back every byte of the files the last workspace
// Replace wrote directly (direct.ts), with the same confined, atomic writes. A file
// changed since (its bytes are not those written) is left and named. Files the Replace changed in
// open editors went through the editor and have its own Undo.
//
// What is kept, in memory only (a reload forgets it), for the last change only: per file its
// path, the SHA-256 of its bytes before and after, and the reverse edits (each URL's old text and
// where it is): about the size of the report's list of changes, never a copy of the files.
import * as vscode from 'vscode';
import { directWriter } from '../direct-writer';
import type { TextEdit } from '../../shared/file-bytes';
import { oneLine, reportLines } from '../../shared/batch-report';
import { notify, writeReport } from '../report-channel';
import { displayPath } from '../commands/report';
import { byRoot, fileCounter } from './progress';
import { refusalText } from './refusals';
import type { WriteJob } from '../../node/write-jobs';

/** What undoes one directly written file. */
export interface UndoFile {
  uri: vscode.Uri;
  root: string;
  rel: string;
  /** SHA-256 of the bytes written (the file must still hold them) and of the bytes before. */
  after: string;
  before: string;
  /** The reverse edits, in offsets of the written text: TextEdit[] as JSON (direct.ts). */
  edits: string;
  maxSize: number;
}

let last: UndoFile[] = [];

/** The job that puts one file back: from the bytes written to the bytes before, exactly. */
function undoJob(f: UndoFile): WriteJob {
  return {
    rel: f.rel,
    expect: { sha256: f.after },
    edits: JSON.parse(f.edits) as TextEdit[],
    resultSha256: f.before,
    maxSize: Number.MAX_SAFE_INTEGER,
  };
}

/** Keeps the undo of the last workspace change (replacing the one before). */
export function rememberUndo(files: UndoFile[]): void {
  last = files;
}

export interface UndoResult {
  restored: number;
  /** Files left as they are, with the reason (changed since, an error). */
  refused: { path: string; reason: string }[];
  cancelled: boolean;
}

/** Undoes the last workspace change's direct writes; tells the user what it did. */
export async function undoWorkspaceChange(): Promise<UndoResult> {
  const t = vscode.l10n.t;
  const files = last;
  const result: UndoResult = { restored: 0, refused: [], cancelled: false };
  const writer = directWriter;
  if (files.length === 0 || !writer) {
    void vscode.window.showInformationMessage(
      t('AMP URL: no workspace change to undo (files changed in editors have their own Undo).'),
    );
    return result;
  }
  const left: UndoFile[] = [];
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: t('AMP URL: undoing the last workspace change'),
      cancellable: true,
    },
    async (progress, token) => {
      const count = fileCounter(progress, files.length);
      for (const [root, group] of byRoot(files)) {
        if (token.isCancellationRequested) {
          left.push(...group);
          continue;
        }
        // Each file's job made, its edits parsed, only as the job is handed out.
        const run = writer.run(root, group, undoJob, count);
        const listener = token.onCancellationRequested(run.stop);
        const outcomes = await run.done;
        listener.dispose();
        outcomes.forEach((o, i) => {
          if (o?.written) result.restored++;
          else {
            left.push(group[i]);
            if (o) result.refused.push({ path: displayPath(group[i].uri), reason: refusalText(o) });
          }
        });
      }
      result.cancelled = token.isCancellationRequested;
    },
  );
  // What was not put back stays undoable (after the user mends it, Undo again).
  last = left;
  const line = oneLine([
    t('Undo: {0} files put back as they were', result.restored),
    result.refused.length > 0 &&
      t(
        '{0} files changed since, left as they are (the first: {1})',
        result.refused.length,
        result.refused[0].path,
      ),
    result.cancelled &&
      t('cancelled; {0} files still to put back', left.length - result.refused.length),
  ]);
  void writeReport(
    reportLines(
      [t('Undo Last Workspace Change'), line],
      [
        {
          title: t('Not put back'),
          items: result.refused.map((r) => ({ where: r.path, text: r.reason })),
        },
      ],
      t,
    ),
  );
  notify(line, result.refused.length > 0 || result.cancelled);
  return result;
}
