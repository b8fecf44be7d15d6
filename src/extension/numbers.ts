// Counts as the user reads numbers: grouped in the display language (12,018 in English, 12.018 in
// German), in dialogs, notifications and reports.
import * as vscode from 'vscode';

export function count(n: number): string {
  return n.toLocaleString(vscode.env.language);
}
