// Restricted Mode: the repository decides nothing. The untrusted folder's .vscode/settings.json
// (test/fixtures/untrusted-workspace) sets ampUrl.workspace.maxFileSize to 1e12, turns the
// Problems on and asks for `source.fixAll.ampUrl` on save; none of it may take effect, while
// the same settings made by the user do (each test checks both, so none passes by doing nothing).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceResult } from '../../../src/extension/workspace/report';
import { DEFAULT_MAX_FILE_SIZE } from '../../../src/shared/file-size-limit';
import { CACHE, PUB, run } from '../suite/ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  fixturesDir,
  openDoc,
  resetConfig,
  setConfig,
  waitFor,
} from '../suite/util';

const FOLDER = path.join(fixturesDir, 'untrusted-workspace');
const ours = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'AMP URL');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets the user's own editor.codeActionsOnSave (undefined removes it). */
async function userOnSave(value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('editor')
    .update('codeActionsOnSave', value, vscode.ConfigurationTarget.Global);
}

describe('untrusted workspace: the repository decides nothing', () => {
  before(activateExtension);
  afterEach(async () => {
    await resetConfig('diagnostics.enabled', 'workspace.maxFileSize');
    await userOnSave(undefined);
    await closeAllEditors();
  });

  it('the hostile settings are there, and untrusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const file = path.join(FOLDER, '.vscode', 'settings.json');
    const hostile = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.equal(hostile['ampUrl.workspace.maxFileSize'], 1e12);
    assert.equal(hostile['ampUrl.diagnostics.enabled'], true);
    // VS Code leaves restricted settings' workspace values out (package.json
    // restrictedConfigurations); the extension reads them as user values anyway (settings.ts).
    const ampUrl = vscode.workspace.getConfiguration('ampUrl');
    assert.equal(ampUrl.inspect('workspace.maxFileSize')?.workspaceValue, undefined);
    assert.equal(ampUrl.inspect('diagnostics.enabled')?.workspaceValue, undefined);
    // codeActionsOnSave is VS Code's own setting: its workspace value is there, and applies
    // unless the extension checks who asked (fix-all.ts).
    const onSave = vscode.workspace.getConfiguration('editor').inspect('codeActionsOnSave');
    assert.deepEqual(onSave?.workspaceValue, { 'source.fixAll.ampUrl': 'explicit' });
  });

  it('ampUrl.workspace.maxFileSize of 1e12 is ignored: a 6 MB file is not read', async () => {
    const dir = path.join(FOLDER, 'big-itest');
    fs.mkdirSync(dir, { recursive: true });
    try {
      const big = `${'x'.repeat(6_000_000)} ${CACHE}\n`;
      assert.ok(big.length > DEFAULT_MAX_FILE_SIZE);
      fs.writeFileSync(path.join(dir, 'big.txt'), big);
      fs.writeFileSync(path.join(dir, 'small.txt'), `small ${CACHE}\n`);
      const result = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
        include: 'big-itest/**',
        exclude: '',
        preview: false,
      });
      assert.equal(result.skippedFiles.tooLarge, 1, JSON.stringify(result));
      assert.equal(result.edits, 1, 'the small file is converted');
      assert.equal(fs.readFileSync(path.join(dir, 'big.txt'), 'utf8'), big);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the workspace's ampUrl.diagnostics.enabled is ignored; the user's own turns them on", async () => {
    const editor = await openDoc(`see ${CACHE}\n`, 'markdown');
    const uri = editor.document.uri;
    // Long past the 300 ms debounce: had the workspace value counted, the problem would be there.
    await sleep(1500);
    assert.deepEqual(ours(uri), []);
    await setConfig('diagnostics.enabled', true);
    const [d] = await waitFor(() => (ours(uri).length === 1 ? ours(uri) : undefined), 'a problem');
    assert.equal(d.message, `AMP Cache URL: use the publisher URL ${PUB}`);
    await resetConfig('diagnostics.enabled');
    await waitFor(() => ours(uri).length === 0, 'the problems cleared');
  });

  it("the repository's codeActionsOnSave does not rewrite on save; the user's own does", async () => {
    const line1 = `first ${CACHE}`;
    // Inside the folder: the folder's settings apply to its files only.
    const dir = path.join(FOLDER, 'save-itest');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `doc-${Date.now()}.md`);
    fs.writeFileSync(file, `${line1}\nsecond line\n`);
    after(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(vscode.Uri.file(file)),
    );
    const doc = editor.document;
    assert.equal(doc.languageId, 'markdown');
    // The repository's setting reaches this file (the test would mean nothing otherwise).
    assert.deepEqual(vscode.workspace.getConfiguration('editor', doc).get('codeActionsOnSave'), {
      'source.fixAll.ampUrl': 'explicit',
    });
    const typeAndSave = async (word: string) => {
      await editor.edit((b) => {
        b.insert(new vscode.Position(1, 0), `${word} `);
      });
      // What Ctrl+S runs: an explicit save of the active editor, with its save participants.
      await vscode.commands.executeCommand('workbench.action.files.save');
      await waitFor(() => !doc.isDirty, 'the save');
    };
    await typeAndSave('one');
    assert.equal(doc.lineAt(0).text, line1, 'line 1 unchanged');
    assert.equal(fs.readFileSync(doc.uri.fsPath, 'utf8'), `${line1}\none second line\n`);

    // Control: the same setting at user level (language-specific, as a user may set it) runs it.
    await vscode.workspace
      .getConfiguration('editor', { languageId: 'markdown' })
      .update(
        'codeActionsOnSave',
        { 'source.fixAll.ampUrl': 'explicit' },
        vscode.ConfigurationTarget.Global,
        true,
      );
    try {
      await typeAndSave('two');
      assert.equal(doc.lineAt(0).text, `first ${PUB}`);
      assert.equal(fs.readFileSync(doc.uri.fsPath, 'utf8'), `first ${PUB}\ntwo one second line\n`);
    } finally {
      await vscode.workspace
        .getConfiguration('editor', { languageId: 'markdown' })
        .update('codeActionsOnSave', undefined, vscode.ConfigurationTarget.Global, true);
    }
  });
});
