// The default choice's write in the desktop build: files that no editor holds are rewritten
// directly, with the command line's confined, atomic writes (src/node/safe-file.ts, in worker
// threads: src/node/direct-writes.ts), instead of a WorkspaceEdit that opens a text model for
// each of them. Open documents, files of other schemes and files that do not decode here to the
// text planned on (another encoding) are left for the WorkspaceEdit. What each write needs to be
// undone is kept (undo.ts).
import * as vscode from 'vscode';
import { directWriter } from '../direct-writer';
import type { WriteJob, WriteOutcome } from '../../node/write-jobs';
import { byRoot, fileCounter } from './progress';
import { refusalText } from './refusals';
import { hostMatcher } from '../../shared/workspace-plan';
import type { PlannedEdit } from '../../shared/plan-edits';
import { undoEdits } from '../../shared/undo-edits';
import { eachSliced } from '../../shared/time-slice';
import type { ScannedFile } from './scan';
import { rememberUndo, type UndoFile } from './undo';

/** A file the direct write did not write, and why (in words for the report). */
export interface NotWritten {
  uri: vscode.Uri;
  reason: string;
}

export interface DirectResult {
  /** Files written on disk. */
  written: ScannedFile[];
  /** Files for the WorkspaceEdit: open in an editor, not on disk, or another encoding. */
  forEditor: ScannedFile[];
  /** Files changed or refused at the write (a link, hard links, an error), with the reason. */
  refused: NotWritten[];
  /** Files left as they were because the user cancelled. */
  notDone: ScannedFile[];
  cancelled: boolean;
}

/** The path of `uri` under its workspace folder (`/`-separated), with the folder's path on disk. */
function placeOf(uri: vscode.Uri): { root: string; rel: string } | undefined {
  if (uri.scheme !== 'file') return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder?.uri.scheme !== 'file') return undefined;
  const base = folder.uri.path.replace(/\/+$/, '');
  if (!uri.path.startsWith(`${base}/`)) return undefined;
  return { root: folder.uri.fsPath, rel: uri.path.slice(base.length + 1) };
}

/** A file for the direct write: its folder's path on disk, its path under it, its edits. */
interface Planned {
  file: ScannedFile;
  root: string;
  rel: string;
  /** The plan's own edits (a TextEdit with the old text), not copies: fewer objects kept. */
  edits: PlannedEdit[];
}

/**
 * The job of a planned file, made only as it is handed to a worker (issue 28: the extension
 * host keeps no job per file for the whole run). The worker reads a TextEdit's fields of the
 * plan's edits; `stat` is set for every file planned (plan()).
 */
function jobOf(p: Planned, maxSize: number): WriteJob {
  const { hash, length, stat } = p.file;
  return {
    rel: p.rel,
    expect: { hash, length, size: stat?.size ?? -1, mtime: stat?.mtime ?? -1 },
    edits: p.edits,
    maxSize,
  };
}

/**
 * The job of each file the direct write may take (the others: for the editor, or no change), in
 * time slices: a workspace folder lookup per file, for 10,000 files, held the extension host
 * longer than a slice.
 */
async function plan(
  files: readonly ScannedFile[],
  host: string | undefined,
): Promise<{ planned: Planned[]; forEditor: ScannedFile[] }> {
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  const matches = hostMatcher(host);
  const planned: Planned[] = [];
  const forEditor: ScannedFile[] = [];
  await eachSliced(files, (file) => {
    // The default choice writes the changes of the host chosen that deserve no look.
    const edits = file.plan.edits.filter((e) => matches(e.host) && !e.review);
    if (edits.length === 0) return;
    const place = placeOf(file.uri);
    const stat = file.stat;
    if (!directWriter || !place || open.has(file.uri.toString()) || stat === undefined) {
      forEditor.push(file);
      return;
    }
    planned.push({ file, root: place.root, rel: place.rel, edits });
  });
  return { planned, forEditor };
}

/**
 * What undoes one written file. Its reverse edits are kept as one JSON string, parsed only by an
 * Undo: a flat copy of their texts (never slices of the file's text), and one string a file
 * rather than an object per edit.
 */
function undoOf(
  p: Planned,
  o: Extract<WriteOutcome, { written: true }>,
  maxSize: number,
): UndoFile {
  return {
    uri: p.file.uri,
    root: p.root,
    rel: p.rel,
    after: o.after,
    before: o.before,
    edits: JSON.stringify(undoEdits(p.edits)),
    maxSize,
  };
}

/**
 * Writes what it can of `files` directly, with a progress notification that counts the files
 * and can be cancelled; keeps the undo of what it wrote. Without direct writes (the browser
 * build), every file is for the editor.
 */
export async function writeDirect(
  files: readonly ScannedFile[],
  host: string | undefined,
  maxSize: number,
): Promise<DirectResult> {
  const { planned, forEditor } = await plan(files, host);
  const out: DirectResult = { written: [], forEditor, refused: [], notDone: [], cancelled: false };
  const writer = directWriter;
  if (planned.length === 0 || !writer) return out;
  const undo: UndoFile[] = [];
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('AMP URL: writing files'),
      cancellable: true,
    },
    async (progress, token) => {
      const count = fileCounter(progress, planned.length);
      for (const [root, group] of byRoot(planned)) {
        if (token.isCancellationRequested) {
          out.notDone.push(...group.map((p) => p.file));
          out.cancelled = true;
          continue;
        }
        const run = writer.run(root, group, (p) => jobOf(p, maxSize), count);
        const listener = token.onCancellationRequested(run.stop);
        const outcomes = await run.done;
        listener.dispose();
        // Cancelled while its workers ran (not by a click after they were done, while the
        // outcomes below are taken in, a turn at a time).
        out.cancelled = token.isCancellationRequested;
        // Sliced: the undo of 10,000 files is made here.
        await eachSliced(outcomes, (o, i) => {
          const p = group[i];
          if (!o) out.notDone.push(p.file);
          else if (o.written) {
            out.written.push(p.file);
            undo.push(undoOf(p, o, maxSize));
          } else if (o.reason === 'notPlanned') out.forEditor.push(p.file);
          else out.refused.push({ uri: p.file.uri, reason: refusalText(o) });
        });
      }
    },
  );
  rememberUndo(undo);
  return out;
}
