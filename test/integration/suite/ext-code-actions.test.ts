// Refactor actions (lightbulb) through vscode.executeCodeActionProvider, applied as real edits.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { CACHE, PUB, ours, someActions } from './ext-helpers';
import { activateExtension, closeAllEditors, codeActionsAt, openDoc, undo } from './util';

describe('extension: code actions', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('a publisher URL offers Replace with AMP Cache URL, Normalize URL, Canonicalize URL', async () => {
    const url = 'HTTP://Example.COM:80/a/./b.html';
    const editor = await openDoc(`see ${url} there`, 'markdown');
    const actions = await someActions(editor.document, new vscode.Range(0, 6, 0, 6));
    assert.deepStrictEqual(
      actions.map((a) => a.title),
      ['Replace with AMP Cache URL', 'Normalize URL', 'Canonicalize URL'],
    );
    assert.deepStrictEqual(
      actions.map((a) => a.kind?.value),
      [
        'refactor.rewrite.ampUrl.cache',
        'refactor.rewrite.ampUrl.normalize',
        'refactor.rewrite.ampUrl.canonicalize',
      ],
    );
    const normalize = actions[1];
    assert.ok(normalize.edit);
    assert.ok(await vscode.workspace.applyEdit(normalize.edit));
    assert.strictEqual(editor.document.getText(), 'see http://example.com/a/b.html there');
    await undo();
    assert.strictEqual(editor.document.getText(), `see ${url} there`);
  });

  it('a cache URL offers Replace with publisher URL, which reverses it', async () => {
    const editor = await openDoc(`"${CACHE}"`, 'json');
    const actions = await someActions(editor.document, new vscode.Range(0, 10, 0, 10));
    const reverse = actions.find((a) => a.title === 'Replace with publisher URL');
    assert.ok(reverse?.edit, actions.map((a) => a.title).join());
    assert.ok(!actions.some((a) => a.title === 'Replace with AMP Cache URL'));
    assert.ok(await vscode.workspace.applyEdit(reverse.edit));
    assert.strictEqual(editor.document.getText(), `"${PUB}"`);
  });

  it('a JSON-escaped URL (https:\\/\\/) is replaced by an escaped AMP Cache URL: the JSON value is the cache URL', async () => {
    const escape = (u: string) => u.replaceAll('/', '\\/');
    const editor = await openDoc(`{"url":"${escape(PUB)}"}`, 'json');
    const actions = await someActions(editor.document, new vscode.Range(0, 12, 0, 12));
    const toCache = actions.find((a) => a.title === 'Replace with AMP Cache URL');
    assert.ok(toCache?.edit, actions.map((a) => a.title).join());
    assert.ok(await vscode.workspace.applyEdit(toCache.edit));
    assert.strictEqual(editor.document.getText(), `{"url":"${escape(CACHE)}"}`);
    assert.deepStrictEqual(JSON.parse(editor.document.getText()), { url: CACHE });
  });

  it('nothing off a URL, nothing for a refused URL', async () => {
    const editor = await openDoc('no links here https://user:pw@[::1]/', 'plaintext');
    assert.deepStrictEqual(
      ours(await codeActionsAt(editor.document, new vscode.Range(0, 2, 0, 2))),
      [],
    );
    const refused = ours(await codeActionsAt(editor.document, new vscode.Range(0, 20, 0, 20)));
    assert.ok(!refused.some((a) => a.title === 'Replace with AMP Cache URL'));
  });

  // What VS Code offers on each kind of URL (README, "Quick fixes"). VS Code's API returns the
  // enabled actions only; the disabled ones and their reasons are unit-tested
  // (test/unit/extension/code-action-offers.test.ts).
  it('per kind: the actions VS Code offers', async () => {
    const cases: [string, string[]][] = [
      [PUB, ['Replace with AMP Cache URL']],
      [CACHE, ['Replace with publisher URL']],
      [
        'https://www.google.com/amp/s/example.com/amp_document.html',
        ['Replace with publisher URL'],
      ],
      [
        'https://example-com.cdn.ampproject.org',
        ['Replace with publisher URL', 'Normalize URL', 'Canonicalize URL'],
      ],
    ];
    for (const [url, expected] of cases) {
      const editor = await openDoc(`x ${url} y`, 'plaintext');
      const at = new vscode.Range(0, 4, 0, 4);
      const titles = (await someActions(editor.document, at)).map((a) => a.title);
      assert.deepStrictEqual(titles, expected, url);
      await closeAllEditors();
    }
  });
});
