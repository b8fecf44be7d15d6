// What a repository cannot make `amp-url check --fix` do (issue 26): each case is built in a temp
// folder holding a real git repository and files outside it, and after each run every file
// outside the repository is compared byte for byte with what it was. Symbolic links at each depth
// of a named path, hard links, a submodule, a nested repository, a folder swapped for a symbolic
// link during the fix, FIFOs, unreadable files (as an unprivileged user), names that are not
// UTF-8, UTF-32, a file edited between the read and the write, SIGINT and SIGKILL during the fix
// of a 40 MB file, a write error under `ulimit -f`. docs/security.md cites these tests. The swaps
// and edits while the fix runs, and the interrupted fix: hostile-repo-during-fix.test.ts.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from './paths';
import { AMP_TEXT, FIXED_TEXT, hostileRepoHooks, posix, run } from './hostile-repo';

describe('amp-url check --fix on a hostile repository: nothing outside it changes', function () {
  if (!posix) return; // symbolic links, FIFOs, signals and ulimit as a repository brings them
  this.timeout(120_000);
  let tmp: string;
  let repo: string;
  let outside: string;
  const { write, read, freeze, hostile } = hostileRepoHooks((dirs) => {
    ({ tmp, repo, outside } = dirs);
  });

  describe('symbolic links in a named path', () => {
    const layouts = [
      { link: 'link', named: 'link/x.md' },
      { link: 'link', named: 'link/deep/x.md' },
      { link: 'a/link', named: 'a/link/x.md' },
      { link: 'a/b/link', named: 'a/b/link/x.md' },
      { link: 'a/b/link', named: 'a/b/link/deep/x.md' },
    ];
    for (const { link, named } of layouts) {
      hostile(`refuses ${named} (relative and absolute) with the reason, exit 2`, () => {
        fs.mkdirSync(path.dirname(path.join(repo, link)), { recursive: true });
        fs.symlinkSync(outside, path.join(repo, link));
        for (const name of [named, path.join(repo, named)]) {
          const r = run(['--fix', name], repo);
          assert.equal(r.code, 2, r.stderr);
          assert.match(r.stderr, / is reached through a symbolic link \(.*\): refused/);
          assert.equal(r.stderr.split('\n').length, 2, r.stderr); // one line
          assert.equal(r.stdout, '');
        }
        // From a sub-folder, relative to it.
        const sub = path.dirname(path.join(repo, link));
        const r = run(['--fix', path.relative(sub, path.join(repo, named))], sub);
        assert.equal(r.code, 2, r.stderr);
        // The walk does not follow it either; the repository's own file is fixed.
        const all = run(['--fix'], repo);
        assert.equal(all.code, 0, all.stderr);
        assert.equal(read('in.md'), FIXED_TEXT);
      });
    }
  });

  hostile('a file with another hard link (outside) is reported, not written: exit 1', () => {
    fs.linkSync(path.join(outside, 'x.md'), path.join(repo, 'hard.md'));
    const r = run(['--fix'], repo);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /hard\.md: skipped: not fixed: it has other hard links/);
    assert.equal(read('in.md'), FIXED_TEXT);
  });

  hostile('leaves a git submodule and a nested repository to their own repository', () => {
    const lib = path.join(tmp, 'lib');
    write('x.md', AMP_TEXT, lib);
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd,
        stdio: 'pipe',
      });
    git(lib, 'init', '-q');
    git(lib, 'add', '.');
    git(lib, 'commit', '-qm', 'lib');
    git(repo, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'mods/lib');
    write('nested/x.md', AMP_TEXT);
    git(path.join(repo, 'nested'), 'init', '-q');
    freeze();
    const inside = () => [read('mods/lib/x.md'), read('nested/x.md')];
    for (const args of [['--fix'], ['--fix', 'mods/lib/x.md', 'nested/x.md'], ['--fix', 'mods']]) {
      const r = run(args, repo);
      assert.deepEqual(inside(), [AMP_TEXT, AMP_TEXT], args.join(' '));
      assert.match(r.stderr, /mods\/lib[^\n]*: skipped: [^\n]*git submodule or nested repository/);
      assert.notEqual(r.code, 2, r.stderr);
    }
    assert.match(run(['--fix'], repo).stderr, /nested: skipped: a git submodule or nested/);
    assert.equal(read('in.md'), FIXED_TEXT);
  });

  hostile('never opens a FIFO (named or walked): no hang, reported', () => {
    execFileSync('mkfifo', [path.join(repo, 'pipe.md')]);
    execFileSync('mkfifo', [path.join(outside, 'pipe.md')]);
    fs.symlinkSync(outside, path.join(repo, 'link'));
    freeze();
    const r = run(['--fix'], repo);
    assert.match(r.stderr, /pipe\.md: skipped: not a regular file/);
    assert.equal(run(['--fix', 'pipe.md'], repo).code, 0);
    assert.equal(run(['--fix', 'link/pipe.md'], repo).code, 2);
  });

  hostile(
    'names a file it cannot read (mode 000, as an unprivileged user) and exits 2',
    function () {
      const nobody = { uid: 65534, gid: 65534 };
      if (process.getuid?.() !== 0) {
        // Not root: run as ourselves, where mode 000 already holds.
      } else {
        // Root reads anything: drop to nobody, who must reach the tool and the repository.
        const probe = spawnSync(process.execPath, [CLI, '--version'], { ...nobody });
        if (probe.status !== 0) this.skip(); // the tool is not readable by nobody here
        fs.chmodSync(tmp, 0o755);
        fs.chmodSync(repo, 0o755);
        fs.chmodSync(path.join(repo, 'in.md'), 0o644);
      }
      write('secret.md', AMP_TEXT);
      fs.chmodSync(path.join(repo, 'secret.md'), 0o000);
      write('locked/y.md', AMP_TEXT);
      fs.chmodSync(path.join(repo, 'locked'), 0o000);
      const asUser = process.getuid?.() === 0 ? nobody : {};
      const r = spawnSync(process.execPath, [CLI, 'check'], {
        cwd: repo,
        encoding: 'utf8',
        ...asUser,
      });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /secret\.md: skipped: unreadable \(EACCES\)/);
      assert.match(r.stderr, /locked: skipped: a folder that could not be read/);
      assert.match(r.stdout, /^in\.md:1:5: /);
      fs.chmodSync(path.join(repo, 'locked'), 0o755);
    },
  );

  hostile('names a file whose name is not UTF-8 and exits 2', () => {
    const name = Buffer.concat([
      Buffer.from(`${repo}/caf`),
      Buffer.from([0xe9]),
      Buffer.from('.md'),
    ]);
    fs.writeFileSync(name, AMP_TEXT);
    const r = run(['--fix'], repo);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /caf\uFFFD\.md: skipped: a name that is not UTF-8/);
    assert.equal(fs.readFileSync(name, 'utf8'), AMP_TEXT);
    assert.equal(read('in.md'), FIXED_TEXT);
  });

  hostile('names UTF-32 files (with and without a BOM), leaves them as they are, exit 2', () => {
    const utf32 = (text: string, le: boolean, bom: boolean) => {
      const units: number[] = [];
      for (const c of (bom ? '\ufeff' : '') + text) units.push(c.codePointAt(0) ?? 0);
      const b = Buffer.alloc(units.length * 4);
      units.forEach((u, i) => (le ? b.writeUInt32LE(u, i * 4) : b.writeUInt32BE(u, i * 4)));
      return b;
    };
    const files = {
      'le-bom.txt': utf32(AMP_TEXT, true, true),
      'be-bom.txt': utf32(AMP_TEXT, false, true),
      'le.txt': utf32(AMP_TEXT, true, false),
      'be.txt': utf32(AMP_TEXT, false, false),
    };
    for (const [rel, bytes] of Object.entries(files)) write(rel, bytes);
    const r = run(['--fix'], repo);
    assert.equal(r.code, 2, r.stderr);
    for (const [rel, bytes] of Object.entries(files)) {
      assert.match(r.stderr, new RegExp(`${rel.replace('.', '\\.')}: skipped: .*UTF-32`), rel);
      assert.ok(fs.readFileSync(path.join(repo, rel)).equals(bytes), rel);
    }
  });

  hostile(
    'an invalid --include or --exclude glob is a usage error: nothing read or written',
    () => {
      for (const args of [
        ['--include', '{a'],
        ['--exclude', '[]'],
      ]) {
        const r = run(['--fix', ...args], repo);
        assert.equal(r.code, 2, args.join(' '));
        assert.match(r.stderr, /not a valid glob/);
        assert.equal(r.stderr.split('\n').length, 2);
      }
      assert.equal(read('in.md'), AMP_TEXT);
    },
  );

  hostile('memory: a one-line file of 100,000 URLs is checked within a 40 MB heap', () => {
    // Every URL of the line used to be kept until the file's findings were made (500 bytes each).
    write('one-line.txt', `${'https://example.com/page?q=1 '.repeat(100_000)}\n`);
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=40', CLI, 'check', '--require', 'normalized', 'one-line.txt'],
      { cwd: repo, encoding: 'utf8' },
    );
    assert.equal(r.signal, null, r.stderr.slice(0, 500));
    assert.equal(r.status, 0, r.stderr.slice(0, 500));
  });
});
