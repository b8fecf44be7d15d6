// Helpers for integration tests running inside the real extension host.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
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

const EXTENSIONS: Record<string, string> = {
  plaintext: 'txt',
  markdown: 'md',
  json: 'json',
  html: 'html',
  typescript: 'ts',
  xml: 'xml',
  css: 'css',
  javascript: 'js',
};
let tempDir: string | undefined;
let opened = 0;

/**
 * Opens `content` from a new file of its own and shows it in the active editor. Not an untitled
 * document: after a close VS Code reuses the name (Untitled-1 again), and the extension host was
 * seen answering for the previous document's text under that name. The files go into one folder
 * per run, removed by removeTempFiles() when the run ends.
 */
export async function openDoc(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  tempDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-itest-docs-'));
  const file = path.join(tempDir, `doc-${++opened}.${EXTENSIONS[language] ?? 'txt'}`);
  fs.writeFileSync(file, content);
  const editor = await vscode.window.showTextDocument(
    await vscode.workspace.openTextDocument(vscode.Uri.file(file)),
  );
  assert.strictEqual(editor.document.languageId, language);
  assertSameText(editor.document.getText(), content, `${file} as opened`);
  assert.ok(vscode.window.activeTextEditor === editor, `${file} is not in the active editor`);
  return editor;
}

/** Asserts two texts are equal, naming the first difference (strictEqual's diff of 5 MB would drown the report). */
export function assertSameText(actual: string, expected: string, what: string): void {
  if (actual === expected) return;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  const around = (t: string) => JSON.stringify(t.slice(Math.max(0, i - 20), i + 20));
  assert.fail(
    `${what}: differs at offset ${i} (lengths ${actual.length} and ${expected.length}): ${around(actual)} instead of ${around(expected)}`,
  );
}

/** Removes the files openDoc wrote (at the end of the run). */
export function removeTempFiles(): void {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
  tempDir = undefined;
}

/** Opens a file of test/fixtures (a real file on disk) in the active editor. */
export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(
    vscode.Uri.file(path.join(fixturesDir, name)),
  );
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
export async function hoverAt(
  doc: vscode.TextDocument,
  at: vscode.Position | string,
): Promise<string[]> {
  const pos = typeof at === 'string' ? positionOf(doc, at, Math.floor(at.length / 2)) : at;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    doc.uri,
    pos,
  );
  // VS Code hands every hover content back as a MarkdownString (a plain string only in old API).
  return hovers.flatMap((h) =>
    h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value)),
  );
}

/** The code actions (quick fixes, refactorings) offered for a range (or the text `needle`). */
export async function codeActionsAt(
  doc: vscode.TextDocument,
  at: vscode.Range | string,
  kind?: vscode.CodeActionKind,
): Promise<vscode.CodeAction[]> {
  const range = typeof at === 'string' ? rangeOf(doc, at) : at;
  return (
    (await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      range,
      kind?.value,
    )) ?? []
  );
}

/** Changes an `ampUrl.*` setting (user level); `undefined` resets it. */
export async function setConfig(key: string, value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('ampUrl')
    .update(key, value, vscode.ConfigurationTarget.Global);
}

/** Resets these `ampUrl.*` settings to their defaults. */
export async function resetConfig(...keys: string[]): Promise<void> {
  for (const key of keys) await setConfig(key, undefined);
}

/** Waits until `check` returns a truthy value (the extension reacts to events asynchronously). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 5000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
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

/**
 * Watches the extension host's event loop with a 5 ms heartbeat; stop() gives the longest gap
 * (ms), i.e. how long the host was kept busy at a time. For the log only: no timed assertions.
 */
export function watchEventLoop(): { stop: () => number } {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  return {
    stop: () => (clearInterval(timer), Math.round(Math.max(worst, performance.now() - last))),
  };
}
