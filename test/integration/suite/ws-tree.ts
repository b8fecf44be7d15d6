// The trees the workspace commands' tests (ext-workspace.test.ts, ext-workspace-files.test.ts,
// ext-workspace-diagnostics.test.ts) build inside the opened folder (test/fixtures/ws-itest/<n>/),
// the hooks of their describes (the extension activated, files.exclude set, the trees removed),
// and the edit built as the commands build it (also for ext-workspace-hostile.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  buildEditSliced,
  loadTexts,
  type BuildMode,
  type BuiltEdit,
} from '../../../src/extension/workspace/apply';
import {
  listWorkspaceFiles,
  scanFiles,
  type ScannedFile,
  type WorkspaceScan,
} from '../../../src/extension/workspace/scan';
import { Config } from '../../../src/extension/config';
import { eventLoop } from '../../../src/shared/time-slice';
import { makeTransform } from '../../../src/shared/transforms';
import { CACHE, PUB } from './ext-helpers';
import { activateExtension, closeAllEditors, fixturesDir, resetConfig } from './util';

export const ROOT = path.join(fixturesDir, 'ws-itest');
export const CACHE2 = 'https://example-com.cdn.ampproject.org/c/s/example.com/b.html';
export const PUB2 = 'https://example.com/b.html';
export const CACHE3 = 'https://example-com.cdn.ampproject.org/c/s/example.com/typed.html';
export const PUB3 = 'https://example.com/typed.html';
let tree = 0;

/** The files every tree holds: relative path → content. */
export function files(): Record<string, string | Buffer> {
  return {
    'top.txt': `top ${CACHE}\n`,
    'a/b/c/deep.md': `deep\r\n[x](${CACHE2})\r\n`,
    'a/plain.md': `only ${PUB} and https://other.org/a.html\n`,
    'ws-excluded/x.md': `excluded ${CACHE}\n`,
    'ignored-dir/y.md': `ignored ${CACHE}\n`,
    '.gitignore': 'ignored-dir/\n',
    'bin.dat': Buffer.concat([Buffer.from([0x89, 0x50, 0, 0]), Buffer.from(CACHE)]),
    'latin1.txt': Buffer.concat([
      Buffer.from(`caf`),
      Buffer.from([0xe9, 0x20]),
      Buffer.from(CACHE),
    ]),
    'big.txt': `${'x'.repeat(5000)} ${CACHE}\n`,
    'dirty.md': `dirty ${CACHE}\n`,
  };
}

/** A fresh tree; returns its folder name relative to the workspace folder. */
export function makeTree(): string {
  const name = `ws-itest/${++tree}`;
  for (const [rel, content] of Object.entries(files())) {
    const file = path.join(fixturesDir, name, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return name;
}

export const uriOf = (dir: string, rel: string) =>
  vscode.Uri.file(path.join(fixturesDir, dir, rel));
export const disk = (dir: string, rel: string) =>
  fs.readFileSync(path.join(fixturesDir, dir, rel), 'utf8');
/** The text VS Code holds for a file (the document if open, else read from disk). */
export async function textOf(dir: string, rel: string): Promise<string> {
  return (await vscode.workspace.openTextDocument(uriOf(dir, rel))).getText();
}

export async function openDirty(dir: string): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uriOf(dir, 'dirty.md'));
  await editor.edit((b) => {
    b.insert(editor.document.positionAt(editor.document.getText().length), `typed ${CACHE3}\n`);
  });
  assert.ok(editor.document.isDirty);
  return editor;
}

/**
 * Registers the hooks of a describe of the workspace commands (activation, the ws-excluded folders in
 * files.exclude, clean-up) and returns its scan: a tree's files listed and planned to publisher URLs.
 */
export function workspaceCommandHooks(): (
  dir: string,
  cancelAfterFiles?: number,
  maxFileSize?: number,
) => Promise<WorkspaceScan> {
  let config: Config;

  before(async () => {
    await activateExtension();
    config = new Config();
    const files = vscode.workspace.getConfiguration('files');
    const exclude = files.get<Record<string, boolean>>('exclude') ?? {};
    await files.update(
      'exclude',
      { ...exclude, '**/ws-excluded': true },
      vscode.ConfigurationTarget.Global,
    );
  });

  after(async () => {
    await closeAllEditors();
    config.dispose();
    await vscode.workspace
      .getConfiguration('files')
      .update('exclude', undefined, vscode.ConfigurationTarget.Global);
    await resetConfig('workspace.maxFileSize');
    fs.rmSync(ROOT, { recursive: true, force: true, maxRetries: 3 });
  });

  afterEach(closeAllEditors);

  async function scan(
    dir: string,
    cancelAfterFiles?: number,
    maxFileSize = 4000,
  ): Promise<WorkspaceScan> {
    const uris = (await listWorkspaceFiles(`${dir}/**`, '')).uris;
    const s = config.settings;
    return scanFiles(uris, {
      include: `${dir}/**`,
      exclude: '',
      target: 'publisher',
      transform: makeTransform('publisher', s),
      caches: s.caches,
      maxFileSize,
      cancelAfterFiles,
    });
  }
  return scan;
}

/**
 * The edit of `files` as the workspace commands build it (workspace/convert.ts): the texts of
 * files with many changes (loadTexts), then the edit in time slices on the event loop.
 */
export async function buildAsCommand(
  files: readonly ScannedFile[],
  mode: BuildMode,
  maxFileSize: number,
): Promise<BuiltEdit> {
  return buildEditSliced(files, mode, undefined, await loadTexts(files, maxFileSize), eventLoop);
}
