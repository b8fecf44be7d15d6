// The "AMP URL" output channel: created once by activate() (which owns and disposes it), written
// by every batch and workspace command with its full report; their notification is one line with
// a "Show Report" button that opens it.
import * as vscode from 'vscode';
import { plainMessage } from './logic/escape';
import { macrotask } from '../shared/time-slice';

let channel: vscode.LogOutputChannel | undefined;

/** Creates the channel; disposing the result disposes it. */
export function createReportChannel(): vscode.Disposable {
  const own = vscode.window.createOutputChannel('AMP URL', { log: true });
  channel = own;
  return new vscode.Disposable(() => {
    if (channel === own) channel = undefined;
    own.dispose();
  });
}

/** Lines handed to the channel at a time: a report of 100,000 changes is written in turns. */
const LINES_PER_WRITE = 2000;

/** The reports being written, in order: one report's lines are never mixed with another's. */
let writing: Promise<void> = Promise.resolve();

/**
 * Writes a report, whole: its first line as the entry, the rest below it, LINES_PER_WRITE lines
 * at a time with the event loop's turn between (the extension host is never held by one write).
 */
export function writeReport(lines: readonly string[]): Promise<void> {
  const own = channel;
  if (!own || lines.length === 0) return writing;
  writing = writing.then(async () => {
    own.info(lines.slice(0, LINES_PER_WRITE).join('\n'));
    for (let i = LINES_PER_WRITE; i < lines.length; i += LINES_PER_WRITE) {
      await macrotask();
      own.appendLine(lines.slice(i, i + LINES_PER_WRITE).join('\n'));
    }
  });
  return writing;
}

/** A button of the notification besides "Show Report", and what it does. */
export interface NotifyAction {
  label: string;
  run: () => unknown;
}

/**
 * The one-line notification of a batch command, with "Show Report" (warning style when nothing
 * was written or something needs a look) and any `actions`. Returns at once: commands never
 * wait for the user.
 */
export function notify(line: string, warn: boolean, actions: readonly NotifyAction[] = []): void {
  const show = vscode.l10n.t('Show Report');
  const message = plainMessage(vscode.l10n.t('AMP URL: {0}', line));
  const labels = [show, ...actions.map((a) => a.label)];
  const shown = warn
    ? vscode.window.showWarningMessage(message, ...labels)
    : vscode.window.showInformationMessage(message, ...labels);
  void shown.then((pick) => {
    if (pick === show) channel?.show(true);
    else void actions.find((a) => a.label === pick)?.run();
  });
}
