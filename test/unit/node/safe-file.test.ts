// src/node/safe-file.ts on real folders: confined reads (a symbolic link in any component, a
// FIFO, a size limit) and atomic replacements (mode kept, hard links, a file edited or a folder
// swapped for a symbolic link between the read and the write). Files outside the root are
// compared byte for byte after each case.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfinedFiles, type FileVersion } from '../../../src/node/safe-file';

const posix = process.platform !== 'win32';
const OUTSIDE_TEXT = 'outside: keep me\n';

for (const pathChecks of [false, true])
  describe(`confined files (src/node/safe-file)${pathChecks ? ', checked by path' : ''}`, function () {
    if (!posix) return; // symbolic links and FIFOs as a repository brings them: POSIX
    let tmp: string;
    let root: string;
    let outside: string;
    let files: ConfinedFiles;

    const write = (rel: string, text: string) => {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    };
    const readBack = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
    const version = (rel: string): FileVersion => {
      const r = files.read(rel, 1 << 20);
      assert.equal(r.refused, undefined, `${rel}: ${String(r.refused)}`);
      return r.version;
    };

    beforeEach(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-safe-'));
      root = path.join(tmp, 'repo');
      outside = path.join(tmp, 'outside');
      fs.mkdirSync(path.join(outside, 'deep'), { recursive: true });
      fs.writeFileSync(path.join(outside, 'x.md'), OUTSIDE_TEXT);
      fs.writeFileSync(path.join(outside, 'deep', 'x.md'), OUTSIDE_TEXT);
      write('a.md', 'alpha\n');
      write('d/e/b.md', 'beta\n');
      files = new ConfinedFiles(root, { pathChecks });
    });

    afterEach(() => {
      files.close();
      for (const rel of ['x.md', 'deep/x.md'])
        assert.equal(fs.readFileSync(path.join(outside, rel), 'utf8'), OUTSIDE_TEXT, rel);
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('reads a regular file at any depth; the root is its real path', () => {
      const r = files.read('d/e/b.md', 100);
      assert.equal(r.bytes?.toString(), 'beta\n');
      assert.equal(files.root, fs.realpathSync(root));
      assert.deepEqual(files.read('a.md', 3), { refused: 'tooLarge' });
      assert.equal(files.read('missing.md', 100).refused, 'failed');
      assert.deepEqual(files.read('../outside/x.md', 100), { refused: 'outside' });
    });

    it('refuses a symbolic link in any component of the path, and a FIFO, without opening them', () => {
      fs.symlinkSync(outside, path.join(root, 'link'));
      fs.symlinkSync(outside, path.join(root, 'd', 'link'));
      fs.symlinkSync(path.join(outside, 'x.md'), path.join(root, 'file-link.md'));
      execFileSync('mkfifo', [path.join(root, 'pipe.md')]);
      assert.deepEqual(files.read('link/x.md', 100), { refused: 'outside' });
      assert.deepEqual(files.read('link/deep/x.md', 100), { refused: 'outside' });
      assert.deepEqual(files.read('d/link/x.md', 100), { refused: 'outside' });
      assert.deepEqual(files.read('file-link.md', 100), { refused: 'symlink' });
      assert.deepEqual(files.read('pipe.md', 100), { refused: 'notRegular' });
      const v = { dev: 0, ino: 0, size: 0, mtimeMs: 0 };
      assert.deepEqual(files.replace('link/x.md', Buffer.from('x'), { version: v }), {
        refused: 'outside',
      });
    });

    it('replaces a file atomically: a new inode, the mode kept, no temporary file left', () => {
      fs.chmodSync(path.join(root, 'd/e/b.md'), 0o640);
      const before = fs.statSync(path.join(root, 'd/e/b.md'));
      const read = files.read('d/e/b.md', 100);
      assert.ok(read.bytes);
      const expected = { version: read.version, bytes: Buffer.from(read.bytes) };
      assert.equal(files.replace('d/e/b.md', Buffer.from('BETA\n'), expected), undefined);
      const after = fs.statSync(path.join(root, 'd/e/b.md'));
      assert.equal(readBack('d/e/b.md'), 'BETA\n');
      assert.notEqual(after.ino, before.ino);
      assert.equal(after.mode, before.mode);
      assert.deepEqual(fs.readdirSync(path.join(root, 'd/e')), ['b.md']);
    });

    it('takes the SHA-256 of the bytes read instead of the bytes', () => {
      const v = version('a.md');
      const sha256 = createHash('sha256').update('alpha\n').digest('hex');
      assert.equal(files.replace('a.md', Buffer.from('A\n'), { version: v, sha256 }), undefined);
      assert.equal(readBack('a.md'), 'A\n');
      const v2 = version('a.md');
      assert.deepEqual(files.replace('a.md', Buffer.from('B\n'), { version: v2, sha256 }), {
        refused: 'changed',
      });
    });

    it('does not replace a file with more than one hard link', () => {
      fs.linkSync(path.join(outside, 'x.md'), path.join(root, 'hard.md'));
      const r = files.read('hard.md', 100);
      assert.ok(r.bytes);
      const expected = { version: r.version, bytes: Buffer.from(r.bytes) };
      assert.deepEqual(files.replace('hard.md', Buffer.from('owned\n'), expected), {
        refused: 'hardLinks',
      });
    });

    it('does not replace a file edited since it was read, even with its size and time put back', () => {
      const r = files.read('a.md', 100);
      assert.ok(r.bytes);
      const expected = { version: r.version, bytes: Buffer.from(r.bytes) };
      const file = path.join(root, 'a.md');
      // An edit of the same length with the modification time restored: only the bytes tell.
      const edit = () => {
        fs.writeFileSync(file, 'ALPHA\n');
        const t = new Date(r.version.mtimeMs);
        fs.utimesSync(file, t, t);
      };
      assert.deepEqual(
        files.replace('a.md', Buffer.from('new\n'), expected, { beforeRename: edit }),
        { refused: 'changed' },
      );
      assert.equal(readBack('a.md'), 'ALPHA\n');
      assert.deepEqual(fs.readdirSync(root).sort(), ['a.md', 'd']);
      // Edited before the write began: refused too.
      fs.writeFileSync(file, 'other\n');
      assert.deepEqual(files.replace('a.md', Buffer.from('new\n'), expected), {
        refused: 'changed',
      });
    });

    it('never writes outside when a folder is swapped for a symbolic link between read and write', () => {
      const r = files.read('d/e/b.md', 100);
      assert.ok(r.bytes);
      const expected = { version: r.version, bytes: Buffer.from(r.bytes) };
      files.close();
      // Swapped before the write: the folder is not the repository's any more.
      fs.renameSync(path.join(root, 'd'), path.join(root, 'd-moved'));
      fs.symlinkSync(outside, path.join(root, 'd'));
      fs.mkdirSync(path.join(outside, 'e'));
      fs.writeFileSync(path.join(outside, 'e', 'b.md'), OUTSIDE_TEXT);
      assert.deepEqual(files.replace('d/e/b.md', Buffer.from('owned\n'), expected), {
        refused: 'outside',
      });
      assert.equal(fs.readFileSync(path.join(outside, 'e', 'b.md'), 'utf8'), OUTSIDE_TEXT);
    });

    it('never writes outside when a folder is swapped during the write (before the rename)', function () {
      if (process.platform !== 'linux' || pathChecks) this.skip(); // a rename by descriptor: /proc
      const r = files.read('d/e/b.md', 100);
      assert.ok(r.bytes);
      const expected = { version: r.version, bytes: Buffer.from(r.bytes) };
      fs.mkdirSync(path.join(outside, 'e'));
      fs.writeFileSync(path.join(outside, 'e', 'b.md'), 'beta\n');
      const swap = () => {
        fs.renameSync(path.join(root, 'd'), path.join(root, 'd-moved'));
        fs.symlinkSync(outside, path.join(root, 'd'));
      };
      files.replace('d/e/b.md', Buffer.from('fixed\n'), expected, { beforeRename: swap });
      assert.equal(fs.readFileSync(path.join(outside, 'e', 'b.md'), 'utf8'), 'beta\n');
      assert.equal(readBack('d-moved/e/b.md'), 'fixed\n');
    });
  });
