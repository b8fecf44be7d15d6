// Hardening in real VS Code (issue 7): above the configured limits hover and context keys are
// silent; outside ampUrl.languages there is no code action and no context key.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { hoverStrings, ours } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  codeActionsAt,
  openDoc,
  resetConfig,
  setConfig,
  waitFor,
} from './util';

/** Records the extension's `setContext` calls for our keys (the extension shares this API object). */
function spyOnContextKeys(): { calls: [string, unknown][]; restore: () => void } | undefined {
  const commands = vscode.commands as { executeCommand: typeof vscode.commands.executeCommand };
  const original = commands.executeCommand;
  const calls: [string, unknown][] = [];
  const spy = ((id: string, ...args: unknown[]) => {
    if (id === 'setContext' && String(args[0]).startsWith('ampUrl.'))
      calls.push([String(args[0]), args[1]]);
    return original.call(vscode.commands, id, ...args);
  }) as typeof original;
  try {
    commands.executeCommand = spy;
  } catch {
    return undefined;
  }
  return commands.executeCommand === spy
    ? { calls, restore: () => void (commands.executeCommand = original) }
    : undefined;
}

describe('hardening: limits', () => {
  const URL_ = 'https://example.com/amp_document.html';
  before(activateExtension);
  afterEach(async () => {
    await resetConfig('limits.maxLineLength', 'limits.maxDocumentSize', 'languages');
    await closeAllEditors();
  });

  it('ampUrl.languages: outside them no code action and no context key; inside, both (and onCacheUrl on a cache URL)', async () => {
    const spy = spyOnContextKeys();
    assert.ok(spy, 'cannot observe setContext: vscode.commands is not writable here');
    const CACHE_ = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
    const actionsAt = async (doc: vscode.TextDocument, line: number) =>
      ours(await codeActionsAt(doc, new vscode.Range(line, 12, line, 12))).map((a) => a.title);
    try {
      await setConfig('languages', ['markdown']);
      const plain = await openDoc(`${URL_}\n${CACHE_}`);
      assert.deepStrictEqual(
        await actionsAt(plain.document, 0),
        [],
        'code actions in a language left out',
      );
      const seen = spy.calls.length;
      plain.selection = new vscode.Selection(0, 12, 0, 12);
      plain.selection = new vscode.Selection(1, 12, 1, 12);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepStrictEqual(
        spy.calls.slice(seen).filter(([, v]) => v === true),
        [],
        'a context key was set in a language left out',
      );

      const md = await openDoc(`${URL_}\n${CACHE_}`, 'markdown');
      // Asked until they come: right after a document opens the workbench may not have its model yet.
      await waitFor(
        async () =>
          (await actionsAt(md.document, 0)).includes('Replace with AMP Cache URL')
            ? true
            : undefined,
        'a code action in markdown',
      );
      md.selection = new vscode.Selection(0, 12, 0, 12);
      await waitFor(
        () => spy.calls.some(([k, v]) => k === 'ampUrl.onPublisherUrl' && v === true),
        'onPublisherUrl on a publisher URL',
      );
      md.selection = new vscode.Selection(1, 12, 1, 12);
      await waitFor(
        () => spy.calls.some(([k, v]) => k === 'ampUrl.onCacheUrl' && v === true),
        'onCacheUrl on a cache URL',
      );
    } finally {
      spy.restore();
    }
  });

  it('above ampUrl.limits.maxLineLength: no hover and no code action on that line, the others still work', async () => {
    await setConfig('limits.maxLineLength', 200);
    const long = `${'x '.repeat(150)}${URL_}`;
    const doc = (await openDoc(`${URL_}\n${long}`)).document;
    const ours = (line: number, character: number) =>
      hoverStrings(doc, new vscode.Position(line, character));
    assert.strictEqual((await ours(0, 10)).length, 1);
    assert.strictEqual((await ours(1, long.indexOf(URL_) + 10)).length, 0);
    const actions =
      (await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        new vscode.Range(1, long.indexOf(URL_) + 10, 1, long.indexOf(URL_) + 10),
      )) ?? [];
    assert.deepStrictEqual(
      actions
        .filter((a) => a.command?.command.startsWith('ampUrl.') === true || /AMP|URL/.test(a.title))
        .map((a) => a.title),
      [],
    );
  });

  it('above ampUrl.limits.maxDocumentSize: no hover anywhere in the document', async () => {
    await setConfig('limits.maxDocumentSize', 1000);
    const doc = (await openDoc(`${URL_}\n${'words '.repeat(200)}`)).document;
    assert.deepStrictEqual(await hoverStrings(doc, new vscode.Position(0, 10)), []);
  });

  it('the context key follows the cursor, but not onto a line above the cap', async () => {
    const spy = spyOnContextKeys();
    assert.ok(spy, 'cannot observe setContext: vscode.commands is not writable here');
    try {
      await setConfig('limits.maxLineLength', 200);
      const long = `${'x '.repeat(150)}${URL_}`;
      const editor = await openDoc(`${URL_}\nplain\n${long}`);
      const moveTo = (line: number, character: number) =>
        (editor.selection = new vscode.Selection(line, character, line, character));
      moveTo(0, 10);
      await waitFor(
        () => spy.calls.some(([k, v]) => k === 'ampUrl.onPublisherUrl' && v === true),
        'onPublisherUrl = true on a normal line',
      );
      moveTo(2, long.indexOf(URL_) + 10);
      await waitFor(() => spy.calls.at(-1)?.[1] === false, 'the key cleared on the long line');
      const seen = spy.calls.length;
      moveTo(2, long.indexOf(URL_) + 20);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepStrictEqual(
        spy.calls.slice(seen).filter(([, v]) => v === true),
        [],
        'a key was set on a line above the cap',
      );
      moveTo(0, 12);
      await waitFor(
        () => spy.calls.slice(seen).some(([k, v]) => k === 'ampUrl.onPublisherUrl' && v === true),
        'set again back on the normal line',
      );
    } finally {
      spy.restore();
    }
  });
});
