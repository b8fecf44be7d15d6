// What a repository cannot make `amp-url check --fix` do while it runs (issue 26): a folder
// swapped for a symbolic link or a file edited between the read and the write (the fix held at
// that moment, AMP_URL_TEST_HOLD), SIGINT and SIGKILL during the fix of a 40 MB file. After each
// run every file outside the repository is compared byte for byte with what it was (hostile-repo.ts).
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from './paths';
import {
  AMP_TEXT,
  FIXED_TEXT,
  fixUnderFileSizeLimit,
  hostileRepoHooks,
  posix,
  type Run,
} from './hostile-repo';

describe('amp-url check --fix on a hostile repository: nothing outside it changes', function () {
  if (!posix) return; // symbolic links, FIFOs, signals and ulimit as a repository brings them
  this.timeout(120_000);
  let tmp: string;
  let repo: string;
  let outside: string;
  const { write, read, freeze, hostile } = hostileRepoHooks((dirs) => {
    ({ tmp, repo, outside } = dirs);
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
        const r = fixUnderFileSizeLimit(repo);
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
