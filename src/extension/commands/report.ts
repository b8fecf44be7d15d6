// Tells the user what an editing command did, without waiting for them (commands return at once).
// Batch commands (Replace AMP URLs, Convert all) also write their full report to the "AMP URL"
// output channel and keep the notification to one line with "Show Report".
import * as vscode from 'vscode';
import { plainMessage } from '../logic/escape';
import {
  inertPath,
  oneLine,
  place,
  quietCounts,
  reportLines,
  skipSection,
} from '../../shared/batch-report';
import { summaryMessage, type EditSummary } from '../../shared/summary';
import { lineStarts, positionAt } from '../../shared/line-index';
import { notify, writeReport } from '../report-channel';

export function report(summary: EditSummary): EditSummary {
  const message = plainMessage(summaryMessage(summary, vscode.l10n.t));
  if (summary.aborted || summary.changed === 0) void vscode.window.showWarningMessage(message);
  else if (summary.skipped.length > 0) void vscode.window.showInformationMessage(message);
  else
    vscode.window.setStatusBarMessage(plainMessage(vscode.l10n.t('AMP URL: {0}', message)), 5000);
  return summary;
}

/** A summary for a command that could not start (no editor, bad argument, cancelled). */
export function notStarted(reason: string): EditSummary {
  return report({ changed: 0, skipped: [], aborted: reason });
}

/**
 * How a file is named in reports: relative to its workspace folder, as the Problems view names it
 * (asRelativePath: the folder's name first in a workspace of several), else its path on disk,
 * else its URI; made inert (inertPath: a control character in a name is shown, never obeyed).
 */
export function displayPath(uri: vscode.Uri): string {
  if (vscode.workspace.getWorkspaceFolder(uri))
    return inertPath(vscode.workspace.asRelativePath(uri));
  return inertPath(uri.scheme === 'file' ? uri.fsPath : uri.toString());
}

/**
 * The report of a batch command over `uri` whose text was `text` when planned: the full report
 * in the output channel, one line in a notification.
 */
export function reportBatch(
  title: string,
  uri: vscode.Uri,
  text: string,
  summary: EditSummary,
): EditSummary {
  const t = vscode.l10n.t;
  let starts: number[] | undefined;
  const path = displayPath(uri);
  const locate = (offset: number) => {
    starts ??= lineStarts(text);
    const [line, character] = positionAt(starts, offset);
    return place(path, line, character);
  };
  const notes = summary.aborted === undefined ? (summary.notes ?? []) : [];
  const warnings = notes.filter((n) => n.warning);
  const left = summary.skipped.filter((s) => !s.quiet);
  const line =
    summary.aborted ??
    oneLine([
      summary.changed > 0 ? t('Replaced {0} URLs', summary.changed) : t('Nothing replaced'),
      left.length > 0 && t('{0} left', left.length),
      warnings.length > 0 && t('{0} warnings', warnings.length),
    ]);
  void writeReport(
    reportLines(
      [`${title}: ${path}`, line, ...quietCounts(summary.skipped, t)],
      [
        skipSection(t('Warnings'), warnings, locate, Infinity),
        skipSection(t('Left as they were'), left, locate, Infinity),
        skipSection(
          t('Other notes'),
          notes.filter((n) => !n.warning),
          locate,
          Infinity,
        ),
      ],
      t,
      Infinity,
    ),
  );
  notify(line, summary.aborted !== undefined || summary.changed === 0 || warnings.length > 0);
  return summary;
}
