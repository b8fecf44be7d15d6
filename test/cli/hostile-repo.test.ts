// What a repository cannot make `amp-url check --fix` do (issue 26): each case is built in a temp
// folder holding a real git repository and files outside it, and after each run every file
// outside the repository is compared byte for byte with what it was. Symbolic links at each depth
// of a named path, hard links, a submodule, a nested repository, a folder swapped for a symbolic
// link during the fix, FIFOs, unreadable files (as an unprivileged user), names that are not
// UTF-8, UTF-32, a file edited between the read and the write, SIGINT and SIGKILL during the fix
// of a 40 MB file, a write error under `ulimit -f`. docs/security.md cites these tests.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/page';
const PUBLISHER = 'https://www.example.com/page';
const AMP_TEXT = `see ${CACHE} here\n`;
const FIXED_TEXT = `see ${PUBLISHER} here\n`;
const posix = process.platform !== 'win32';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir` (not following links, leaving out `skip`), as bytes by path. */
function snapshot(dir: string, skip: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const visit = (d: Buffer) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true, encoding: 'buffer' })) {
      const p = Buffer.concat([d, Buffer.from('/'), e.name]);
      if (p.toString() === skip) continue;
      if (e.isDirectory()) visit(p);
      else if (e.isFile()) out.set(p.toString('latin1'), fs.readFileSync(p));
    }
  };
  visit(Buffer.from(dir));
  return out;
}

describe('amp-url check --fix on a hostile repository: nothing outside it changes', function () {
  if (!posix) return; // symbolic links, FIFOs, signals and ulimit as a repository brings them
  this.timeout(120_000);
  let tmp: string;
  let repo: string;
  let outside: string;
  let before: Map<string, Buffer>;

  const write = (rel: string, text: string | Buffer, at = repo) => {
    const file = path.join(at, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  const read = (rel: string, at = repo) => fs.readFileSync(path.join(at, rel), 'utf8');
  /** Takes the snapshot of everything outside the repository that afterEach compares. */
  const freeze = () => {
    before = snapshot(tmp, repo);
  };

  beforeEach(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-hostile-')));
    repo = path.join(tmp, 'repo');
    outside = path.join(tmp, 'outside');
    fs.mkdirSync(repo);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    write('x.md', AMP_TEXT, outside);
    write('deep/x.md', AMP_TEXT, outside);
    write('in.md', AMP_TEXT);
    freeze();
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A test whose end compares every file outside the repository with the snapshot. */
  const hostile = (title: string, fn: (this: Mocha.Context) => void | Promise<void>) =>
    it(title, async function () {
      await fn.call(this);
      const after = snapshot(tmp, repo);
      assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
      for (const [p, bytes] of before) assert.ok(after.get(p)?.equals(bytes), `changed: ${p}`);
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

  describe('swaps and edits while the fix runs (AMP_URL_TEST_HOLD)', () => {
    /** Runs a fix that pauses at `moment`, does `act` there, and lets it end. */
    async function fixHeldAt(moment: HoldMoment, act: (rel: string) => void) {
      const held = await pausedFix(tmp, repo, moment, []);
      act(held.rel);
      held.go();
      return held.end;
    }

    /** repo/d/x.md to fix, and a fix paused at `moment` while d is swapped for a link out. */
    function swapFolderAt(moment: HoldMoment) {
      write('d/x.md', AMP_TEXT);
      write('d/x.md', AMP_TEXT, outside);
      freeze();
      return fixHeldAt(moment, () => {
        fs.renameSync(path.join(repo, 'd'), path.join(repo, 'd-old'));
        fs.symlinkSync(outside, path.join(repo, 'd'));
      });
    }

    hostile('a folder swapped for a symbolic link before the write: refused, exit 2', async () => {
      const r = await swapFolderAt('write');
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /d\/x\.md: skipped: not fixed: reached through a symbolic link/);
      assert.equal(read('d-old/x.md'), AMP_TEXT);
    });

    hostile(
      'a folder swapped for a symbolic link during the write: the rename stays in the real folder',
      async function () {
        if (process.platform !== 'linux') this.skip(); // a rename by descriptor needs /proc
        const r = await swapFolderAt('rename');
        assert.equal(r.code, 0, r.stderr);
        assert.equal(read('d-old/x.md'), FIXED_TEXT);
      },
    );

    for (const moment of ['write', 'rename'] as const) {
      hostile(
        `a file edited on disk before the ${moment}: not overwritten, reported, exit 2`,
        async () => {
          const edited = `${AMP_TEXT}a line the user wrote\n`;
          const r = await fixHeldAt(moment, (rel) => {
            write(rel, edited);
          });
          assert.equal(r.code, 2, r.stderr);
          assert.match(r.stderr, /in\.md: skipped: not fixed: changed since it was read/);
          assert.equal(read('in.md'), edited);
          assert.deepEqual(fs.readdirSync(repo).sort(), ['.git', 'in.md']); // no temporary file
        },
      );
    }
  });

  describe('a 40 MB fix interrupted', () => {
    const BIG = 'big.md';
    let original: Buffer;
    let fixed: Buffer;

    beforeEach(() => {
      const line = `${'lorem ipsum dolor sit amet '.repeat(36)}\n`;
      const parts: string[] = [];
      for (let size = 0, i = 0; size < 40e6; i++) {
        const l = i % 4000 === 0 ? AMP_TEXT : line;
        parts.push(l);
        size += l.length;
      }
      original = Buffer.from(parts.join(''));
      fixed = Buffer.from(parts.map((l) => (l === AMP_TEXT ? FIXED_TEXT : l)).join(''));
      fs.writeFileSync(path.join(repo, BIG), original);
    });

    /** The file is the original or the whole fix, never anything between; else says what. */
    const whole = (label: string) => {
      const now = fs.readFileSync(path.join(repo, BIG));
      assert.ok(
        now.equals(original) || now.equals(fixed),
        `${label}: ${now.length} bytes, neither the original nor the fix`,
      );
      return now.equals(fixed);
    };
    const tempFiles = () => fs.readdirSync(repo).filter((n) => n.endsWith('.tmp'));

    for (const signal of ['SIGINT', 'SIGKILL'] as const) {
      hostile(`${signal} at any moment leaves the original or the whole fix`, async () => {
        // As soon as a write shows (a temporary file, or the file itself changing: polled), then
        // at spread-out moments.
        const moments: (number | 'writing')[] = ['writing', 0, 100, 300, 600, 1000, 2000];
        for (const at of moments) {
          fs.writeFileSync(path.join(repo, BIG), original);
          const child = spawnFix();
          const end = ended(child);
          if (at === 'writing') {
            const exited = end.then(() => true);
            const writing = () =>
              tempFiles().length > 0 || fs.statSync(path.join(repo, BIG)).size !== original.length;
            while (!writing() && !(await Promise.race([exited, tick()]))) {
              /* polling */
            }
          } else await new Promise((resolve) => setTimeout(resolve, at));
          child.kill(signal);
          await end;
          whole(`killed at ${String(at)}`);
          for (const t of tempFiles()) fs.rmSync(path.join(repo, t)); // SIGKILL leaves it
        }
        // At the pause before the rename (the temporary file written and flushed): the original.
        fs.writeFileSync(path.join(repo, BIG), original);
        const held = await pausedFix(tmp, repo, 'rename', ['--max-file-size', '100000000']);
        held.child.kill(signal);
        await held.end;
        assert.equal(whole('killed before the rename'), false);
      });
    }

    function spawnFix(): ChildProcess {
      return spawn(process.execPath, [CLI, 'check', '--fix', '--max-file-size', '100000000'], {
        cwd: repo,
        stdio: 'ignore',
      });
    }

    hostile(
      'a write error (ulimit -f): the file kept, the temporary file removed, the rest fixed, exit 2',
      () => {
        // 20,000 blocks of 1024 bytes: in.md fits, the 40 MB file does not.
        const r = spawnSync(
          'bash',
          [
            '-c',
            'ulimit -f 20000; exec "$0" "$@"',
            process.execPath,
            CLI,
            'check',
            '--fix',
            '--max-file-size',
            '100000000',
          ],
          { cwd: repo, encoding: 'utf8' },
        );
        assert.equal(r.status, 2, r.stderr);
        assert.match(
          r.stderr,
          /^amp-url check: big\.md: skipped: not fixed: the write failed \(EFBIG\)/m,
        );
        assert.equal(r.stderr.match(/big\.md/g)?.length, 1);
        assert.ok(fs.readFileSync(path.join(repo, BIG)).equals(original));
        assert.deepEqual(tempFiles(), []);
        assert.equal(read('in.md'), FIXED_TEXT);
        assert.match(r.stdout, /^in\.md:1:5: fixed: /m);
      },
    );
  });
});

type HoldMoment = 'write' | 'rename';

/**
 * Starts `amp-url check --fix` paused at `moment` of its first fix (src/node/test-hold.ts), and
 * waits for the pause: the file's path, the child, `go` to let it on, and its end.
 */
async function pausedFix(tmp: string, cwd: string, moment: HoldMoment, args: string[]) {
  const hold = fs.mkdtempSync(path.join(tmp, 'hold-'));
  const [ready, go] = [path.join(hold, 'ready'), path.join(hold, 'go')];
  execFileSync('mkfifo', [ready, go]);
  const child = spawn(process.execPath, [CLI, 'check', '--fix', ...args], {
    cwd,
    env: { ...process.env, AMP_URL_TEST_HOLD: hold, AMP_URL_TEST_HOLD_AT: moment },
  });
  const end = ended(child).finally(() => {
    fs.rmSync(hold, { recursive: true, force: true });
  });
  const rel = await Promise.race([fs.promises.readFile(ready, 'utf8'), end.then(() => undefined)]);
  if (rel === undefined) {
    unblock(ready);
    assert.fail(`the fix never paused before its ${moment}`);
  }
  return {
    rel,
    child,
    end,
    go: () => {
      fs.writeFileSync(go, 'go');
    },
  };
}

/** The end of a child process: its code, signal and output. */
function ended(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Lets a pending read of the FIFO `fifo` end (its reader waits for a writer). */
function unblock(fifo: string): void {
  try {
    fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
  } catch {
    // No reader left: nothing waits.
  }
}

const tick = () =>
  new Promise<false>((resolve) =>
    setTimeout(() => {
      resolve(false);
    }, 2),
  );
