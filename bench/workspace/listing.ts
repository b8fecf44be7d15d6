// `npm run bench -- walk`: the longest event-loop block while the workspace commands list the
// files of a hostile repository (issue 20), before and after the shared walker. Built in a temp
// folder: the 2-line .gitignore (a negation, then `a/` + fourteen `**/` + `b`) against a folder
// 11 to 25 levels deep, 300 packages with a 10-line .gitignore each, and 10,000 plain files.
//
// "Before" is what the extension host did itself with that .gitignore: match every listed path,
// folder by folder, with the `ignore` package (its lines as regular expressions); findFiles
// (ripgrep, another process) listed the paths. "After" is walkFiles over Node's fs, the same
// code the extension runs over workspace.fs. A heartbeat timer every 1 ms measures the longest
// time the event loop was held (what freezes the editor: no step may exceed 50 ms).
import ignore from 'ignore';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeWalkFileSystem } from '../../src/cli/node-fs';
import { walkFiles } from '../../src/shared/workspace-files';
import { packagesRepo } from '../../test/helpers/packages-repo';
import { QUICK, sized } from '../urls';

const PATHOLOGICAL = `!keep.md\na/${'**/'.repeat(14)}b\n`;

function write(root: string, rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A folder `levels` deep under `a/`, one file per level, with the pathological .gitignore. */
function deepRepo(root: string, levels: number): string[] {
  write(root, '.gitignore', PATHOLOGICAL);
  const files: string[] = [];
  let dir = 'a';
  for (let i = 0; i < levels; i++) {
    dir += `/d${i}`;
    write(root, `${dir}/f.md`, 'x');
    files.push(`${dir}/f.md`);
  }
  return files;
}

function manyPackagesRepo(root: string): void {
  for (const [rel, text] of packagesRepo(sized(300, 5), () => 'x')) write(root, rel, text);
}

function plainRepo(root: string): void {
  for (let i = 0, n = sized(10_000); i < n; i++)
    write(root, `section-${i % 100}/part-${i % 7}/file-${i}.md`, 'x');
}

/** Runs `work` with a 1 ms heartbeat: wall time and the longest event-loop block. */
async function measure(work: () => Promise<unknown>): Promise<{ ms: number; block: number }> {
  let last = performance.now();
  let block = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    block = Math.max(block, now - last);
    last = now;
  }, 1);
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  block = Math.max(block, performance.now() - last);
  return { ms, block };
}

/**
 * The old matching (src/shared/ignore-files.ts before the walker): each folder of a path, then
 * the path, tested with the `ignore` package; synchronous, as it ran after findFiles returned.
 */
function oldMatch(text: string, files: readonly string[]): number {
  const rules = ignore().add(text);
  let kept = 0;
  for (const f of files) {
    const parts = f.split('/');
    let out = false;
    for (let d = 1; d <= parts.length && !out; d++)
      out = rules.test(parts.slice(0, d).join('/') + (d < parts.length ? '/' : '')).ignored;
    if (!out) kept++;
  }
  return kept;
}

const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));

export async function run(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-bench-walk-'));
  const rows: string[][] = [];
  try {
    for (const levels of QUICK ? [11] : [11, 13, 19, 25]) {
      const root = path.join(tmp, `deep-${levels}`);
      const files = deepRepo(root, levels);
      // The old way takes 3-5x longer per two more levels (19 levels: 10 s in VS Code, minutes
      // here): past 13 it is not run.
      const before =
        levels <= 13
          ? await measure(() => Promise.resolve(oldMatch(PATHOLOGICAL, files)))
          : undefined;
      const after = await measure(() => walkFiles(nodeWalkFileSystem(root)));
      rows.push([
        `pathological .gitignore, ${levels} levels`,
        before ? `${fmt(before.ms)} ms / ${fmt(before.block)} ms` : 'not run (3–5× per 2 levels)',
        `${fmt(after.ms)} ms / ${fmt(after.block)} ms`,
      ]);
    }
    const pkgs = path.join(tmp, 'packages');
    manyPackagesRepo(pkgs);
    const p = await measure(() => walkFiles(nodeWalkFileSystem(pkgs)));
    rows.push([
      '300 packages, a 10-line .gitignore each',
      'spawn E2BIG (failed)',
      `${fmt(p.ms)} ms / ${fmt(p.block)} ms`,
    ]);
    const plain = path.join(tmp, 'plain');
    plainRepo(plain);
    const w = await measure(() => walkFiles(nodeWalkFileSystem(plain)));
    rows.push([
      '10,000 files in 700 folders',
      '(findFiles: ripgrep)',
      `${fmt(w.ms)} ms / ${fmt(w.block)} ms`,
    ]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log('  listing; wall time / longest event-loop block (ceiling: 50 ms)');
  console.log(`  ${'case'.padEnd(44)} ${'before'.padEnd(30)} after`);
  for (const [k, b, a] of rows) console.log(`  ${k.padEnd(44)} ${b.padEnd(30)} ${a}`);
}
