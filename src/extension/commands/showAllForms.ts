// ampUrl.showAllForms: every form of the URL at the cursor in a Quick Pick; Enter copies the
// form, the item's button inserts it in place of the URL.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { selectionOffsets } from '../documents';
import { documentHosts } from '../logic/candidates';
import { noIcons, truncate } from '../logic/escape';
import { computeForms } from '../logic/forms';
import { urlsInSelection, type PlannedEdit } from '../logic/plan-edits';
import type { EditSummary } from '../logic/summary';
import { applyPlan } from './apply';
import { report } from './report';

export interface ShowAllFormsArgs {
  action?: 'copy' | 'insert';
  /** A form id (`cache`, `cacheOrigin`, `publisher`, `canonical`, `normalized`, `hash:0`…). */
  form?: string;
  /** A URL to use instead of the one at the cursor (the hover's "Show all forms" link). */
  url?: string;
}

export interface FormItem {
  id: string;
  label: string;
  value: string;
}

export interface ShowAllFormsResult {
  url?: string;
  forms: FormItem[];
  picked?: FormItem;
  action?: 'copy' | 'insert';
  summary?: EditSummary;
}

interface Source {
  url: string;
  editor?: vscode.TextEditor;
  /** Where the URL is in the editor's document, when it came from there. */
  at?: { start: number; end: number; text: string; version: number };
}

function source(args: ShowAllFormsArgs): Source | undefined {
  const editor = vscode.window.activeTextEditor;
  if (typeof args.url === 'string' && args.url) return { url: args.url, editor };
  if (!editor) return undefined;
  const doc = editor.document;
  const [m] = urlsInSelection(doc.getText(), selectionOffsets(doc, [editor.selection])[0]);
  if (!m) return undefined;
  return { url: m.url, editor, at: { start: m.start, end: m.end, text: doc.getText().slice(m.start, m.end), version: doc.version } };
}

function formItems(src: Source, config: Config): FormItem[] {
  const doc = src.editor?.document;
  const candidates = () => (doc ? documentHosts(doc.getText()) : []);
  const all = computeForms(src.url, config.settings, { candidates, t: vscode.l10n.t });
  const items: FormItem[] = all.forms.filter((f) => f.value !== undefined).map((f) => ({ id: f.id, label: f.label, value: f.value as string }));
  all.hashes?.value?.forEach((h, i) => items.push({ id: `hash:${i}`, label: vscode.l10n.t('Hash prefix of {0}', h.expression), value: h.hex }));
  return items;
}

/** Quick Pick: resolves with the picked item and whether its "insert" button was used. */
function pick(items: FormItem[], url: string): Promise<{ item: FormItem; insert: boolean } | undefined> {
  const insertButton = { iconPath: new vscode.ThemeIcon('replace'), tooltip: vscode.l10n.t('Insert in place of the URL') };
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { item: FormItem }>();
  qp.title = noIcons(vscode.l10n.t('All forms of {0}', truncate(url, 100)));
  qp.placeholder = vscode.l10n.t('Enter copies the form; the button inserts it');
  qp.matchOnDetail = true;
  qp.items = items.map((item) => ({ label: noIcons(item.label), detail: noIcons(truncate(item.value, 300)), buttons: [insertButton], item }));
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: { item: FormItem; insert: boolean } | undefined) => {
      if (done) return;
      done = true;
      resolve(r);
      qp.dispose();
    };
    qp.onDidAccept(() => finish(qp.selectedItems[0] && { item: qp.selectedItems[0].item, insert: false }));
    qp.onDidTriggerItemButton((e) => finish({ item: e.item.item, insert: true }));
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}

async function insert(src: Source, value: string): Promise<EditSummary> {
  const editor = src.editor;
  if (!editor) return report({ changed: 0, skipped: [], aborted: vscode.l10n.t('Open a text editor first.') });
  const doc = editor.document;
  // In place of the URL it came from; otherwise at each cursor (replacing the selections).
  const edits: PlannedEdit[] = src.at
    ? [{ start: src.at.start, end: src.at.end, oldText: src.at.text, newText: value }]
    : selectionOffsets(doc, editor.selections).map((r) => ({ ...r, oldText: doc.getText().slice(r.start, r.end), newText: value }));
  return report(await applyPlan(editor, src.at?.version ?? doc.version, { edits, skipped: [] }));
}

export async function showAllForms(config: Config, args: ShowAllFormsArgs = {}): Promise<ShowAllFormsResult> {
  const a = args && typeof args === 'object' ? args : {};
  const src = source(a);
  if (!src) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No URL at the cursor.'));
    return { forms: [] };
  }
  const forms = formItems(src, config);
  let picked: FormItem | undefined;
  let action = a.action;
  if (a.form !== undefined) {
    picked = forms.find((f) => f.id === a.form);
    if (!picked) void vscode.window.showWarningMessage(vscode.l10n.t('No form "{0}" for this URL.', String(a.form)));
  } else {
    const choice = await pick(forms, src.url);
    picked = choice?.item;
    action ??= choice?.insert ? 'insert' : 'copy';
  }
  if (!picked) return { url: src.url, forms };
  action ??= 'copy';
  if (action === 'insert') return { url: src.url, forms, picked, action, summary: await insert(src, picked.value) };
  await vscode.env.clipboard.writeText(picked.value);
  vscode.window.setStatusBarMessage(vscode.l10n.t('AMP URL: copied to the clipboard'), 3000);
  return { url: src.url, forms, picked, action };
}
