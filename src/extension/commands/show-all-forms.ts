// ampUrl.showAllForms: every form of the URL at the (primary) cursor in a Quick Pick; Enter copies
// the form, the item's button inserts it in place of the URL. With several cursors, the picked
// form (e.g. "AMP Cache URL") is taken for the URL at each cursor. The hover's link passes a
// LinkTarget (link-args.ts) instead: the URL there, re-read from the document. Nothing is copied
// or written unless the user picks it in the Quick Pick.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { candidatesOf, lineWindow, openDocument, selectionOffsets } from '../documents';
import { noIcons, plainMessage, truncate } from '../logic/escape';
import { computeForms } from '../../shared/forms';
import { formName } from '../../shared/names';
import { parseLinkTarget, type LinkTarget } from '../logic/link-args';
import { urlAtTarget } from '../logic/recompute';
import { writeUrl } from '../../shared/write-context';
import { urlsInSelection, type PlannedEdit, type Skip } from '../../shared/plan-edits';
import type { EditSummary } from '../../shared/summary';
import { applyPlan } from './apply';
import { report } from './report';

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
  /** The URL whose forms are listed: the primary cursor's, or the link target's. */
  url: string;
  doc: vscode.TextDocument;
  /** The editor showing `doc`, if any (a target's document may be open in no editor). */
  editor?: vscode.TextEditor;
  /** The URLs at every cursor (primary first), or the link target's. */
  at: { urls: Located[]; version: number };
}

/** The URL a hover link names, re-read from its document, or why not. */
function fromTarget(target: LinkTarget): Source | string {
  const doc = openDocument(target.uri);
  const w = doc && lineWindow(doc, target);
  if (!doc || !w) return vscode.l10n.t('The document of this link is not open; nothing was done.');
  const found = urlAtTarget(w, target, vscode.l10n.t);
  if (found.url === undefined) return found.refused;
  const editor =
    vscode.window.activeTextEditor?.document === doc
      ? vscode.window.activeTextEditor
      : vscode.window.visibleTextEditors.find((e) => e.document === doc);
  const located = { url: found.url, start: target.start, end: target.end, text: target.expected };
  return { url: found.url, doc, editor, at: { urls: [located], version: doc.version } };
}

function fromCursors(): Source | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const doc = editor.document;
  const text = doc.getText();
  // The primary selection is the first one; each cursor contributes the first URL it touches.
  const urls = selectionOffsets(doc, editor.selections).flatMap((range) => {
    const m = urlsInSelection(text, range, doc.languageId).at(0);
    return m ? [{ url: m.url, start: m.start, end: m.end, text: text.slice(m.start, m.end) }] : [];
  });
  if (urls.length === 0) return undefined;
  return { url: urls[0].url, doc, editor, at: { urls, version: doc.version } };
}

function formItems(url: string, doc: vscode.TextDocument, config: Config): FormItem[] {
  const candidates = candidatesOf(doc);
  const all = computeForms(url, config.settings, { candidates, t: vscode.l10n.t });
  const items: FormItem[] = all.forms
    .filter((f): f is typeof f & { value: string } => f.value !== undefined)
    .map((f) => ({
      id: f.id,
      label: f.matched
        ? vscode.l10n.t('{0} (matched against the domains in this document)', f.label)
        : f.label,
      value: f.value,
    }));
  all.hashes?.value?.forEach((h, i) =>
    items.push({
      id: `hash:${i}`,
      label: vscode.l10n.t('{0} of {1}', formName('hashPrefix', vscode.l10n.t), h.expression),
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
  src.at.urls.forEach((u, i) => {
    const value =
      i === 0
        ? picked.value
        : formItems(u.url, src.doc, config).find((f) => f.id === picked.id)?.value;
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

/** Writes the picked form in place of the URL at each cursor (or the link's), as one edit. */
async function insert(src: Source, picked: FormItem, config: Config): Promise<EditSummary> {
  const { found, values, skipped } = formAtEachCursor(src, picked, config);
  const text = src.doc.getText();
  const edits: PlannedEdit[] = [];
  found.forEach((u, i) => {
    // Written for what encloses the URL (an attribute, a string…), as every write is.
    const w = writeUrl(text, u.start, u.end, values[i], vscode.l10n.t, src.doc.languageId);
    if (w.text === undefined) skipped.push({ url: u.url, reason: w.refused });
    else edits.push({ start: u.start, end: u.end, oldText: u.text, newText: w.text });
  });
  if (src.editor) return report(await applyPlan(src.editor, src.at.version, { edits, skipped }));
  return report(await applyToDocument(src.doc, src.at.version, { edits, skipped }));
}

/** The plan as one WorkspaceEdit, for a document that no editor shows (one undo step there too). */
async function applyToDocument(
  doc: vscode.TextDocument,
  version: number,
  plan: { edits: PlannedEdit[]; skipped: Skip[] },
): Promise<EditSummary> {
  const stale = vscode.l10n.t(
    'The document changed before the edit could be made; nothing was written.',
  );
  if (plan.edits.length === 0) return { changed: 0, skipped: plan.skipped };
  if (doc.isClosed || doc.version !== version)
    return { changed: 0, skipped: plan.skipped, aborted: stale };
  const edit = new vscode.WorkspaceEdit();
  for (const e of plan.edits)
    edit.replace(
      doc.uri,
      new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)),
      e.newText,
    );
  const ok = await vscode.workspace.applyEdit(edit);
  return ok
    ? { changed: plan.edits.length, skipped: plan.skipped }
    : { changed: 0, skipped: plan.skipped, aborted: stale };
}

/** Copies the form (of the URL at each cursor, one per line, as VS Code copies multi-cursor text). */
async function copy(src: Source, picked: FormItem, config: Config): Promise<void> {
  const values = formAtEachCursor(src, picked, config).values;
  await vscode.env.clipboard.writeText(values.join('\n'));
  vscode.window.setStatusBarMessage(vscode.l10n.t('AMP URL: copied to the clipboard'), 3000);
}

/**
 * `args`: nothing (the URL at each cursor) or a hover link's target `{uri, start, end, expected}`.
 * Anything else is refused; what happens next is only what the user picks.
 */
export async function showAllForms(
  config: Config,
  ...args: unknown[]
): Promise<ShowAllFormsResult> {
  let src: Source | string | undefined;
  if (args.length === 0 || (args.length === 1 && args[0] === undefined)) src = fromCursors();
  else {
    const target = args.length === 1 ? parseLinkTarget(args[0]) : undefined;
    src =
      target && target.form === undefined
        ? fromTarget(target)
        : vscode.l10n.t('This link is not one the AMP URL hover made; nothing was done.');
  }
  if (typeof src === 'string') {
    void vscode.window.showWarningMessage(plainMessage(src));
    return { forms: [] };
  }
  if (!src) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No URL at the cursor.'));
    return { forms: [] };
  }
  const forms = formItems(src.url, src.doc, config);
  const choice = await pick(forms, src.url);
  if (!choice) return { url: src.url, forms };
  const picked = choice.item;
  if (choice.insert)
    return {
      url: src.url,
      forms,
      picked,
      action: 'insert',
      summary: await insert(src, picked, config),
    };
  await copy(src, picked, config);
  return { url: src.url, forms, picked, action: 'copy' };
}
