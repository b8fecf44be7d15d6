// ampUrl.showAllForms: every form of the URL at the (primary) cursor in a Quick Pick; Enter copies
// the form, the item's button inserts it in place of the URL. With several cursors, the picked
// form (e.g. "AMP Cache URL") is taken for the URL at each cursor.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { selectionOffsets } from '../documents';
import { documentHosts } from '../logic/candidates';
import { noIcons, truncate } from '../logic/escape';
import { computeForms } from '../logic/forms';
import { urlsInSelection, type PlannedEdit, type Skip } from '../logic/plan-edits';
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

/** A URL found at a cursor: where it is in the document the command started on. */
interface Located {
  url: string;
  start: number;
  end: number;
  text: string;
}

interface Source {
  /** The URL whose forms are listed: the primary cursor's, or the one given in the arguments. */
  url: string;
  editor?: vscode.TextEditor;
  /** The URLs at every cursor (primary first), when they came from the document. */
  at?: { urls: Located[]; version: number };
}

function source(args: ShowAllFormsArgs): Source | undefined {
  const editor = vscode.window.activeTextEditor;
  if (typeof args.url === 'string' && args.url) return { url: args.url, editor };
  if (!editor) return undefined;
  const doc = editor.document;
  const text = doc.getText();
  // The primary selection is the first one; each cursor contributes the first URL it touches.
  const urls = selectionOffsets(doc, editor.selections).flatMap((range) => {
    const m = urlsInSelection(text, range).at(0);
    return m ? [{ url: m.url, start: m.start, end: m.end, text: text.slice(m.start, m.end) }] : [];
  });
  if (urls.length === 0) return undefined;
  return { url: urls[0].url, editor, at: { urls, version: doc.version } };
}

function formItems(url: string, editor: vscode.TextEditor | undefined, config: Config): FormItem[] {
  const doc = editor?.document;
  const candidates = () => (doc ? documentHosts(doc.getText()) : []);
  const all = computeForms(url, config.settings, { candidates, t: vscode.l10n.t });
  const items: FormItem[] = all.forms
    .filter((f): f is typeof f & { value: string } => f.value !== undefined)
    .map((f) => ({ id: f.id, label: f.label, value: f.value }));
  all.hashes?.value?.forEach((h, i) =>
    items.push({
      id: `hash:${i}`,
      label: vscode.l10n.t('Hash prefix of {0}', h.expression),
      value: h.hex,
    }),
  );
  return items;
}

/** The picked form for each URL at the cursors (the same form id), or why a URL has none. */
function formAtEachCursor(
  src: Source,
  picked: FormItem,
  config: Config,
): { found: Located[]; values: string[]; skipped: Skip[] } {
  const found: Located[] = [];
  const values: string[] = [];
  const skipped: Skip[] = [];
  src.at?.urls.forEach((u, i) => {
    const value =
      i === 0
        ? picked.value
        : formItems(u.url, src.editor, config).find((f) => f.id === picked.id)?.value;
    if (value === undefined)
      skipped.push({ url: u.url, reason: vscode.l10n.t('no such form for this URL') });
    else {
      found.push(u);
      values.push(value);
    }
  });
  return { found, values, skipped };
}

/** Quick Pick: resolves with the picked item and whether its "insert" button was used. */
function pick(
  items: FormItem[],
  url: string,
): Promise<{ item: FormItem; insert: boolean } | undefined> {
  const insertButton = {
    iconPath: new vscode.ThemeIcon('replace'),
    tooltip: vscode.l10n.t('Insert in place of the URL'),
  };
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { item: FormItem }>();
  qp.title = noIcons(vscode.l10n.t('All forms of {0}', truncate(url, 100)));
  qp.placeholder = vscode.l10n.t('Enter copies the form; the button inserts it');
  qp.matchOnDetail = true;
  qp.items = items.map((item) => ({
    label: noIcons(item.label),
    detail: noIcons(truncate(item.value, 300)),
    buttons: [insertButton],
    item,
  }));
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: { item: FormItem; insert: boolean } | undefined) => {
      if (done) return;
      done = true;
      resolve(r);
      qp.dispose();
    };
    qp.onDidAccept(() => {
      finish(qp.selectedItems[0] && { item: qp.selectedItems[0].item, insert: false });
    });
    qp.onDidTriggerItemButton((e) => {
      finish({ item: e.item.item, insert: true });
    });
    qp.onDidHide(() => {
      finish(undefined);
    });
    qp.show();
  });
}

async function insert(src: Source, picked: FormItem, config: Config): Promise<EditSummary> {
  const editor = src.editor;
  if (!editor)
    return report({ changed: 0, skipped: [], aborted: vscode.l10n.t('Open a text editor first.') });
  const doc = editor.document;
  if (!src.at) {
    // A URL from the arguments: the form goes at each cursor (replacing the selections).
    const text = doc.getText();
    const edits = selectionOffsets(doc, editor.selections).map((r) => ({
      ...r,
      oldText: text.slice(r.start, r.end),
      newText: picked.value,
    }));
    return report(await applyPlan(editor, doc.version, { edits, skipped: [] }));
  }
  // In place of the URL at each cursor, as one edit.
  const { found, values, skipped } = formAtEachCursor(src, picked, config);
  const edits: PlannedEdit[] = found.map((u, i) => ({
    start: u.start,
    end: u.end,
    oldText: u.text,
    newText: values[i],
  }));
  return report(await applyPlan(editor, src.at.version, { edits, skipped }));
}

/** Copies the form (of the URL at each cursor, one per line, as VS Code copies multi-cursor text). */
async function copy(src: Source, picked: FormItem, config: Config): Promise<void> {
  const values = src.at ? formAtEachCursor(src, picked, config).values : [picked.value];
  await vscode.env.clipboard.writeText(values.join('\n'));
  vscode.window.setStatusBarMessage(vscode.l10n.t('AMP URL: copied to the clipboard'), 3000);
}

export async function showAllForms(
  config: Config,
  args: ShowAllFormsArgs = {},
): Promise<ShowAllFormsResult> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- executeCommand callers are untyped
  const a = args && typeof args === 'object' ? args : {};
  const src = source(a);
  if (!src) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No URL at the cursor.'));
    return { forms: [] };
  }
  const forms = formItems(src.url, src.editor, config);
  let picked: FormItem | undefined;
  let action = a.action;
  if (a.form !== undefined) {
    picked = forms.find((f) => f.id === a.form);
    if (!picked)
      void vscode.window.showWarningMessage(
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- may be any value
        vscode.l10n.t('No form "{0}" for this URL.', String(a.form)),
      );
  } else {
    const choice = await pick(forms, src.url);
    picked = choice?.item;
    action ??= choice?.insert ? 'insert' : 'copy';
  }
  if (!picked) return { url: src.url, forms };
  action ??= 'copy';
  if (action === 'insert')
    return { url: src.url, forms, picked, action, summary: await insert(src, picked, config) };
  await copy(src, picked, config);
  return { url: src.url, forms, picked, action };
}
