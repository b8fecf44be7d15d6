// The hostile repository the `amp-url check --fix` cases build (hostile-repo.test.ts,
// hostile-repo-during-fix.test.ts): a temp folder holding a real git repository and files outside
// it, the CLI run on it, and the snapshot of everything outside it that each case compares.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

export const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/page';
export const PUBLISHER = 'https://www.example.com/page';
export const AMP_TEXT = `see ${CACHE} here\n`;
export const FIXED_TEXT = `see ${PUBLISHER} here\n`;
export const posix = process.platform !== 'win32';

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `amp-url check --fix --max-file-size 100000000` in `cwd` under `ulimit -f 20000` (20,000
 * blocks of 1024 bytes): a file whose fix is larger can't be written, as on a full disk.
 */
export function fixUnderFileSizeLimit(cwd: string) {
  const fix = ['check', '--fix', '--max-file-size', '100000000'];
  const limited = 'ulimit -f 20000; exec "$0" "$@"';
  return spawnSync('bash', ['-c', limited, process.execPath, CLI, ...fix], {
    cwd,
    encoding: 'utf8',
  });
}

/** Every file under `dir` (not following links, leaving out `skip`), as bytes by path. */
export function snapshot(dir: string, skip: string): Map<string, Buffer> {
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

/** Where a case runs: a temp folder holding the repository (a real git repository) and `outside`. */
export interface HostileDirs {
  tmp: string;
  repo: string;
  outside: string;
}

/**
 * Registers the hooks of a describe of hostile-repository cases: before each, a fresh temp folder
 * with a git repository and files outside it (given to `use`); after each, its removal. Returns
 * the helpers the cases write and read with, and `hostile`, a test whose end compares every file
 * outside the repository with the snapshot `freeze` took.
 */
export function hostileRepoHooks(use: (dirs: HostileDirs) => void) {
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
    use({ tmp, repo, outside });
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
  return { write, read, freeze, hostile };
}
