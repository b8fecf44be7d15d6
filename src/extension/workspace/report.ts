// The report of a workspace command: in full in the "AMP URL" output channel (every change, each
// change left for a look with its warnings, every URL left and every file skipped with the reason,
// at `file:line:column`), and one line in a notification with "Show Report".
import * as vscode from 'vscode';
import {
  inert,
  inertPath,
  oneLine,
  place,
  reportLines,
  type ReportItem,
  type ReportSection,
} from '../../shared/batch-report';
import type { Skip } from '../../shared/plan-edits';
import { fileSkipReason, type FileSkip, type WorkspaceTarget } from '../../shared/workspace-plan';
import { notify, writeReport } from '../report-channel';
import { COMMAND } from '../command-ids';
import { displayPath } from '../commands/report';
import type { EditCounts, ReviewItem } from './apply';
import { count } from '../numbers';
import type { WorkspaceScan } from './scan';

export interface WorkspaceResult {
  files: number;
  changedFiles: number;
  edits: number;
  skippedFiles: Record<FileSkip, number>;
  /** What was left out, by workspace-relative path (or glob), with the reason. */
  skippedPaths: { path: string; reason: FileSkip }[];
  staleFiles: string[];
  skipped: Skip[];
  /** Changes that deserve a look, left unwritten unless the user ticked them in the preview. */
  review: number;
  /** How the user answered: written at once, through the preview, or not at all. */
  choice?: 'replace' | 'preview' | 'pick';
  applied: boolean;
  /** Files written directly that "Undo Last Workspace Change" would put back. */
  undoable?: number;
  /** Files changed in editors the user had open, left unsaved (theirs to save or undo). */
  unsaved?: number;
  aborted?: string;
}

/** A section of `all`, every item made into a line (the report is complete: README). */
function section<T>(title: string, all: readonly T[], item: (x: T) => ReportItem): ReportSection {
  return { title, items: all.map(item), total: all.length };
}

function changeItem({ uri, edit: e }: ReviewItem): ReportItem {
  return {
    where: place(displayPath(uri), e.range.startLine, e.range.startChar),
    text: `${inert(e.oldText)} → ${inert(e.newText)}`,
  };
}

/** The one line of the notification: only the counts that mean something. */
function workspaceLine(target: WorkspaceTarget, r: WorkspaceResult): string {
  const t = vscode.l10n.t;
  if (r.aborted) return r.aborted;
  const skippedFiles = Object.values(r.skippedFiles).reduce((n, c) => n + c, 0);
  const first =
    r.edits + r.review === 0
      ? target === 'publisher'
        ? t('No AMP URL to replace in {0} files', r.files)
        : t('No URL to convert in {0} files', r.files)
      : r.choice === 'preview' || r.choice === 'pick'
        ? t(
            'Applied the changes ticked in the Refactor Preview ({0} proposed in {1} files)',
            r.edits,
            r.changedFiles,
          )
        : doneLine(target, r.edits, r.changedFiles);
  return oneLine([
    first,
    r.review > 0 &&
      r.choice !== 'preview' &&
      r.choice !== 'pick' &&
      t('{0} left for a look', r.review),
    r.skipped.length > 0 && t('{0} URLs left', r.skipped.length),
    skippedFiles > 0 && t('{0} files skipped', skippedFiles),
    r.staleFiles.length > 0 &&
      t('{0} files changed since the scan, left untouched', r.staleFiles.length),
    (r.unsaved ?? 0) > 0 && t('{0} files changed in open editors, not saved', r.unsaved ?? 0),
  ]);
}

/** Writes the report and shows the line; returns `r`. */
export function reportWorkspace(
  target: WorkspaceTarget,
  r: WorkspaceResult,
  scan: WorkspaceScan,
  stale: readonly { uri: vscode.Uri; reason?: string }[],
  built: EditCounts,
): WorkspaceResult {
  const t = vscode.l10n.t;
  const line = workspaceLine(target, r);
  const title =
    target === 'publisher'
      ? t('Replace AMP URLs with publisher URLs in Workspace')
      : t('Convert URLs to AMP Cache URLs in Workspace');
  const written = r.applied && r.choice === 'replace';
  void writeReport(
    reportLines(
      [title, line],
      [
        section(
          written ? t('Changed') : t('Proposed'),
          r.aborted && !r.choice ? [] : built.others,
          changeItem,
        ),
        section(
          r.choice === 'preview' || r.choice === 'pick'
            ? t('Deserve a look (unchecked in the preview)')
            : t('Left for a look (not written)'),
          built.review,
          (item) => ({
            ...changeItem(item),
            text: `${changeItem(item).text}: ${(item.edit.warnings ?? []).join(' ')}`,
          }),
        ),
        section(t('URLs left as they were'), scan.skipped, (s) => ({
          where: place(displayPath(s.uri), s.line, s.character),
          text: `${inert(s.url)}: ${s.reason}`,
        })),
        section(t('Files skipped'), scan.skippedPaths, (f) => ({
          where: inertPath(f.path),
          text: fileSkipReason(f.reason, t),
        })),
        section(t('Files changed since the scan, left untouched'), stale, (f) => ({
          where: displayPath(f.uri),
          text: f.reason ?? '',
        })),
      ],
      t,
      Infinity,
    ),
  );
  const undo = t('Undo');
  notify(
    line,
    r.aborted !== undefined || !r.applied || r.review > 0 || r.staleFiles.length > 0,
    r.undoable
      ? [{ label: undo, run: () => vscode.commands.executeCommand(COMMAND.undoWorkspaceChange) }]
      : [],
  );
  return r;
}

/** "Replaced 12,018 URLs in 3 files", with singular forms (one l10n key per form). */
function doneLine(target: WorkspaceTarget, urls: number, files: number): string {
  const t = vscode.l10n.t;
  const [u, f] = [count(urls), count(files)];
  if (target === 'publisher') {
    if (urls === 1) return t('Replaced 1 URL in 1 file');
    return files === 1
      ? t('Replaced {0} URLs in 1 file', u)
      : t('Replaced {0} URLs in {1} files', u, f);
  }
  if (urls === 1) return t('Converted 1 URL in 1 file');
  return files === 1
    ? t('Converted {0} URLs in 1 file', u)
    : t('Converted {0} URLs in {1} files', u, f);
}
