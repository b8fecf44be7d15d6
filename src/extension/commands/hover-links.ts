// The commands behind hover links: ampUrl.copy, ampUrl.replace, ampUrl.open. Anyone can run a
// command with any arguments (a link in other Markdown, another extension), so the single
// argument only says where the URL is and which form (link-args.ts); what is copied, written or
// opened is computed again from the document and the current settings (logic/recompute.ts).
import * as vscode from 'vscode';
import type { Config } from '../config';
import { candidatesOf, lineWindow, openDocument, textReader } from '../documents';
import { plainMessage } from '../logic/escape';
import { parseLinkTarget, type LinkTarget } from '../logic/link-args';
import { openRefusal, replaceRefusal, resolveLink, type FormValue } from '../logic/recompute';
import { writeUrlAt } from '../../shared/write-context';

function warn(message: string): false {
  void vscode.window.showWarningMessage(plainMessage(message));
  return false;
}

type Checked = { doc: vscode.TextDocument; target: LinkTarget; form: FormValue } | undefined;

/** The link's target and its form recomputed, or undefined after a warning saying why not. */
function check(config: Config, args: readonly unknown[]): Checked {
  const target = args.length === 1 ? parseLinkTarget(args[0]) : undefined;
  if (!target?.form) {
    warn(vscode.l10n.t('This link is not one the AMP URL hover made; nothing was done.'));
    return undefined;
  }
  const doc = openDocument(target.uri);
  const w = doc && lineWindow(doc, target);
  if (!doc || !w) {
    warn(vscode.l10n.t('The document of this link is not open; nothing was done.'));
    return undefined;
  }
  const r = resolveLink(w, target, config.settings, {
    candidates: candidatesOf(doc),
    t: vscode.l10n.t,
  });
  if (r.value === undefined) {
    warn(r.refused);
    return undefined;
  }
  return { doc, target, form: r };
}

/** Copies the form the link names, recomputed. */
export async function copy(config: Config, ...args: unknown[]): Promise<boolean> {
  const c = check(config, args);
  if (!c) return false;
  await vscode.env.clipboard.writeText(c.form.value);
  vscode.window.setStatusBarMessage(vscode.l10n.t('AMP URL: copied to the clipboard'), 3000);
  return true;
}

/** Replaces the URL at the link's range with its form, recomputed, written for its context; one undo step. */
export async function replace(config: Config, ...args: unknown[]): Promise<boolean> {
  const c = check(config, args);
  if (!c) return false;
  const { doc, target, form } = c;
  const same = replaceRefusal(form, target.expected, vscode.l10n.t);
  if (same) return warn(same);
  const version = doc.version;
  const w = writeUrlAt(
    textReader(doc),
    target.start,
    target.end,
    form.value,
    vscode.l10n.t,
    doc.languageId,
  );
  if (w.text === undefined) return warn(w.refused);
  if (doc.isClosed || doc.version !== version)
    return warn(vscode.l10n.t('The document changed during the edit; nothing was replaced.'));
  const edit = new vscode.WorkspaceEdit();
  const range = new vscode.Range(doc.positionAt(target.start), doc.positionAt(target.end));
  edit.replace(doc.uri, range, w.text);
  const ok = await vscode.workspace.applyEdit(edit);
  if (!ok) warn(vscode.l10n.t('The document changed during the edit; nothing was replaced.'));
  return ok;
}

/** Opens the form the link names in the browser: only an http(s) URL computed here. */
export async function open(config: Config, ...args: unknown[]): Promise<boolean> {
  const c = check(config, args);
  if (!c) return false;
  const refused = openRefusal(c.form, vscode.l10n.t);
  if (refused) return warn(refused);
  try {
    // A Uri would be read through Uri.parse, which decodes the URL's escapes (`q=a%20b` shown
    // as `q=a b`, `%26` opened as `&`: another URL). VS Code's extension host also takes the URL
    // as a string (extHostWindow.openUri) and then opens it exactly as written.
    return await vscode.env.openExternal(c.form.value as unknown as vscode.Uri);
  } catch {
    return false;
  }
}
