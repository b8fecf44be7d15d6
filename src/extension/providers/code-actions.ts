// Refactor actions (and lightbulb entries) on the URL at the cursor: Replace with AMP Cache URL /
// publisher URL, Normalize URL, Canonicalize URL (logic/code-action-offers.ts). Each carries its
// edit, so one undo reverts it; one that can't apply (already in that form, refused) is offered
// disabled: VS Code 1.100 leaves it out of the lightbulb and the Refactor menu until "Show
// Disabled" is clicked there, then shows it faded, by its title only (the disabled reason is
// shown nowhere), so the reason goes in the title: "Normalize URL (already in this form)". In the lightbulb, a URL that
// has an AMP URL problem gets "Replace with publisher URL" once: as the problem's quick fix.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { inScope, textReader, urlAtPosition } from '../documents';
import { codeActionOffers } from '../logic/code-action-offers';
import { noIcons, plainMessage, truncate } from '../logic/escape';
import { writeUrlAt } from '../../shared/write-context';
import { DIAGNOSTIC_CODE, DIAGNOSTIC_SOURCE } from './diagnostics';

const REWRITE = vscode.CodeActionKind.RefactorRewrite.append('ampUrl');
/** Longest reason put in a disabled action's title (the menu is one line per action). */
const MAX_REASON = 80;

class CodeActions implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [REWRITE];

  constructor(private readonly config: Config) {}

  provideCodeActions(
    doc: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const s = this.config.settings;
    const pos = range instanceof vscode.Selection ? range.active : range.start;
    if (!inScope(doc, pos.line, s)) return [];
    const found = urlAtPosition(doc, pos);
    if (!found) return [];
    const urlRange = new vscode.Range(pos.line, found.start, pos.line, found.end);
    // The quick fix sees what convert all sees: the text around the URL, not only its line.
    const start = doc.offsetAt(urlRange.start);
    const end = start + found.end - found.start;
    const at = {
      url: found.url,
      write: (url: string) =>
        writeUrlAt(textReader(doc), start, end, url, vscode.l10n.t, doc.languageId),
    };
    // The lightbulb (no kind asked for) beside our problem: its quick fix is the conversion.
    const fixedByQuickFix =
      context.only === undefined &&
      context.diagnostics.some(
        (d) =>
          d.source === DIAGNOSTIC_SOURCE && d.code === DIAGNOSTIC_CODE && d.range.isEqual(urlRange),
      );
    const offers = codeActionOffers(at, s, vscode.l10n.t).filter(
      (o) => !(fixedByQuickFix && o.target === 'publisher'),
    );
    return offers.map((offer) => {
      const action = new vscode.CodeAction(offer.title, REWRITE.append(offer.sub));
      if (offer.text === undefined) {
        const reason = plainMessage(noIcons(truncate(offer.reason ?? '', MAX_REASON)));
        action.title = vscode.l10n.t('{0} ({1})', offer.title, reason);
        action.disabled = { reason };
      } else {
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(doc.uri, urlRange, offer.text);
      }
      return action;
    });
  }
}

export function registerCodeActions(config: Config): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider('*', new CodeActions(config), {
    providedCodeActionKinds: CodeActions.providedCodeActionKinds,
  });
}
