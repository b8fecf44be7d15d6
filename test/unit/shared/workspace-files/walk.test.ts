// The walker on an in-memory file system: include and exclude globs, pruning, ignore files per
// folder, links and special files reported without a real path, yielding and Cancel.
import * as assert from 'node:assert/strict';
import {
  MAX_IGNORE_LINES,
  walkFiles,
  type WalkFileSystem,
} from '../../../../src/shared/workspace-files';
import { memoryFs, type Tree } from '../../../helpers/memory-fs';

describe('walkFiles (in memory)', () => {
  it('applies the include glob, excludes and ignore files, and prunes what it leaves out', async () => {
    const log: string[] = [];
    const fs = memoryFs(
      {
        '.gitignore': 'dist/\n',
        'a.md': '',
        'b.ts': '',
        dist: { 'x.md': '' },
        node_modules: { big: { 'y.md': '' } },
        docs: { '.ignore': '*.tmp.md\n', 'c.md': '', 'c.tmp.md': '' },
        other: { 'd.md': '' },
      },
      log,
    );
    const r = await walkFiles(fs, { include: '{docs/**,*.md}', excludes: ['**/node_modules'] });
    assert.deepEqual(r.files, ['a.md', 'docs/.ignore', 'docs/c.md']);
    assert.ok(!log.some((l) => /dist|node_modules|other/.test(l)), log.join('\n'));
  });

  it('reports links and special files without following or opening them', async () => {
    const log: string[] = [];
    const r = await walkFiles(
      memoryFs(
        {
          'a.md': '',
          link: '->/etc',
          fifo: null,
          '.gitignore': '->/dev/zero',
          sub: { '.ignore': null },
        },
        log,
      ),
    );
    assert.deepEqual(r.files, ['a.md']);
    assert.deepEqual(r.skipped, [
      { path: 'fifo', reason: 'special' },
      { path: 'link', reason: 'symlink' },
    ]);
    assert.deepEqual(
      r.ignoreFilesNotRead.map((f) => f.path),
      ['.gitignore', 'sub/.ignore'],
    );
    assert.ok(!log.some((l) => l.startsWith('readFile')), log.join('\n'));
  });

  it('reports the ignore files and lines it could not use in path order, however reads finish', async () => {
    // Folders are read in parallel: here the first folder's ignore file is the last read.
    const tree: Tree = {
      a: { '.gitignore': 'x[\n', '.ignore': 'y\n'.repeat(MAX_IGNORE_LINES + 1) },
      b: { '.gitignore': '[z\nok\n[w\n', '.ignore': '->/etc/passwd' },
      c: { '.gitignore': '[v\n' },
    };
    const mem = memoryFs(tree);
    const slowFirst: WalkFileSystem = {
      ...mem,
      readFile: async (p, max) => {
        if (p.startsWith('a/')) await new Promise((resolve) => setTimeout(resolve, 30));
        return mem.readFile(p, max);
      },
    };
    const r = await walkFiles(slowFirst);
    assert.deepEqual(r.ignoreFilesNotRead, [
      { path: 'a/.ignore', problem: 'tooLarge' },
      { path: 'b/.ignore', problem: 'notRegular' },
    ]);
    assert.deepEqual(
      r.ignoreLinesNotUsed.map((p) => `${p.path}:${p.line}`),
      ['a/.gitignore:1', 'b/.gitignore:1', 'b/.gitignore:3', 'c/.gitignore:1'],
    );
  });

  it('gives the event loop back while it works, and stops when cancelled', async () => {
    const files: Tree = {};
    for (let i = 0; i < 20_000; i++) files[`f${i}.md`] = '';
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const r = await walkFiles(
      memoryFs({ '.gitignore': `a/${'**/'.repeat(14)}b\n*.x\n!f1.md\n`, big: files }),
    );
    clearInterval(timer);
    assert.equal(r.files.length, 20_001); // and the .gitignore
    assert.ok(ticks > 0, 'timers ran during the walk');
    let asked = 0;
    const cancelled = await walkFiles(memoryFs({ big: files }), {
      isCancelled: () => ++asked > 100,
    });
    assert.equal(cancelled.cancelled, true);
    assert.ok(cancelled.files.length <= 100);
  });

  it('Cancel ends the walk even while a file-system call never returns (a FIFO read)', async () => {
    const fs = memoryFs({ '.gitignore': 'x\n', 'a.md': '' });
    const hanging: WalkFileSystem = {
      ...fs,
      readFile: () => new Promise<undefined>(() => undefined), // never settles
    };
    let cancel = false;
    setTimeout(() => (cancel = true), 100);
    const r = await walkFiles(hanging, { isCancelled: () => cancel });
    assert.equal(r.cancelled, true);
    assert.deepEqual(r.ignoreFilesNotRead, [], 'a cancelled read is not reported as a problem');
  });

  it('parses a long ignore file a slice at a time, with the right line numbers; past MAX_IGNORE_LINES it is not applied', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => `gone-${i}.md`);
    lines[1099] = '*.{log';
    const r = await walkFiles(
      memoryFs({ '.gitignore': lines.join('\n'), 'gone-1199.md': '', 'a.log': '', 'a.md': '' }),
    );
    assert.deepEqual(r.files, ['.gitignore', 'a.log', 'a.md']);
    assert.deepEqual(
      r.ignoreLinesNotUsed.map((l) => [l.line, l.problem]),
      [[1100, 'invalid']],
    );
    const tooMany = Array.from({ length: MAX_IGNORE_LINES + 1 }, () => 'a.md').join('\n');
    const big = await walkFiles(memoryFs({ '.gitignore': tooMany, 'a.md': '' }));
    assert.deepEqual(big.files, ['.gitignore', 'a.md']);
    assert.deepEqual(big.ignoreFilesNotRead, [{ path: '.gitignore', problem: 'tooLarge' }]);
  });

  it('an include glob it cannot read lists nothing and says why', async () => {
    const r = await walkFiles(memoryFs({ 'a.md': '' }), { include: '*.{md' });
    assert.deepEqual(r.files, []);
    assert.deepEqual(r.globsNotUsed, [{ glob: '*.{md', problem: 'invalid' }]);
  });
});
