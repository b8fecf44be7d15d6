// Refactor actions (and lightbulb entries) on the URL at the cursor: Replace with AMP Cache URL /
// publisher URL, Normalize URL, Canonicalize URL. Each carries its edit, so one undo reverts it.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { inScope, urlAtPosition } from '../documents';
import { classify } from '../logic/classify';
import { makeTransform, type Target } from '../logic/transforms';
import { writeUrlAt } from '../logic/write-context';

const REWRITE = vscode.CodeActionKind.RefactorRewrite.append('ampUrl');

export class CodeActions implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [REWRITE];

  constructor(private readonly config: Config) {}

  provideCodeActions(
    doc: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
  ): vscode.CodeAction[] {
    const s = this.config.settings;
    const pos = range instanceof vscode.Selection ? range.active : range.start;
    if (!inScope(doc, pos.line, s)) return [];
    const found = urlAtPosition(doc, pos);
    if (!found) return [];
    const urlRange = new vscode.Range(pos.line, found.start, pos.line, found.end);
    const kind = classify(found.url, s.caches).kind;
    const offers: [Target, string, string][] = [
      kind === 'publisher'
        ? ['cache', vscode.l10n.t('Replace with AMP Cache URL'), 'cache']
        : ['publisher', vscode.l10n.t('Replace with publisher URL'), 'publisher'],
      ['normalized', vscode.l10n.t('Normalize URL'), 'normalize'],
      ['canonical', vscode.l10n.t('Canonicalize URL'), 'canonicalize'],
    ];
    const read = (from: number, to: number) =>
      doc.getText(new vscode.Range(doc.positionAt(from), doc.positionAt(to)));
    const actions: vscode.CodeAction[] = [];
    for (const [target, title, sub] of offers) {
      const r = makeTransform(target, s, {}, vscode.l10n.t)(found.url);
      if (r.text === undefined) continue; // refused or already in that form: nothing to offer
      const at = doc.offsetAt(urlRange.start);
      const end = at + found.end - found.start;
      const w = writeUrlAt(read, at, end, r.text, vscode.l10n.t, doc.languageId);
      if (w.text === undefined) continue; // can't be written there without breaking its surroundings
      const action = new vscode.CodeAction(title, REWRITE.append(sub));
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(doc.uri, urlRange, w.text);
      actions.push(action);
    }
    return actions;
  }
}

export function registerCodeActions(config: Config): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider('*', new CodeActions(config), {
    providedCodeActionKinds: CodeActions.providedCodeActionKinds,
  });
}
