// The workspace walk on real folders through Node's fs (the command-line tool's file system):
// the hostile repository of issue 20 built here, in a temp folder: symbolic links out of the
// folder (to a file and to a folder, nested), a link inside, a FIFO and a /dev/zero link behind
// .gitignore, .ignore and .git/info/exclude, hostile ignore lines, a deep folder.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeWalkFileSystem } from '../../../src/cli/node-fs';
import { walkFiles } from '../../../src/shared/workspace-files';
import { packagesRepo } from '../../helpers/packages-repo';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo';

const posix = process.platform !== 'win32';

describe('workspace walk on a real folder (node-fs)', function () {
  if (!posix) return; // symbolic links and FIFOs as a repository brings them: POSIX
  let repo: TempRepo;
  let root: string;
  let outside: string;
  const write = (rel: string, text: string) => {
    repo.write(rel, text);
  };

  beforeEach(() => {
    repo = tempRepo('amp-url-walk-');
    ({ root, outside } = repo);
    fs.mkdirSync(path.join(outside, 'sibling-project'));
    fs.writeFileSync(path.join(outside, 'sibling-project', 'index.md'), 'sibling\n');
  });

  afterEach(() => {
    repo.remove();
  });

  it('never follows a symbolic link: out of the folder (file, folder, nested) or inside', async () => {
    write('a.md', 'a');
    write('docs/b.md', 'b');
    fs.symlinkSync(path.join(outside, 'bashrc'), path.join(root, 'bashrc-link'));
    fs.symlinkSync(path.join(outside, 'sibling-project'), path.join(root, 'sibling'));
    write('deep/er/c.md', 'c');
    fs.symlinkSync('../../../outside/bashrc', path.join(root, 'deep/er/rc'));
    fs.symlinkSync('../../outside', path.join(root, 'deep/out-dir'));
    fs.symlinkSync('docs/b.md', path.join(root, 'b-again.md'));
    fs.symlinkSync('docs', path.join(root, 'docs-again'));
    fs.symlinkSync('nowhere', path.join(root, 'dangling'));
    const r = await walkFiles(nodeWalkFileSystem(root));
    assert.deepEqual(r.files, ['a.md', 'deep/er/c.md', 'docs/b.md']);
    assert.deepEqual(
      r.skipped.map((s) => `${s.path} ${s.reason}`),
      [
        'b-again.md symlinkInside',
        'bashrc-link symlinkOutside',
        'dangling symlinkOutside',
        'deep/er/rc symlinkOutside',
        'deep/out-dir symlinkOutside',
        'docs-again symlinkInside',
        'sibling symlinkOutside',
      ],
    );
  });

  it('reads ignore files only when they are regular files: a FIFO, /dev/zero and links are never opened', async () => {
    write('a.md', 'a');
    write('sub/c.md', 'c');
    write('pkg/d.md', 'd');
    execFileSync('mkfifo', [path.join(root, '.gitignore')]);
    fs.symlinkSync('/dev/zero', path.join(root, 'sub', '.ignore'));
    fs.symlinkSync(path.join(outside, 'bashrc'), path.join(root, 'pkg', '.gitignore'));
    fs.mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
    execFileSync('mkfifo', [path.join(root, '.git', 'info', 'exclude')]);
    execFileSync('mkfifo', [path.join(root, 'pipe.md')]);
    const r = await walkFiles(nodeWalkFileSystem(root), { excludes: ['**/.git'] });
    assert.deepEqual(r.files, ['a.md', 'pkg/d.md', 'sub/c.md']);
    assert.deepEqual(r.ignoreFilesNotRead.map((f) => `${f.path} ${f.problem}`).sort(), [
      '.git/info/exclude notRegular',
      '.gitignore notRegular',
      'pkg/.gitignore notRegular',
      'sub/.ignore notRegular',
    ]);
    assert.deepEqual(r.skipped, [{ path: 'pipe.md', reason: 'special' }]);
  });

  it("doesn't read .git/info/exclude through a linked .git or .git/info", async () => {
    write('a.md', 'a');
    write('b.md', 'b');
    fs.mkdirSync(path.join(outside, 'info'));
    fs.writeFileSync(path.join(outside, 'info', 'exclude'), 'a.md\n');
    fs.symlinkSync(outside, path.join(root, '.git'));
    let r = await walkFiles(nodeWalkFileSystem(root));
    assert.deepEqual(r.files, ['a.md', 'b.md']);
    fs.unlinkSync(path.join(root, '.git'));
    fs.mkdirSync(path.join(root, '.git'));
    fs.symlinkSync(path.join(outside, 'info'), path.join(root, '.git', 'info'));
    r = await walkFiles(nodeWalkFileSystem(root), { excludes: ['**/.git'] });
    assert.deepEqual(r.files, ['a.md', 'b.md']);
    // A real one is read.
    fs.unlinkSync(path.join(root, '.git', 'info'));
    fs.mkdirSync(path.join(root, '.git', 'info'));
    fs.writeFileSync(path.join(root, '.git', 'info', 'exclude'), 'a.md\n');
    r = await walkFiles(nodeWalkFileSystem(root), { excludes: ['**/.git'] });
    assert.deepEqual(r.files, ['b.md']);
  });

  it('an ignore file over the size cap is not read', async () => {
    write('a.md', 'a');
    write('.gitignore', `a.md\n${'#'.repeat(1_100_000)}\n`);
    const r = await walkFiles(nodeWalkFileSystem(root));
    assert.deepEqual(r.files, ['.gitignore', 'a.md']);
    assert.deepEqual(r.ignoreFilesNotRead, [{ path: '.gitignore', problem: 'tooLarge' }]);
  });

  it('hostile ignore lines: `build,**`, `*.{log`, and the pathological pattern on a deep folder', async () => {
    write('.gitignore', 'build,**\n*.{log\n*.tmp\n!keep.md\n' + `a/${'**/'.repeat(14)}b\n`);
    write('src/x.md', 'x');
    write('build,old/y.md', 'y');
    write('z.tmp', 'z');
    write('z.log', 'z');
    const deep = `a/${Array.from({ length: 19 }, (_, i) => `d${i}`).join('/')}`;
    write(`${deep}/c.md`, 'c');
    write(`${deep}/b/hidden.md`, 'h');
    const r = await walkFiles(nodeWalkFileSystem(root));
    assert.deepEqual(r.files, ['.gitignore', `${deep}/c.md`, 'src/x.md', 'z.log']);
    assert.deepEqual(
      r.ignoreLinesNotUsed.map((l) => `${l.path}:${l.line} ${l.problem}`),
      ['.gitignore:2 invalid'],
    );
  });

  it('300 packages with a 10-line .gitignore each', async () => {
    for (const [rel, text] of packagesRepo(300, () => 'x')) write(rel, text);
    const r = await walkFiles(nodeWalkFileSystem(root), { include: '**/*.{md,log}' });
    assert.equal(r.files.length, 600);
    assert.ok(
      r.files.includes('packages/p7/keep.log') && r.files.includes('packages/p7/src/index.md'),
    );
    assert.ok(!r.files.some((f) => f.includes('/dist/') || f.endsWith('drop.log')));
  });

  it('reads only regular files, never past maxBytes, and not through a link', async () => {
    write('a.md', 'hello');
    fs.symlinkSync(path.join(outside, 'bashrc'), path.join(root, 'rc'));
    fs.symlinkSync('/dev/zero', path.join(root, 'zero'));
    execFileSync('mkfifo', [path.join(root, 'fifo')]);
    const nfs = nodeWalkFileSystem(root);
    assert.equal(new TextDecoder().decode(await nfs.readFile('a.md', 100)), 'hello');
    assert.equal(await nfs.readFile('a.md', 4), undefined);
    assert.equal(await nfs.readFile('rc', 100), undefined);
    assert.equal(await nfs.readFile('zero', 100), undefined);
    assert.equal(await nfs.readFile('fifo', 100), undefined);
    assert.equal((await nfs.stat('rc')).type, 'symlink');
    assert.equal((await nfs.stat('fifo')).type, 'other');
  });
});
