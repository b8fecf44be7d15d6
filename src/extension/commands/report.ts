// Tells the user what an editing command did, without waiting for them (commands return at once).
import * as vscode from 'vscode';
import { plainMessage } from '../logic/escape';
import { summaryMessage, type EditSummary } from '../../shared/summary';

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
