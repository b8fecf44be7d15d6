// The sample pre-commit hook (docs/examples/pre-commit), run by `git commit` in a temp repository:
// findings block the commit with their message; a tool that is missing or fails blocks it with a
// message that says so, never "AMP URLs in staged files".
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ROOT } from './paths';

const HOOK = path.join(ROOT, 'docs', 'examples', 'pre-commit');
const VIEWER = 'https://www.google.com/amp/s/example.com/p';
const FINDINGS = 'AMP URLs in staged files';

/** A PATH holding git, sh and the core utilities, and nothing named amp-url. */
function pathWithoutAmpUrl(bin: string): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  return [bin, ...dirs.filter((d) => !fs.existsSync(path.join(d, 'amp-url')))].join(path.delimiter);
}

describe('the sample pre-commit hook', function () {
  this.timeout(60_000);
  let tmp: string;
  let repo: string;
  let bin: string;

  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

  /** Stages `files` and commits with the hook; env adds to the hook's environment. */
  function commit(files: Record<string, string>, env: Record<string, string> = {}) {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      fs.writeFileSync(path.join(repo, rel), text);
    }
    git('add', '-A');
    const r = spawnSync('git', ['commit', '-q', '-m', 'change'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, PATH: pathWithoutAmpUrl(bin), ...env },
    });
    return { code: r.status, stderr: r.stderr, stdout: r.stdout };
  }

  const commits = () => Number(git('rev-list', '--count', '--all').trim());

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-hook-'));
    repo = path.join(tmp, 'repo');
    bin = path.join(tmp, 'bin');
    fs.mkdirSync(repo);
    fs.mkdirSync(bin);
    git('init', '-q');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('config', 'commit.gpgsign', 'false');
    fs.writeFileSync(path.join(repo, 'README.md'), 'start\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'start');
    fs.copyFileSync(HOOK, path.join(repo, '.git', 'hooks', 'pre-commit'));
    fs.chmodSync(path.join(repo, '.git', 'hooks', 'pre-commit'), 0o755);
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('without amp-url on PATH: blocks the commit and says the tool is missing', () => {
    const r = commit({ 'page.md': 'no URL here\n' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /"amp-url" not found: the staged files were not checked/);
    assert.doesNotMatch(r.stderr, new RegExp(FINDINGS));
    assert.equal(commits(), 1);
  });

  it('with an amp-url that exits 2: blocks the commit and says it failed', () => {
    const stub = path.join(bin, 'amp-url');
    fs.writeFileSync(stub, '#!/bin/sh\necho "amp-url check: .amp-url.json: broken" >&2\nexit 2\n');
    fs.chmodSync(stub, 0o755);
    const r = commit({ 'page.md': 'no URL here\n' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /amp-url check: \.amp-url\.json: broken/);
    assert.match(
      r.stderr,
      /amp-url check failed \(exit 2, see above\): the staged files were not checked/,
    );
    assert.doesNotMatch(r.stderr, new RegExp(FINDINGS));
    assert.equal(commits(), 1);
  });

  it('with the real tool: a staged AMP URL blocks the commit with its finding', () => {
    // A file named like an option is still a file (the hook ends the options with `--`).
    const r = commit({ 'a b.md': `see ${VIEWER}\n`, '--fix': 'plain\n' }, { AMP_URL: CLI });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /AMP URLs in staged files/);
    // git shows the hook's output on stderr.
    assert.match(r.stdout + r.stderr, /^a b\.md:1:5: AMP viewer URL: .*\[amp-viewer-url\]$/m);
    assert.equal(fs.readFileSync(path.join(repo, 'a b.md'), 'utf8'), `see ${VIEWER}\n`);
    assert.equal(commits(), 1);
  });

  it('with the real tool: clean staged files commit', () => {
    const r = commit({ 'page.md': 'see https://example.com/p\n' }, { AMP_URL: CLI });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(commits(), 2);
  });

  it('a commit of deletions only needs no tool', () => {
    git('rm', '-q', 'README.md');
    const r = commit({});
    assert.equal(r.code, 0, r.stderr);
    assert.equal(commits(), 2);
  });
});
