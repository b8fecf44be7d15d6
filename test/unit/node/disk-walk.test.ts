// The extension host's walk of a folder on disk (src/node/disk-walk.ts, issue 28) on a hostile
// repository in a temp folder: it lists what the command line's walk lists (src/cli/node-fs.ts)
// and names every link "not followed" as workspace.fs does, without telling where it points; it
// reads only regular files, never through a link, never past maxBytes. The comparison with
// workspace.fs itself runs in the real VS Code (ext-workspace-disk-walk.test.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeWalkFileSystem } from '../../../src/cli/node-fs';
import { diskWalkFileSystem } from '../../../src/node/disk-walk';
import { walkFiles, type WalkOptions } from '../../../src/shared/workspace-files';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo';

const posix = process.platform !== 'win32';

describe('the extension host walk of a folder on disk (disk-walk, issue 28)', function () {
  if (!posix) return; // symbolic links and FIFOs as a repository brings them: POSIX
  let repo: TempRepo;
  let root: string;
  let outside: string;
  const write = (rel: string, text: string) => {
    repo.write(rel, text);
  };

  before(() => {
    repo = tempRepo('amp-url-disk-walk-');
    ({ root, outside } = repo);
    write('a.md', 'hello');
    write('docs/b.md', 'b');
    write('.gitignore', `dist/\n*.log\n!keep.log\nbuild,**\n*.{tmp\n`);
    write('keep.log', 'k');
    write('drop.log', 'd');
    write('dist/c.md', 'c');
    write('build,old/y.md', 'y');
    write('notes/.ignore', 'draft.md\n');
    write('notes/draft.md', 'd');
    write('notes/final.md', 'f');
    write('.git/info/exclude', 'secret.md\n');
    write('secret.md', 's');
    write('big/.gitignore', `a.md\n${'#'.repeat(1_100_000)}\n`);
    fs.symlinkSync(path.join(outside, 'bashrc'), path.join(root, 'rc'));
    fs.symlinkSync(outside, path.join(root, 'sibling'));
    fs.symlinkSync('docs/b.md', path.join(root, 'b-again.md'));
    fs.symlinkSync('nowhere', path.join(root, 'dangling'));
    fs.symlinkSync('/dev/zero', path.join(root, 'zero'));
    fs.symlinkSync('/dev/zero', path.join(root, 'docs', '.ignore'));
    execFileSync('mkfifo', [path.join(root, 'fifo')]);
    execFileSync('mkfifo', [path.join(root, 'notes', '.gitignore')]);
  });

  after(() => {
    repo.remove();
  });

  it("lists what the command line's walk lists; every link is named not followed", async () => {
    for (const options of [
      { excludes: ['**/.git'] },
      { include: '**/*.md' },
      { useIgnoreFiles: false, excludes: ['**/.git'] },
    ] satisfies WalkOptions[]) {
      const disk = await walkFiles(diskWalkFileSystem(root), options);
      const cli = await walkFiles(nodeWalkFileSystem(root), options);
      assert.deepEqual(
        { ...disk, skipped: undefined },
        { ...cli, skipped: undefined },
        JSON.stringify(options),
      );
      assert.deepEqual(
        disk.skipped,
        cli.skipped.map((s) => ({
          path: s.path,
          reason: s.reason.startsWith('symlink') ? 'symlink' : s.reason,
        })),
      );
    }
    const r = await walkFiles(diskWalkFileSystem(root), { excludes: ['**/.git'] });
    assert.deepEqual(r.files, [
      '.gitignore',
      'a.md',
      'big/.gitignore',
      'docs/b.md',
      'keep.log',
      'notes/.ignore',
      'notes/final.md',
    ]);
    assert.deepEqual(
      r.skipped.map((s) => `${s.path} ${s.reason}`),
      [
        'b-again.md symlink',
        'dangling symlink',
        'fifo special',
        'rc symlink',
        'sibling symlink',
        'zero symlink',
      ],
    );
    assert.deepEqual(r.ignoreFilesNotRead.map((f) => `${f.path} ${f.problem}`).sort(), [
      'big/.gitignore tooLarge',
      'docs/.ignore notRegular',
      'notes/.gitignore notRegular',
    ]);
    assert.deepEqual(
      r.ignoreLinesNotUsed.map((l) => `${l.path}:${l.line}`),
      ['.gitignore:5'],
    );
  });

  it('reads only regular files, never past maxBytes, and not through a link; stats as workspace.fs', async () => {
    const dfs = diskWalkFileSystem(root);
    assert.equal(new TextDecoder().decode(await dfs.readFile('a.md', 100)), 'hello');
    assert.equal(new TextDecoder().decode(await dfs.readFile('a.md', 5)), 'hello');
    assert.equal(await dfs.readFile('a.md', 4), undefined);
    assert.equal(await dfs.readFile('rc', 100), undefined);
    assert.equal(await dfs.readFile('zero', 100), undefined);
    assert.equal(await dfs.readFile('fifo', 100), undefined);
    await assert.rejects(dfs.readFile('gone.md', 100));
    assert.equal((await dfs.stat('rc')).type, 'symlink');
    assert.equal((await dfs.stat('dangling')).type, 'symlink');
    assert.equal((await dfs.stat('fifo')).type, 'other');
    assert.equal((await dfs.stat('docs')).type, 'directory');
    const s = await dfs.stat('a.md');
    const node = fs.lstatSync(path.join(root, 'a.md'));
    assert.deepEqual(s, {
      type: 'file',
      size: 5,
      mtime: node.mtime.getTime(),
      identity: String(node.birthtime.getTime()),
    });
    assert.ok(!('realPath' in dfs), 'workspace.fs tells no link target: neither does this');
  });
});
