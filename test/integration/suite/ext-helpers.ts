// Helpers shared by the extension's integration tests (on top of the harness's util.ts).
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { codeActionsAt, waitFor } from './util';

export const PUB = 'https://example.com/amp_document.html';
export const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
export const OUR_COMMANDS = ['ampUrl.copy', 'ampUrl.replace', 'ampUrl.open', 'ampUrl.showAllForms'];

/** The summary every editing command returns (src/shared/summary.ts). */
export interface Summary {
  changed: number;
  skipped: { url: string; reason: string }[];
  aborted?: string;
}

export async function run<T = Summary>(command: string, ...args: unknown[]): Promise<T> {
  return vscode.commands.executeCommand<T>(command, ...args);
}

/** Every MarkdownString of every hover at a position (or inside `needle`). */
export async function hoverMarkdown(
  doc: vscode.TextDocument,
  at: vscode.Position | string,
): Promise<vscode.MarkdownString[]> {
  const pos =
    typeof at === 'string'
      ? doc.positionAt(doc.getText().indexOf(at) + Math.floor(at.length / 2))
      : at;
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[] | undefined>(
      'vscode.executeHoverProvider',
      doc.uri,
      pos,
    )) ?? [];
  return hovers
    .flatMap((h) => h.contents)
    .filter((c): c is vscode.MarkdownString => typeof c === 'object' && 'value' in c);
}

/** The hovers' MarkdownStrings at a position (or inside `needle`), ours only. */
export async function hoverStrings(
  doc: vscode.TextDocument,
  at: vscode.Position | string,
): Promise<vscode.MarkdownString[]> {
  return (await hoverMarkdown(doc, at)).filter((md) => md.value.startsWith('AMP URL'));
}

/**
 * The Markdown of our hover at `at`; fails when there is none. Asked a few times: right after a
 * document opens or a setting changes, the first request can come back before the provider runs.
 */
export async function ourHover(
  doc: vscode.TextDocument,
  at: vscode.Position | string,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const md = (await hoverStrings(doc, at)).at(0);
    if (md) return md.value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const where = typeof at === 'string' ? at : `${at.line}:${at.character}`;
  assert.fail(`no AMP URL hover at ${where}`);
}

/** Our refactor actions among the actions offered. */
export const ours = (actions: vscode.CodeAction[]) =>
  actions.filter((a) => a.kind?.value.startsWith('refactor.rewrite.ampUrl'));

/**
 * Our actions where some are expected. Asked until they come: right after a document opens, the
 * workbench can answer before it has the document's model (seen once in ten runs on code-server).
 */
export async function someActions(
  doc: vscode.TextDocument,
  at: vscode.Range,
  kind?: vscode.CodeActionKind,
  what = 'our code actions',
): Promise<vscode.CodeAction[]> {
  return waitFor(async () => {
    const actions = ours(await codeActionsAt(doc, at, kind));
    return actions.length > 0 ? actions : undefined;
  }, what);
}

export { linkTargets, outsideCode } from '../../helpers/markdown';
