// Quick fixes for the AMP URL diagnostics, and "Fix all AMP URLs in file": in the lightbulb as a
// quick fix when the file has several problems, and as source.fixAll.ampUrl, so
// `"editor.codeActionsOnSave": { "source.fixAll.ampUrl": "explicit" }` de-AMPs on save.
// A lightbulb request (every cursor move beside a problem) computes nothing for the whole file:
// each quick fix reads its own URL, and the fix-all's edit is made when it is picked
// (resolveCodeAction), in slices. In an untrusted workspace, an automatic (on save) fix-all runs
// only when the user's own settings ask for it, never the repository's.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { textReader, urlAtPosition } from '../documents';
import { userAsksOnSave } from '../logic/code-action-offers';
import { makeTransform } from '../../shared/transforms';
import type { Settings } from '../../shared/settings';
import { writeUrlAt } from '../../shared/write-context';
import { DIAGNOSTIC_CODE, DIAGNOSTIC_SOURCE, publisherEdits } from './diagnostics';
import { count } from '../numbers';

const FIX_ALL = vscode.CodeActionKind.SourceFixAll.append('ampUrl');
/** The lightbulb's fix-all: a quick fix, listed beside the one for the URL at the cursor. */
const FIX_ALL_QUICK = vscode.CodeActionKind.QuickFix.append('ampUrl').append('fixAll');

const isOurs = (d: vscode.Diagnostic) =>
  d.source === DIAGNOSTIC_SOURCE && d.code === DIAGNOSTIC_CODE;

/** A fix-all whose edit is made when it is picked. */
class LazyFixAll extends vscode.CodeAction {
  constructor(
    kind: vscode.CodeActionKind,
    readonly doc: vscode.TextDocument,
  ) {
    super(vscode.l10n.t('Fix all AMP URLs in file'), kind);
  }
}

/** The quick fix of one diagnostic, read from the document as it is now (no fix if it changed). */
function quickFix(
  doc: vscode.TextDocument,
  d: vscode.Diagnostic,
  s: Settings,
): vscode.CodeAction | undefined {
  const r = d.range;
  if (r.start.line !== r.end.line || r.start.line >= doc.lineCount) return undefined;
  const found = urlAtPosition(doc, r.start);
  if (found?.start !== r.start.character || found.end !== r.end.character) return undefined;
  const url = makeTransform('publisher', s, {}, vscode.l10n.t)(found.url).text;
  if (url === undefined) return undefined;
  const start = doc.offsetAt(r.start);
  const w = writeUrlAt(
    textReader(doc),
    start,
    start + found.end - found.start,
    url,
    vscode.l10n.t,
    doc.languageId,
  );
  if (w.text === undefined) return undefined;
  const fix = new vscode.CodeAction(
    vscode.l10n.t('Replace with publisher URL'),
    vscode.CodeActionKind.QuickFix,
  );
  fix.diagnostics = [d];
  fix.isPreferred = true;
  fix.edit = new vscode.WorkspaceEdit();
  fix.edit.replace(doc.uri, r, w.text);
  return fix;
}

async function fixAllEdit(
  doc: vscode.TextDocument,
  s: Settings,
  token: vscode.CancellationToken,
): Promise<vscode.WorkspaceEdit | undefined> {
  let beyond = 0;
  const edits = await publisherEdits(doc, s, {
    cancelled: () => token.isCancellationRequested,
    beyondLine: () => beyond++,
  });
  if (edits && beyond > 0) tellBeyondLine(edits.length, beyond, s.limits.maxLineLength);
  if (!edits || edits.length === 0) return undefined;
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(doc.uri, e.range, e.newText);
  return edit;
}

export class FixAll implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix, FIX_ALL];

  constructor(private readonly config: Config) {}

  async provideCodeActions(
    doc: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[]> {
    const s = this.config.settings;
    const only = context.only;
    const actions: vscode.CodeAction[] = [];
    const ours = context.diagnostics.filter(isOurs);
    if (ours.length > 0 && (!only || only.contains(vscode.CodeActionKind.QuickFix))) {
      for (const d of ours) {
        const fix = quickFix(doc, d, s);
        if (fix) actions.push(fix);
      }
      const all = vscode.languages.getDiagnostics(doc.uri).filter(isOurs).length;
      if (actions.length > 0 && all > 1) {
        const fixAll = new LazyFixAll(FIX_ALL_QUICK, doc);
        fixAll.diagnostics = ours;
        actions.push(fixAll);
      }
    }
    if (only && this.wantsSourceFixAll(doc, only, context.triggerKind)) {
      // Asked for by its kind (on save, "Fix All"): the edit now. Listed in the Source Action
      // menu (`source`): made when picked.
      if (vscode.CodeActionKind.SourceFixAll.contains(only)) {
        const edit = await fixAllEdit(doc, s, token);
        if (edit) {
          const all = new vscode.CodeAction(vscode.l10n.t('Fix all AMP URLs in file'), FIX_ALL);
          all.edit = edit;
          all.diagnostics = ours;
          actions.push(all);
        }
      } else if (vscode.languages.getDiagnostics(doc.uri).some(isOurs)) {
        actions.push(new LazyFixAll(FIX_ALL, doc));
      }
    }
    return actions;
  }

  async resolveCodeAction(
    action: vscode.CodeAction,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction> {
    if (action instanceof LazyFixAll && !action.edit)
      action.edit = await fixAllEdit(action.doc, this.config.settings, token);
    return action;
  }

  /**
   * Whether a request of kind `only` gets the source fix-all. Asked for by name
   * (source.fixAll.ampUrl: codeActionsOnSave, "Fix all"); a generic `source.fixAll` or `source`
   * (another linter's on-save setting, the Source Action menu) only when the Problems are on:
   * de-AMPing is never a side effect of someone else's setting. Untrusted, an automatic request
   * (on save) only when the user's own codeActionsOnSave names that kind.
   */
  private wantsSourceFixAll(
    doc: vscode.TextDocument,
    only: vscode.CodeActionKind,
    trigger: vscode.CodeActionTriggerKind,
  ): boolean {
    const asked =
      FIX_ALL.contains(only) || (this.config.settings.diagnosticsEnabled && only.contains(FIX_ALL));
    if (!asked) return false;
    if (vscode.workspace.isTrusted || trigger !== vscode.CodeActionTriggerKind.Automatic)
      return true;
    const levels = vscode.workspace
      .getConfiguration('editor', { languageId: doc.languageId })
      .inspect('codeActionsOnSave');
    return userAsksOnSave([levels?.globalLanguageValue, levels?.globalValue], only.value);
  }
}

export function registerFixAll(config: Config): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider('*', new FixAll(config), {
    providedCodeActionKinds: FixAll.providedCodeActionKinds,
  });
}

/**
 * Says that a fix-all (on save too) left the URLs past `ampUrl.limits.maxLineLength` characters of
 * their line: a 10 MB one-line file is fixed only in its first 100,000 characters.
 */
function tellBeyondLine(fixed: number, left: number, limit: number): void {
  const t = vscode.l10n.t;
  void vscode.window.showWarningMessage(
    t(
      'AMP URL: fix all: {0} fixed, {1} left as written past character {2} of the line (ampUrl.limits.maxLineLength).',
      count(fixed),
      count(left),
      count(limit),
    ),
  );
}
