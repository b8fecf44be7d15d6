// `amp-url check --fix` on many files in many folders (issue 26): the fixes are written by
// several worker threads at once (src/cli/write-fixes.ts), and the run reports exactly what one
// writer did, in path order: every file fixed byte for byte, a file with another hard link left
// and reported (exit 1), a file that can't be written (`ulimit -f`) named (exit 2), the rest fixed.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixUnderFileSizeLimit } from './hostile-repo';
import { CLI } from './paths';

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/page';
const text = (i: number) => `line ${i}\nsee ${CACHE}${i} here\r\nend\n`;
const fixedText = (i: number) => text(i).replace(CACHE, 'https://www.example.com/page');
// 300 files in 12 folders: more than one worker's share (64 files), so several write at once.
const FILES = 300;
const rel = (i: number) => `d${i % 12}/f${String(i).padStart(3, '0')}.md`;

describe('amp-url check --fix on 300 files in 12 folders', function () {
  this.timeout(120_000);
  let repo: string;
  const file = (i: number) => path.join(repo, rel(i));

  beforeEach(() => {
    repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-fix-many-')));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (let i = 0; i < FILES; i++) {
      fs.mkdirSync(path.dirname(file(i)), { recursive: true });
      fs.writeFileSync(file(i), text(i), { mode: i % 2 ? 0o640 : 0o644 });
    }
  });
  afterEach(() => {
    fs.rmSync(repo, { recursive: true, force: true });
  });

  const run = () =>
    spawnSync(process.execPath, [CLI, 'check', '--fix'], { cwd: repo, encoding: 'utf8' });

  it('fixes every file, keeps each mode, reports them in path order', () => {
    const r = run();
    assert.equal(r.status, 0, r.stderr);
    const order = [...Array(FILES).keys()].sort((a, b) => (rel(a) < rel(b) ? -1 : 1));
    const expected = order.map(
      (i) => `${rel(i)}:2:5: fixed: ${CACHE}${i} -> https://www.example.com/page${i}`,
    );
    assert.deepEqual(r.stdout.trimEnd().split('\n'), expected);
    assert.equal(r.stderr, `amp-url check: ${FILES} files, 0 found, ${FILES} fixed\n`);
    for (let i = 0; i < FILES; i++) {
      assert.equal(fs.readFileSync(file(i), 'utf8'), fixedText(i), rel(i));
      assert.equal(fs.statSync(file(i)).mode & 0o777, i % 2 ? 0o640 : 0o644, rel(i));
    }
    for (let d = 0; d < 12; d++) assert.equal(fs.readdirSync(path.join(repo, `d${d}`)).length, 25);
  });

  it('a hard-linked file is left (exit 1), a write error named (exit 2), the rest fixed', function () {
    if (process.platform === 'win32') this.skip(); // ulimit
    fs.linkSync(file(7), path.join(repo, 'link.md'));
    // 30 MB with the URL at its end: over `ulimit -f` (20 MB), so its temporary file can't be written.
    const big = `${'x'.repeat(80)}\n`.repeat(370_000) + text(5);
    fs.writeFileSync(file(5), big);
    const r = fixUnderFileSizeLimit(repo);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      /^amp-url check: d7\/f007\.md: skipped: not fixed: it has other hard links/m,
    );
    assert.match(
      r.stderr,
      /^amp-url check: d5\/f005\.md: skipped: not fixed: the write failed \(EFBIG\)/m,
    );
    assert.match(r.stderr, /: 301 files, 3 found, 298 fixed, 3 skipped\n$/);
    assert.equal(fs.readFileSync(file(5), 'utf8'), big);
    for (let i = 0; i < FILES; i++) {
      if (i === 5) continue;
      assert.equal(fs.readFileSync(file(i), 'utf8'), i === 7 ? text(i) : fixedText(i), rel(i));
    }
  });
});
