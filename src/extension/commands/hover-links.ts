// The commands behind hover links: ampUrl.copy, ampUrl.replace, ampUrl.open. Their arguments
// come from links we generate, but are checked as if anyone could call them.
import * as vscode from 'vscode';
import { plainMessage } from '../logic/escape';
import { writeUrl } from '../logic/write-context';

export async function copy(text: unknown): Promise<boolean> {
  if (typeof text !== 'string') return false;
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('AMP URL: copied to the clipboard'), 3000);
  return true;
}

/** Replaces `[start, end)` of an open document if it still holds `expected`; one undo step. */
export async function replace(
  uri: unknown,
  start: unknown,
  end: unknown,
  expected: unknown,
  text: unknown,
): Promise<boolean> {
  if (
    typeof uri !== 'string' ||
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    typeof expected !== 'string' ||
    typeof text !== 'string'
  ) {
    return false;
  }
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  const range =
    doc && new vscode.Range(doc.positionAt(start as number), doc.positionAt(end as number));
  if (
    !doc ||
    !range ||
    doc.offsetAt(range.start) !== start ||
    doc.offsetAt(range.end) !== end ||
    doc.getText(range) !== expected
  ) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('The URL changed since the hover was shown; nothing was replaced.'),
    );
    return false;
  }
  const line = doc.lineAt(range.start.line);
  const at = range.start.character;
  const w = writeUrl(line.text, at, at + expected.length, text, vscode.l10n.t, doc.languageId);
  if (w.text === undefined) {
    void vscode.window.showWarningMessage(plainMessage(w.refused));
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, range, w.text);
  const ok = await vscode.workspace.applyEdit(edit);
  if (!ok)
    void vscode.window.showWarningMessage(
      vscode.l10n.t('The document changed during the edit; nothing was replaced.'),
    );
  return ok;
}

/** Opens an http(s) URL in the browser; only ever on an explicit click or command. */
export async function open(url: unknown): Promise<boolean> {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    void vscode.window.showWarningMessage(
      plainMessage(vscode.l10n.t('Only http and https URLs are opened.')),
    );
    return false;
  }
  try {
    return await vscode.env.openExternal(vscode.Uri.parse(url, true));
  } catch {
    return false;
  }
}
