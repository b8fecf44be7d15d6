// The workspace commands and the opt-in diagnostics in the real VS Code. Each test builds its own
// small tree inside the opened folder (test/fixtures/ws-itest/<n>/) and removes it at the end.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildEdit, checkFresh, loadTexts } from '../../../src/extension/workspace/apply';
import type { WorkspaceResult } from '../../../src/extension/workspace/report';
import { listFiles, scanFiles, type WorkspaceScan } from '../../../src/extension/workspace/scan';
import { Config } from '../../../src/extension/config';
import { makeTransform } from '../../../src/shared/transforms';
import { noFileSkips } from '../../../src/shared/workspace-plan';
import { CACHE, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  codeActionsAt,
  fixturesDir,
  openDoc,
  resetConfig,
  setConfig,
  waitFor,
} from './util';

const ROOT = path.join(fixturesDir, 'ws-itest');
const CACHE2 = 'https://example-com.cdn.ampproject.org/c/s/example.com/b.html';
const PUB2 = 'https://example.com/b.html';
const CACHE3 = 'https://example-com.cdn.ampproject.org/c/s/example.com/typed.html';
const PUB3 = 'https://example.com/typed.html';
let tree = 0;

/** The files every tree holds: relative path → content. */
function files(): Record<string, string | Buffer> {
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
function makeTree(): string {
  const name = `ws-itest/${++tree}`;
  for (const [rel, content] of Object.entries(files())) {
    const file = path.join(fixturesDir, name, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return name;
}

const uriOf = (dir: string, rel: string) => vscode.Uri.file(path.join(fixturesDir, dir, rel));
const disk = (dir: string, rel: string) =>
  fs.readFileSync(path.join(fixturesDir, dir, rel), 'utf8');
/** The text VS Code holds for a file (the document if open, else read from disk). */
async function textOf(dir: string, rel: string): Promise<string> {
  return (await vscode.workspace.openTextDocument(uriOf(dir, rel))).getText();
}

async function openDirty(dir: string): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uriOf(dir, 'dirty.md'));
  await editor.edit((b) => {
    b.insert(editor.document.positionAt(editor.document.getText().length), `typed ${CACHE3}\n`);
  });
  assert.ok(editor.document.isDirty);
  return editor;
}

describe('workspace commands (real VS Code)', function () {
  this.timeout(60_000);
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
    const uris = await listFiles(`${dir}/**`, '');
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

  it('finds the files the Search view would search: files.exclude and .gitignore are left out', async () => {
    const dir = makeTree();
    const listed = (await listFiles(`${dir}/**`, '')).map((u) =>
      path.relative(path.join(fixturesDir, dir), u.fsPath).split(path.sep).join('/'),
    );
    for (const rel of [
      'top.txt',
      'a/b/c/deep.md',
      'a/plain.md',
      'bin.dat',
      'latin1.txt',
      'big.txt',
      'dirty.md',
    ])
      assert.ok(listed.includes(rel), `${rel} not listed: ${listed.join(', ')}`);
    assert.ok(!listed.some((f) => f.startsWith('ws-excluded/')), 'files.exclude ignored');
    assert.ok(!listed.some((f) => f.startsWith('ignored-dir/')), '.gitignore ignored');
    // The user's own exclude glob applies on top.
    const without = await listFiles(`${dir}/**`, '**/a/**');
    assert.ok(!without.some((u) => u.fsPath.includes(`${path.sep}a${path.sep}`)));
    assert.ok(without.length > 0);
  });

  it('reads .gitignore negations and .ignore files as the Search view does (git rules, file by file)', async () => {
    const dir = makeTree();
    const extra: Record<string, string> = {
      'logs/.gitignore': '*\n!keep.md\n!.gitignore\n',
      'logs/keep.md': `kept ${CACHE}\n`,
      'logs/drop.md': `dropped ${CACHE}\n`,
      'dist/.gitignore': '!inside.md\n',
      'dist/inside.md': `under an excluded folder ${CACHE}\n`,
      'notes/.ignore': 'draft.md\n',
      'notes/draft.md': `draft ${CACHE}\n`,
      'notes/final.md': `final ${CACHE}\n`,
    };
    fs.appendFileSync(path.join(fixturesDir, dir, '.gitignore'), 'dist/\n');
    for (const [rel, content] of Object.entries(extra)) {
      const file = path.join(fixturesDir, dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    try {
      const listed = (await listFiles(`${dir}/**`, '')).map((u) =>
        path.relative(path.join(fixturesDir, dir), u.fsPath).split(path.sep).join('/'),
      );
      for (const rel of ['logs/keep.md', 'notes/final.md', 'top.txt', 'a/plain.md'])
        assert.ok(listed.includes(rel), `${rel} not listed: ${listed.join(', ')}`);
      for (const rel of ['logs/drop.md', 'dist/inside.md', 'notes/draft.md'])
        assert.ok(!listed.includes(rel), `${rel} listed`);
      // The rest of the rules still hold in this file-by-file mode.
      assert.ok(!listed.some((f) => f.startsWith('ignored-dir/')), '.gitignore ignored');
      assert.ok(!listed.some((f) => f.startsWith('ws-excluded/')), 'files.exclude ignored');
      // And the scan converts exactly the kept files.
      const result = await scan(dir);
      const planned = result.planned.map((f) => vscode.workspace.asRelativePath(f.uri, false));
      assert.ok(planned.includes(`${dir}/logs/keep.md`));
      assert.ok(!planned.includes(`${dir}/logs/drop.md`));
    } finally {
      // Other tests' trees are listed with exclude globs (no negation in the folder).
      fs.rmSync(path.join(fixturesDir, dir), { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it("reads the repository's .git/info/exclude, as globs and with a negation", async () => {
    const dir = makeTree();
    const gitDir = path.join(fixturesDir, '.git');
    assert.ok(!fs.existsSync(gitDir), 'test/fixtures has no .git of its own');
    for (const name of ['info-excluded.md', 'info-kept.md'])
      fs.writeFileSync(path.join(fixturesDir, dir, name), `${name} ${CACHE}\n`);
    const listed = async () =>
      (await listFiles(`${dir}/**`, '')).map((u) => path.basename(u.fsPath));
    try {
      fs.mkdirSync(path.join(gitDir, 'info'), { recursive: true });
      fs.writeFileSync(path.join(gitDir, 'info', 'exclude'), '# local only\ninfo-excluded.md\n');
      let names = await listed();
      assert.ok(!names.includes('info-excluded.md'), 'excluded by .git/info/exclude');
      assert.ok(names.includes('info-kept.md') && names.includes('top.txt'));
      // A negation: matched file by file, and .gitignore still applies above it.
      fs.writeFileSync(path.join(gitDir, 'info', 'exclude'), 'info-*.md\n!info-kept.md\n');
      names = await listed();
      assert.ok(!names.includes('info-excluded.md') && names.includes('info-kept.md'));
      assert.ok(!names.includes('y.md'), '.gitignore ignored-dir/ still applies');
    } finally {
      fs.rmSync(gitDir, { recursive: true, force: true, maxRetries: 3 });
      fs.rmSync(path.join(fixturesDir, dir), { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('writes a file that is not open as its language requires (a sitemap: & as &amp;)', async () => {
    const dir = makeTree();
    const cache = 'https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&b=2';
    fs.writeFileSync(
      path.join(fixturesDir, dir, 'sitemap.xml'),
      `<url><xhtml:link rel="amphtml" href="${cache}"/></url>\n`,
    );
    try {
      const result = await scan(dir);
      const file = result.planned.find((f) => f.uri.path.endsWith('/sitemap.xml'));
      assert.ok(file, 'sitemap.xml planned');
      assert.deepEqual(
        file.plan.edits.map((e) => e.newText),
        ['https://a.com/?a=1&amp;b=2'],
      );
    } finally {
      fs.rmSync(path.join(fixturesDir, dir), { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('plans from open dirty documents, skips binary, non-UTF-8 and large files, and builds one previewed edit', async () => {
    const dir = makeTree();
    const editor = await openDirty(dir);
    const result = await scan(dir);
    assert.equal(result.cancelled, false);
    assert.deepEqual(result.skippedFiles, {
      ...noFileSkips(),
      binary: 1,
      tooLarge: 1,
      notUtf8: 1,
    });
    const planned = new Map(
      result.planned.map((f) => [vscode.workspace.asRelativePath(f.uri, false), f]),
    );
    assert.deepEqual([...planned.keys()].sort(), [
      `${dir}/a/b/c/deep.md`,
      `${dir}/dirty.md`,
      `${dir}/top.txt`,
    ]);
    assert.equal(
      planned.get(`${dir}/dirty.md`)?.plan.edits.length,
      2,
      'the typed URL is planned too',
    );

    const preview = buildEdit(result.planned, 'preview');
    assert.equal(preview.files, 3);
    assert.equal(preview.entries.length, 4);
    assert.equal(preview.edit.size, 3);
    assert.equal(
      preview.edit.entries().reduce((n, [, edits]) => n + edits.length, 0),
      4,
    );
    // Nothing deserves a look: every change starts checked in the preview (Apply writes them).
    for (const e of preview.entries) {
      assert.equal(e.metadata.needsConfirmation, false);
      assert.equal(e.metadata.label, 'AMP Cache URL → publisher URL');
    }
    // "Pick in Preview…": every change unchecked, for the user to tick.
    assert.ok(buildEdit(result.planned, 'pick').entries.every((e) => e.metadata.needsConfirmation));
    const deep = preview.entries.find((e) => e.uri.path.endsWith('/deep.md'));
    assert.ok(deep);
    assert.ok(deep.range.isEqual(new vscode.Range(1, 4, 1, 4 + CACHE2.length)));
    assert.equal(deep.newText, PUB2);

    // The preview itself is VS Code's UI; applying the same edits without it gives the files.
    const { fresh, stale } = await checkFresh(result.planned, 4000);
    assert.equal(stale.length, 0);
    const direct = buildEdit(fresh, 'replace');
    assert.ok(await vscode.workspace.applyEdit(direct.edit, { isRefactoring: true }));
    assert.equal(await textOf(dir, 'top.txt'), `top ${PUB}\n`);
    assert.equal(await textOf(dir, 'a/b/c/deep.md'), `deep\r\n[x](${PUB2})\r\n`);
    assert.equal(editor.document.getText(), `dirty ${PUB}\ntyped ${PUB3}\n`);
    // Files out of scope are untouched.
    assert.equal(disk(dir, 'ws-excluded/x.md'), `excluded ${CACHE}\n`);
    assert.equal(disk(dir, 'ignored-dir/y.md'), `ignored ${CACHE}\n`);
    assert.equal(disk(dir, 'big.txt'), files()['big.txt']);
  });

  it('leaves a file changed between scan and apply untouched, and reports it', async () => {
    const dir = makeTree();
    const editor = await openDirty(dir);
    const result = await scan(dir);
    const changed = `changed ${CACHE}\n`;
    await vscode.workspace.fs.writeFile(uriOf(dir, 'top.txt'), new TextEncoder().encode(changed));
    await editor.edit((b) => {
      b.insert(new vscode.Position(0, 0), 'more ');
    });
    const { fresh, stale } = await checkFresh(result.planned, 4000);
    assert.deepEqual(stale.map((f) => path.basename(f.uri.path)).sort(), ['dirty.md', 'top.txt']);
    assert.ok(
      await vscode.workspace.applyEdit(buildEdit(fresh, 'replace').edit, { isRefactoring: true }),
    );
    assert.equal(await textOf(dir, 'top.txt'), changed);
    assert.equal(editor.document.getText(), `more dirty ${CACHE}\ntyped ${CACHE3}\n`);
    assert.equal(await textOf(dir, 'a/b/c/deep.md'), `deep\r\n[x](${PUB2})\r\n`);
  });

  it('the command: cancel half-way writes nothing; a full run converts and reports', async () => {
    const dir = makeTree();
    await setConfig('workspace.maxFileSize', 4000);
    const before = Object.fromEntries(Object.keys(files()).map((f) => [f, disk(dir, f)]));
    const cancelled = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
      cancelAfterFiles: 3,
    });
    assert.equal(cancelled.aborted, 'Cancelled; nothing was written.');
    assert.equal(cancelled.applied, false);
    for (const [f, text] of Object.entries(before)) assert.equal(disk(dir, f), text, f);
    const inTree = path.join(fixturesDir, dir);
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.fsPath.startsWith(inTree)),
      'a document of the tree was edited',
    );

    const done = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(done.aborted, undefined);
    assert.equal(done.applied, true);
    assert.equal(done.edits, 3);
    assert.equal(done.changedFiles, 3); // top.txt, deep.md and dirty.md (big.txt is over the limit)
    assert.deepEqual(done.skippedFiles, { ...noFileSkips(), binary: 1, tooLarge: 1, notUtf8: 1 });
    assert.equal(await textOf(dir, 'top.txt'), `top ${PUB}\n`);
    assert.equal(await textOf(dir, 'dirty.md'), `dirty ${PUB}\n`);
    assert.equal(await textOf(dir, 'a/b/c/deep.md'), `deep\r\n[x](${PUB2})\r\n`);
    assert.equal(await textOf(dir, 'big.txt'), files()['big.txt']);
  });

  it('a change that deserves a look (look-alike host) starts unchecked in its own category; Replace leaves it', async () => {
    const dir = makeTree();
    const look = 'https://xyz.cdn.ampproject.org/c/s/www.example.com/offer';
    fs.writeFileSync(path.join(fixturesDir, dir, 'look.md'), `[a](${look}) [b](${CACHE})\n`);
    const result = await scan(dir);
    const preview = buildEdit(result.planned, 'preview');
    const entries = preview.entries.filter((e) => e.uri.path.endsWith('/look.md'));
    assert.deepEqual(
      entries.map((e) => [e.newText, e.metadata.needsConfirmation, e.metadata.label]),
      [
        [
          'https://www.example.com/offer',
          true,
          "Check first: the cache host is not the publisher's own (look-alike?)",
        ],
        [PUB, false, 'AMP Cache URL → publisher URL'],
      ],
    );
    assert.equal(preview.review.length, 1);
    // The command's default (Replace, here preview: false) writes everything else.
    await setConfig('workspace.maxFileSize', 4000);
    const done = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(done.review, 1);
    assert.equal(done.edits, 4);
    assert.equal(await textOf(dir, 'look.md'), `[a](${look}) [b](${PUB})\n`);
    assert.equal(await textOf(dir, 'top.txt'), `top ${PUB}\n`);
  });

  it('a file with 3,000 changes is one entry that writes the same text (issue 20)', async () => {
    const dir = makeTree();
    const lines = Array.from({ length: 3000 }, (_, i) => `${CACHE}?n=${i}`);
    fs.writeFileSync(path.join(fixturesDir, dir, 'many.txt'), `${lines.join('\n')}\n`);
    const result = await scan(dir, undefined, 4_000_000);
    const { fresh } = await checkFresh(result.planned, 4_000_000);
    const many = fresh.filter((f) => f.uri.path.endsWith('/many.txt'));
    const built = buildEdit(many, 'replace', undefined, await loadTexts(many, 4_000_000));
    assert.equal(built.entries.length, 1);
    assert.equal(built.changes, 3000);
    assert.ok(await vscode.workspace.applyEdit(built.edit, { isRefactoring: true }));
    assert.equal(
      await textOf(dir, 'many.txt'),
      `${lines.map((l) => l.replace(CACHE, PUB)).join('\n')}\n`,
    );
  });

  it('Replace on a file of 3,000 URLs: the exact bytes on disk, and one undo restores the file (issue 20)', async () => {
    // CRLF lines with non-ASCII text, and a look-alike in the middle that Replace leaves alone:
    // the edit is one region from the first URL to the last, made of the text the scan kept.
    const dir = makeTree();
    const look = 'https://evil-com.cdn.ampproject.org/c/s/example.com/x';
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i === 1500 ? `look ${look}` : `é ${i} — ${CACHE}?n=${i}`,
    );
    const before = `${lines.join('\r\n')}\r\n`;
    const expected = before.replace(
      /https:\/\/example-com\.cdn\.ampproject\.org\/c\/s\//g,
      'https://',
    );
    assert.equal(expected.split(PUB).length - 1, 2999);
    const file = path.join(fixturesDir, dir, 'many.txt');
    fs.writeFileSync(file, before);
    await setConfig('workspace.maxFileSize', 1_000_000); // an earlier test leaves 4,000
    const done = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
      include: `${dir}/many.txt`,
      exclude: '',
      preview: false,
    });
    assert.deepEqual([done.applied, done.edits, done.review], [true, 2999, 1]);
    // One file, not open: written on disk at once (issue 27 item 7), the planned text in UTF-8;
    // one command puts every byte back (issue 28).
    assert.ok(fs.readFileSync(file).equals(Buffer.from(expected)), 'the bytes on disk');
    await vscode.commands.executeCommand('ampUrl.undoWorkspaceChange');
    assert.ok(fs.readFileSync(file).equals(Buffer.from(before)), 'one undo restores every byte');
  });

  it('the cache command converts only the URLs of the chosen host', async () => {
    const dir = makeTree();
    const done = await run<WorkspaceResult>('ampUrl.workspaceToCache', {
      include: `${dir}/a/*.md`,
      exclude: '',
      host: 'example.com',
      preview: false,
    });
    assert.equal(done.edits, 1);
    assert.equal(await textOf(dir, 'a/plain.md'), `only ${CACHE} and https://other.org/a.html\n`);
  });
});

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
