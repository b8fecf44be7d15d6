// Issue 28 in the real VS Code: a `file:` workspace folder is listed by Node in the extension host
// (src/node/disk-walk.ts) instead of through workspace.fs. The listing must be the very one
// workspace.fs gives: the same files, the same links, FIFOs and devices left out and named, the
// same ignore files not read and lines not applied. Both backends walk one hostile tree here.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { directWriter } from '../../../src/extension/direct-writer';
import { vscodeWalkFileSystem, workspaceWalkFileSystem } from '../../../src/extension/workspace/fs';
import { walkFiles, type WalkOptions } from '../../../src/shared/workspace-files';
import { fixturesDir } from './util';

const ROOT = path.join(fixturesDir, 'ws-disk-walk');

function write(rel: string, text: string): void {
  const file = path.join(ROOT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A repository with every kind of entry the walk must leave out, and ignore files of each kind. */
function hostileTree(outside: string): void {
  write('top.md', 'top\n');
  write('a/x/c/deep.md', 'deep\n');
  write('a/plain.txt', 'plain\n');
  write('.gitignore', `dist/\n*.log\n!keep.log\nbuild,**\n*.{tmp\na/${'**/'.repeat(14)}b\n`);
  write('keep.log', 'kept\n');
  write('drop.log', 'dropped\n');
  write('dist/inside.md', 'ignored folder\n');
  write('build,old/y.md', 'ignored by build,**\n');
  write('notes/.ignore', 'draft.md\n');
  write('notes/draft.md', 'draft\n');
  write('notes/final.md', 'final\n');
  write('excluded/x.md', 'excluded by a glob\n');
  write('.git/info/exclude', 'secret.md\n');
  write('secret.md', 'excluded by .git/info/exclude\n');
  write('big/.gitignore', 'x\n'.repeat(10_001)); // past MAX_IGNORE_LINES: reported
  write('big/file.md', 'big\n');
  fs.symlinkSync(path.join(outside, 'rc'), path.join(ROOT, 'rc.md'));
  fs.symlinkSync(outside, path.join(ROOT, 'sibling'));
  fs.symlinkSync('top.md', path.join(ROOT, 'again.md'));
  fs.symlinkSync('a', path.join(ROOT, 'a-again'));
  fs.symlinkSync(path.join(ROOT, 'missing'), path.join(ROOT, 'dangling.md'));
  fs.symlinkSync('/dev/zero', path.join(ROOT, 'a/.ignore'));
  execFileSync('mkfifo', [path.join(ROOT, 'pipe.md')]);
  execFileSync('mkfifo', [path.join(ROOT, 'a/x/.gitignore')]);
}

describe('workspace listing on disk in the extension host (issue 28, real VS Code)', function () {
  this.timeout(60_000);
  let outside = '';

  before(function () {
    if (process.platform === 'win32') this.skip(); // links and FIFOs as a repository brings them
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-outside-'));
    fs.writeFileSync(path.join(outside, 'rc'), 'outside\n');
    fs.rmSync(ROOT, { recursive: true, force: true });
    hostileTree(outside);
  });

  after(() => {
    fs.rmSync(ROOT, { recursive: true, force: true, maxRetries: 3 });
    if (outside) fs.rmSync(outside, { recursive: true, force: true, maxRetries: 3 });
  });

  it('a file: folder is walked by Node in the host, and lists what workspace.fs lists', async () => {
    const root = vscode.Uri.file(ROOT);
    assert.ok(directWriter, 'a Node extension host');
    // The extension's choice for a file: folder is the disk walk, not workspace.fs.
    assert.equal(
      workspaceWalkFileSystem(root).readDirectory.toString(),
      directWriter.walkFs(ROOT).readDirectory.toString(),
    );
    for (const options of [
      { excludes: ['excluded/**', '**/.git'] },
      { include: '**/*.md', excludes: ['**/notes/**'] },
      { useIgnoreFiles: false },
    ] satisfies WalkOptions[]) {
      const expected = await walkFiles(vscodeWalkFileSystem(root), options);
      const actual = await walkFiles(directWriter.walkFs(ROOT), options);
      assert.deepEqual(actual, expected, JSON.stringify(options));
    }
    // And the listing is the one the rules say (so the comparison is not of two empty results).
    const listed = await walkFiles(directWriter.walkFs(ROOT), {
      excludes: ['excluded/**', '**/.git'],
    });
    assert.deepEqual(listed.files, [
      '.gitignore',
      'a/plain.txt',
      'a/x/c/deep.md',
      'big/.gitignore',
      'big/file.md',
      'keep.log',
      'notes/.ignore',
      'notes/final.md',
      'top.md',
    ]);
    assert.deepEqual(listed.skipped, [
      { path: 'a-again', reason: 'symlink' },
      { path: 'again.md', reason: 'symlink' },
      { path: 'dangling.md', reason: 'symlink' },
      { path: 'pipe.md', reason: 'special' },
      { path: 'rc.md', reason: 'symlink' },
      { path: 'sibling', reason: 'symlink' },
    ]);
    assert.deepEqual(listed.ignoreFilesNotRead.map((f) => `${f.path} ${f.problem}`).sort(), [
      'a/.ignore notRegular',
      'a/x/.gitignore notRegular',
      'big/.gitignore tooLarge',
    ]);
    assert.deepEqual(
      listed.ignoreLinesNotUsed.map((l) => `${l.path}:${l.line}`),
      ['.gitignore:5'],
    );
  });
});
