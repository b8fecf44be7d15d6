// ampUrl.showCacheOrigin: the AMP Cache origin (CORS `Origin:`) of the URL at each cursor.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { selectionOffsets } from '../documents';
import { cacheOriginOf } from '../../shared/cache-origins';
import { formName } from '../../shared/names';
import { plainMessage } from '../logic/escape';
import { urlsInSelection } from '../../shared/plan-edits';

/**
 * Returns the origins at once; the message with its Copy button is not awaited. Each URL gives the
 * Origin its page sends from the cache (cache-origins.ts): an AMP viewer URL its publisher's
 * cache origin, not the viewer's.
 */
export function showCacheOrigin(config: Config): string[] {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a text editor first.'));
    return [];
  }
  const s = config.settings;
  const doc = editor.document;
  const text = doc.getText();
  const origins: string[] = [];
  const names: string[] = [];
  const problems: string[] = [];
  for (const sel of selectionOffsets(doc, editor.selections)) {
    for (const m of urlsInSelection(text, sel, doc.languageId)) {
      const r = cacheOriginOf(m.url, s, vscode.l10n.t);
      if (r.value === undefined) problems.push(r.error);
      else {
        origins.push(r.value.origin);
        names.push(r.value.cache);
      }
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
  const cacheNames = [...new Set(names.filter((n) => n !== ''))];
  const name =
    cacheNames.length === 1
      ? formName('cacheOrigin', vscode.l10n.t, cacheNames[0])
      : formName('cacheOrigin', vscode.l10n.t);
  void vscode.window
    .showInformationMessage(
      plainMessage(vscode.l10n.t('{0} (the Origin its pages send): {1}', name, unique.join(', '))),
      copy,
    )
    .then((choice) => {
      if (choice === copy) void vscode.env.clipboard.writeText(unique.join('\n'));
    });
  return unique;
}
