// The opt-in diagnostics and their fix-all in the real VS Code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CACHE, PUB } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  codeActionsAt,
  openDoc,
  resetConfig,
  setConfig,
  waitFor,
} from './util';
import { CACHE2, PUB2 } from './ws-tree';

describe('workspace diagnostics and fix-all (real VS Code)', () => {
  before(activateExtension);
  afterEach(async () => {
    await resetConfig('diagnostics.enabled');
    await closeAllEditors();
  });

  const ours = (uri: vscode.Uri) =>
    vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'AMP URL');

  it('is off by default; on, marks AMP Cache URLs with a quick fix and fixes all on request', async () => {
    const editor = await openDoc(`see ${CACHE}\nand ${PUB}\nand ${CACHE2}\n`);
    const doc = editor.document;
    // Explicitly asked for (as editor.codeActionsOnSave does), fix-all works even when off ...
    const explicit = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(0, 0, 0, 0),
      'source.fixAll.ampUrl',
    );
    assert.deepEqual(
      explicit.map((a) => a.title),
      ['Fix all AMP URLs in file'],
    );
    // ... but another linter's generic source.fixAll does not de-AMP.
    const generic = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(0, 0, 0, 0),
      'source.fixAll',
    );
    assert.ok(!generic.some((a) => a.title === 'Fix all AMP URLs in file'));
    assert.equal(ours(doc.uri).length, 0);

    await setConfig('diagnostics.enabled', true);
    const diagnostics = await waitFor(
      () => (ours(doc.uri).length === 2 ? ours(doc.uri) : undefined),
      'diagnostics',
    );
    assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Information);
    assert.ok(diagnostics[0].range.isEqual(new vscode.Range(0, 4, 0, 4 + CACHE.length)));
    const fixes = (await codeActionsAt(doc, CACHE)).filter(
      (a) => a.kind?.value === vscode.CodeActionKind.QuickFix.value,
    );
    assert.deepEqual(
      fixes.map((a) => a.title),
      ['Replace with publisher URL'],
    );

    const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(0, 0, 0, 0),
      'source.fixAll.ampUrl',
    );
    assert.ok(all[0].edit);
    assert.ok(await vscode.workspace.applyEdit(all[0].edit));
    assert.equal(doc.getText(), `see ${PUB}\nand ${PUB}\nand ${PUB2}\n`);
    await waitFor(() => ours(doc.uri).length === 0, 'diagnostics cleared after the fix');

    // Typing a new cache URL marks it again; turning the setting off clears it.
    await editor.edit((b) => {
      b.insert(new vscode.Position(0, 0), `${CACHE} `);
    });
    await waitFor(() => ours(doc.uri).length === 1, 'a diagnostic on the typed URL');
    await setConfig('diagnostics.enabled', false);
    await waitFor(() => ours(doc.uri).length === 0, 'diagnostics cleared when turned off');
  });

  it('fix-all past ampUrl.limits.maxLineLength says which URLs it left', async () => {
    // A one-line file: the first URL within the limit, the second past it.
    const text = `${CACHE} ${'x'.repeat(200)} ${CACHE2}`;
    const doc = (await openDoc(text)).document;
    await setConfig('limits.maxLineLength', 150);
    const warnings: string[] = [];
    const window = vscode.window as { showWarningMessage: (m: string) => Thenable<unknown> };
    const original = window.showWarningMessage;
    window.showWarningMessage = (m: string) => {
      warnings.push(m);
      return Promise.resolve(undefined);
    };
    try {
      const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        new vscode.Range(0, 0, 0, 0),
        'source.fixAll.ampUrl',
      );
      assert.ok(all[0]?.edit);
      assert.ok(await vscode.workspace.applyEdit(all[0].edit));
      assert.equal(doc.getText(), `${PUB} ${'x'.repeat(200)} ${CACHE2}`);
      assert.deepEqual(warnings, [
        'AMP URL: fix all: 1 fixed, 1 left as written past character 150 of the line (ampUrl.limits.maxLineLength).',
      ]);
    } finally {
      window.showWarningMessage = original;
      await resetConfig('limits.maxLineLength');
    }
  });
});
