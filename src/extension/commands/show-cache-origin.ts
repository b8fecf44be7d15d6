// ampUrl.showCacheOrigin: the AMP Cache origin (CORS `Origin:`) of the URL at each cursor.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { selectionOffsets } from '../documents';
import { plainMessage } from '../logic/escape';
import { cacheOriginFor } from '../../shared/transforms';
import { urlsInSelection } from '../../shared/plan-edits';

/** Returns the origins at once; the message with its Copy button is not awaited. */
export function showCacheOrigin(config: Config): string[] {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a text editor first.'));
    return [];
  }
  const s = config.settings;
  const text = editor.document.getText();
  const origins: string[] = [];
  const problems: string[] = [];
  for (const sel of selectionOffsets(editor.document, editor.selections)) {
    for (const m of urlsInSelection(text, sel)) {
      const r = cacheOriginFor(m.url, s, vscode.l10n.t);
      if (r.value !== undefined) origins.push(r.value);
      else problems.push(r.error);
    }
  }
  const unique = [...new Set(origins)];
  if (unique.length === 0) {
    void vscode.window.showWarningMessage(
      plainMessage(problems[0] ?? vscode.l10n.t('No URL at the cursor or in the selection.')),
    );
    return [];
  }
  const copy = vscode.l10n.t('Copy');
  void vscode.window
    .showInformationMessage(
      plainMessage(vscode.l10n.t('AMP Cache origin: {0}', unique.join(', '))),
      copy,
    )
    .then((choice) => {
      if (choice === copy) void vscode.env.clipboard.writeText(unique.join('\n'));
    });
  return unique;
}
