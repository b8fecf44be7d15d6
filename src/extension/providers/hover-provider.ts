// The hover on any URL: every form of it, with Copy / Replace / Open links to our commands only.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { pointerRestsAt } from '../context-keys';
import { candidatesOf, inScope, urlAtPosition } from '../documents';
import { computeForms } from '../../shared/forms';
import { HOVER_COMMANDS, hoverMarkdown } from '../logic/hover-markdown';

/** The MarkdownString settings for text built from a document: our commands only, no icons, no HTML. */
function safeMarkdown(value: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(value, false);
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

class HoverProvider implements vscode.HoverProvider {
  constructor(private readonly config: Config) {}

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    pointerRestsAt(doc, pos); // the "Replace with…" menu items follow the mouse too (see context-keys.ts)
    const s = this.config.settings;
    if (!s.hoverEnabled || s.hoverSections.size === 0 || !inScope(doc, pos.line, s))
      return undefined;
    const found = urlAtPosition(doc, pos);
    if (!found) return undefined;
    const range = new vscode.Range(pos.line, found.start, pos.line, found.end);
    const forms = computeForms(found.url, s, {
      sections: s.hoverSections,
      candidates: candidatesOf(doc),
      t: vscode.l10n.t,
    });
    const target = {
      uri: doc.uri.toString(),
      start: doc.offsetAt(range.start),
      end: doc.offsetAt(range.end),
      expected: found.text,
    };
    return new vscode.Hover(safeMarkdown(hoverMarkdown(forms, target, vscode.l10n.t)), range);
  }
}

export function registerHoverProvider(config: Config): vscode.Disposable {
  return vscode.languages.registerHoverProvider('*', new HoverProvider(config));
}
