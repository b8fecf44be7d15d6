// The command line's file I/O (issue 26), whole processes under /usr/bin/time (cli.ts's measure):
// - `amp-url check --fix` on 5,000 files of 16 KB, each with an AMP Cache URL (every file is
//   written: a temporary file, a flush, a rename), wall time beside `check` without --fix on the
//   same tree: the flushes are what a fix adds, and the write workers overlap them;
// - peak resident memory of `check --require normalized`, `check`, `check --fix` and `find` on a one-line file
//   of 1.7 million URLs (50 MB) under a raised --max-file-size, above an empty Node process's,
//   beside the file's size (goal: at most 4× the file).
// Wall time for the fix (its cost is waiting on the disk, not CPU), best of the runs.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { best, measure, q, type Measured } from './cli';
import { recordFigure, sized } from './urls';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'amp-url.js');
const WORK = path.join(os.tmpdir(), 'amp-url-cli-io-bench');

/** `files` files of about 16 KB in 350 folders, each with one AMP Cache URL, in a git repository. */
function fixTree(dir: string, files: number): void {
  if (fs.existsSync(path.join(dir, '.complete'))) return;
  fs.rmSync(dir, { recursive: true, force: true });
  const line = 'the AMP page links to a cache copy of the publisher article and its images ok\n';
  const prose = line.repeat(Math.ceil(16_000 / line.length));
  for (let f = 0; f < files; f++) {
    const sub = path.join(dir, `d${f % 50}`, `e${f % 7}`);
    fs.mkdirSync(sub, { recursive: true });
    const url = `https://www-example-com.cdn.ampproject.org/c/s/www.example.com/story${f}`;
    fs.writeFileSync(path.join(sub, `f${f}.md`), `${prose}see ${url} here\n`);
  }
  fs.mkdirSync(path.join(dir, '.git'));
  fs.writeFileSync(path.join(dir, '.complete'), '');
}

/** `check` (with `args`) on a fresh copy of the tree, wall time. */
function checkCopy(tree: string, args: string): Measured {
  const copy = path.join(WORK, 'fix-copy');
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(tree, copy, { recursive: true });
  return measure(`cd ${q(copy)} && exec node ${q(CLI)} check ${args} > /dev/null 2>/dev/null`);
}

function fixRuns(): void {
  const files = sized(5000, 50);
  const tree = path.join(WORK, `fix-tree-${files}`);
  fixTree(tree, files);
  const fixes: Measured[] = [];
  const checks: Measured[] = [];
  for (let i = 0; i < sized(3, 1); i++) {
    checks.push(checkCopy(tree, ''));
    fixes.push(checkCopy(tree, '--fix'));
  }
  const byWall = (runs: Measured[]) => runs.reduce((a, b) => (b.wallS < a.wallS ? b : a));
  const [fix, check] = [byWall(fixes), byWall(checks)];
  const n = files.toLocaleString('en-US');
  console.log(
    `  ${n} files of 16 KB, each with an AMP URL; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `    check --fix: ${fix.wallS.toFixed(2)} s wall, ${fix.cpuS.toFixed(2)} s CPU, peak ${fix.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `    check:       ${check.wallS.toFixed(2)} s wall, ${check.cpuS.toFixed(2)} s CPU, peak ${check.peakMb.toFixed(0)} MB`,
  );
  recordFigure({
    figure: `amp-url check --fix, ${n} files each fixed (wall)`,
    ours: fix.wallS,
    ceiling: check.wallS,
    unit: 's',
    ceilingName: 'check without --fix',
  });
}

/** A line of `count` normalized URLs, with one AMP Cache URL first (`check` reads its line). */
function oneLine(file: string, count: number): void {
  if (fs.existsSync(file)) return;
  const cache = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p ';
  fs.writeFileSync(file, `${cache}${'https://example.com/page?q=1 '.repeat(count)}\n`);
}

function memoryRuns(): void {
  const count = sized(1_720_000, 17_200);
  const file = path.join(WORK, `one-line-${count}.txt`);
  oneLine(file, count);
  const mb = fs.statSync(file).size / 2 ** 20;
  const node = best([measure('exec node -e 0'), measure('exec node -e 0')]);
  console.log(
    `  a line of ${count.toLocaleString('en-US')} URLs (${mb.toFixed(0)} MB); an empty Node process peaks at ${node.peakMb.toFixed(0)} MB`,
  );
  for (const command of ['check --require normalized', 'check', 'check --fix', 'find']) {
    const copy = path.join(WORK, 'one-line-copy.txt'); // --fix writes it
    fs.copyFileSync(file, copy);
    const r = measure(
      `cd ${q(WORK)} && exec node ${q(CLI)} ${command} --max-file-size 100000000 ${q(path.basename(copy))} > /dev/null 2>/dev/null`,
    );
    const above = r.peakMb - node.peakMb;
    console.log(
      `    ${command}: peak ${r.peakMb.toFixed(0)} MB (${(above / mb).toFixed(1)}× the file above Node's), ${r.cpuS.toFixed(1)} s CPU`,
    );
    recordFigure({
      figure: `amp-url ${command}, a ${mb.toFixed(0)} MB line: the file beside the peak memory above Node's`,
      ours: mb,
      ceiling: above,
      unit: 'MB',
      ceilingName: 'peak RSS above node -e 0',
      target: 0.25,
    });
  }
}

export function run(): void {
  if (!fs.existsSync(CLI)) {
    console.log('dist/cli/amp-url.js is missing: run npm run build:cli first (skipped)');
    return;
  }
  if (!fs.existsSync('/usr/bin/time')) {
    console.log('/usr/bin/time is missing (GNU time): skipped');
    return;
  }
  fs.mkdirSync(WORK, { recursive: true });
  fixRuns();
  memoryRuns();
}
