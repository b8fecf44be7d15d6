// Quick fixes for the AMP URL diagnostics, and "Fix all AMP URLs in file" as source.fixAll.ampUrl,
// so `"editor.codeActionsOnSave": { "source.fixAll.ampUrl": "explicit" }` de-AMPs on save.
import * as vscode from 'vscode';
import type { Config } from '../config';
import {
  DIAGNOSTIC_CODE,
  DIAGNOSTIC_SOURCE,
  diagnosticsEnabled,
  editRange,
  publisherEdits,
} from './diagnostics';

export const FIX_ALL = vscode.CodeActionKind.SourceFixAll.append('ampUrl');

export class FixAll implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix, FIX_ALL];

  constructor(private readonly config: Config) {}

  provideCodeActions(
    doc: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter(
      (d) => d.source === DIAGNOSTIC_SOURCE && d.code === DIAGNOSTIC_CODE,
    );
    const only = context.only;
    // Asked for by name (codeActionsOnSave, "Fix All"), or offered beside our own diagnostics. A
    // generic `source.fixAll` (another linter's on-save setting) runs it only when the Problems
    // are on: de-AMPing is never a side effect of someone else's setting.
    const explicit = only !== undefined && FIX_ALL.contains(only);
    const wantFixAll = explicit || (diagnosticsEnabled() && (!only || only.contains(FIX_ALL)));
    const wantQuickFix =
      ours.length > 0 && (!only || only.contains(vscode.CodeActionKind.QuickFix));
    if (!wantFixAll && !wantQuickFix) return [];
    const edits = publisherEdits(doc, this.config.settings);
    const actions: vscode.CodeAction[] = [];
    if (wantQuickFix) {
      for (const d of ours) {
        const e = edits.find((x) => editRange(x).isEqual(d.range));
        if (!e) continue; // the text changed since the diagnostic
        const fix = new vscode.CodeAction(
          vscode.l10n.t('Replace with publisher URL'),
          vscode.CodeActionKind.QuickFix,
        );
        fix.diagnostics = [d];
        fix.isPreferred = true;
        fix.edit = new vscode.WorkspaceEdit();
        fix.edit.replace(doc.uri, d.range, e.newText);
        actions.push(fix);
      }
    }
    if (wantFixAll && edits.length > 0) {
      const all = new vscode.CodeAction(vscode.l10n.t('Fix all AMP URLs in file'), FIX_ALL);
      all.edit = new vscode.WorkspaceEdit();
      for (const e of edits) all.edit.replace(doc.uri, editRange(e), e.newText);
      all.diagnostics = ours;
      actions.push(all);
    }
    return actions;
  }
}

export function registerFixAll(config: Config): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider('*', new FixAll(config), {
    providedCodeActionKinds: FixAll.providedCodeActionKinds,
  });
}
