// The workspace commands in the real VS Code: plan, preview, apply and report (which files they
// search: ext-workspace-files.test.ts; the opt-in diagnostics: ext-workspace-diagnostics.test.ts).
// Each test builds its own small tree inside the opened folder (test/fixtures/ws-itest/<n>/, ws-tree.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildEditSliced, checkFresh, countEdits } from '../../../src/extension/workspace/apply';
import { eventLoop } from '../../../src/shared/time-slice';
import type { WorkspaceResult } from '../../../src/extension/workspace/report';
import { noFileSkips } from '../../../src/shared/workspace-plan';
import { CACHE, PUB, run } from './ext-helpers';
import { fixturesDir, setConfig } from './util';
import {
  CACHE2,
  PUB2,
  CACHE3,
  PUB3,
  files,
  makeTree,
  uriOf,
  disk,
  textOf,
  openDirty,
  workspaceCommandHooks,
  buildAsCommand,
} from './ws-tree';

describe('workspace commands (real VS Code)', function () {
  this.timeout(60_000);
  const scan = workspaceCommandHooks();

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

    const preview = await buildAsCommand(result.planned, 'preview', 4000);
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
    assert.ok(
      (await buildAsCommand(result.planned, 'pick', 4000)).entries.every(
        (e) => e.metadata.needsConfirmation,
      ),
    );
    const deep = preview.entries.find((e) => e.uri.path.endsWith('/deep.md'));
    assert.ok(deep);
    assert.ok(deep.range.isEqual(new vscode.Range(1, 4, 1, 4 + CACHE2.length)));
    assert.equal(deep.newText, PUB2);

    // The preview itself is VS Code's UI; applying the same edits without it gives the files.
    const { fresh, stale } = await checkFresh(result.planned, 4000);
    assert.equal(stale.length, 0);
    const direct = await buildAsCommand(fresh, 'replace', 4000);
    assert.ok(await vscode.workspace.applyEdit(direct.edit, { isRefactoring: true }));
    assert.equal(await textOf(dir, 'top.txt'), `top ${PUB}\n`);
    assert.equal(await textOf(dir, 'a/b/c/deep.md'), `deep\r\n[x](${PUB2})\r\n`);
    assert.equal(editor.document.getText(), `dirty ${PUB}\ntyped ${PUB3}\n`);
    // Files out of scope are untouched.
    assert.equal(disk(dir, 'ws-excluded/x.md'), `excluded ${CACHE}\n`);
    assert.equal(disk(dir, 'ignored-dir/y.md'), `ignored ${CACHE}\n`);
    assert.equal(disk(dir, 'big.txt'), files()['big.txt']);
  });

  it("counts the dialog's changes as the edit Replace would build them, without building it", async () => {
    const dir = makeTree();
    await openDirty(dir);
    const { planned } = await scan(dir);
    const hosts = [undefined, planned[0].plan.edits[0].host, 'no-such-host.example'];
    for (const host of hosts) {
      const texts = new Map<string, string>();
      const built = await buildEditSliced(planned, 'replace', host, texts, eventLoop);
      const counted = await countEdits(planned, host, eventLoop);
      const { files: n, changes, review, others } = built;
      assert.deepEqual(counted, { files: n, changes, review, others }, `host ${host ?? 'all'}`);
    }
    assert.equal((await countEdits(planned, undefined, eventLoop)).changes, 4);
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
      await vscode.workspace.applyEdit((await buildAsCommand(fresh, 'replace', 4000)).edit, {
        isRefactoring: true,
      }),
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
    const preview = await buildAsCommand(result.planned, 'preview', 4000);
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
    const built = await buildAsCommand(many, 'replace', 4_000_000);
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
