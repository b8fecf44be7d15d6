// Helpers for integration tests running inside the real extension host.
import * as assert from 'node:assert';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'amp-url-toolkit.amp-url-toolkit';

/** test/fixtures, opened as the workspace folder. */
export const fixturesDir = path.resolve(__dirname, '../../../../test/fixtures');

/** Activates the extension under test and returns it. */
export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  await ext.activate();
  return ext;
}

/** Opens an untitled document with this text and language, shown in the active editor. */
export async function openDoc(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument({ content, language });
  return vscode.window.showTextDocument(doc);
}

/** Opens a file of test/fixtures (a real file on disk) in the active editor. */
export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(fixturesDir, name)));
  return vscode.window.showTextDocument(doc);
}

/** Position of the first occurrence of `needle` (plus `delta` characters) in the document. */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `${JSON.stringify(needle)} is not in the document`);
  return doc.positionAt(offset + delta);
}

/** Range of the first occurrence of `needle` in the document. */
export function rangeOf(doc: vscode.TextDocument, needle: string): vscode.Range {
  const start = positionOf(doc, needle);
  return new vscode.Range(start, doc.positionAt(doc.offsetAt(start) + needle.length));
}

/** Puts one cursor (an empty selection) inside each of these substrings. */
export function placeCursors(editor: vscode.TextEditor, ...needles: string[]): void {
  editor.selections = needles.map((n) => {
    const pos = positionOf(editor.document, n, Math.floor(n.length / 2));
    return new vscode.Selection(pos, pos);
  });
}

/** Selects each of these substrings. */
export function selectText(editor: vscode.TextEditor, ...needles: string[]): void {
  editor.selections = needles.map((n) => {
    const r = rangeOf(editor.document, n);
    return new vscode.Selection(r.start, r.end);
  });
}

/** The Markdown of every hover that all providers give at a position (or inside `needle`). */
export async function hoverAt(doc: vscode.TextDocument, at: vscode.Position | string): Promise<string[]> {
  const pos = typeof at === 'string' ? positionOf(doc, at, Math.floor(at.length / 2)) : at;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
}

/** The code actions (quick fixes, refactorings) offered for a range (or the text `needle`). */
export async function codeActionsAt(doc: vscode.TextDocument, at: vscode.Range | string): Promise<vscode.CodeAction[]> {
  const range = typeof at === 'string' ? rangeOf(doc, at) : at;
  return (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range)) ?? [];
}

/** Changes an `ampUrl.*` setting (user level); `undefined` resets it. */
export async function setConfig(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('ampUrl').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Resets these `ampUrl.*` settings to their defaults. */
export async function resetConfig(...keys: string[]): Promise<void> {
  for (const key of keys) await setConfig(key, undefined);
}

/** Waits until `check` returns a truthy value (the extension reacts to events asynchronously). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Closes every editor, discarding changes (closeAllEditors would block on a save dialog). */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 100 && vscode.window.tabGroups.all.some((g) => g.tabs.length > 0); i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** Undoes the last edit in the active editor. */
export async function undo(): Promise<void> {
  await vscode.commands.executeCommand('undo');
}
