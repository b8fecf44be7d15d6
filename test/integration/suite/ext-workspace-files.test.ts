// Which files the workspace commands search, in the real VS Code: those the Search view would
// (files.exclude, .gitignore and .ignore files, .git/info/exclude).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { listWorkspaceFiles } from '../../../src/extension/workspace/scan';
import { CACHE } from './ext-helpers';
import { fixturesDir } from './util';
import { makeTree, workspaceCommandHooks } from './ws-tree';

describe('workspace commands (real VS Code)', function () {
  this.timeout(60_000);
  const scan = workspaceCommandHooks();

  it('finds the files the Search view would search: files.exclude and .gitignore are left out', async () => {
    const dir = makeTree();
    const listed = (await listWorkspaceFiles(`${dir}/**`, '')).uris.map((u) =>
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
    const without = (await listWorkspaceFiles(`${dir}/**`, '**/a/**')).uris;
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
      const listed = (await listWorkspaceFiles(`${dir}/**`, '')).uris.map((u) =>
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
      (await listWorkspaceFiles(`${dir}/**`, '')).uris.map((u) => path.basename(u.fsPath));
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
});
