// `normalize` of several trees measured paired, the way docs/benchmarks.md compares them: each
// tree's normalize bundled alone with esbuild (its own timing loop, so no call site is shared),
// the trees taking turns in one process on the bench's URLs (bench/urls.ts), best pass kept.
// On a shared machine turns give every tree the same background load; CPU time beside wall time
// shows how much of a pass the process really ran.
//
//   node scripts/bench-normalize-pair.mjs [--rounds N] [REV | . ...]
//
// A REV is any git revision (`main`, `21653fc^`); `.` is the working tree. Default: `main .`.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const trees = [];
  let rounds = 6;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds') rounds = Number(argv[++i]);
    else trees.push(argv[i]);
  }
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds wants a whole number');
  return { trees: trees.length > 0 ? trees : ['main', '.'], rounds };
}

function git(args, options = {}) {
  const r = spawnSync('git', ['-C', repo, ...args], { maxBuffer: 1 << 30, ...options });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${String(r.stderr).trim()}`);
  return r.stdout;
}

/** The folder holding `src/` of the tree: the working tree, or the revision's files in `tmp`. */
function sourceRoot(tree, tmp, index) {
  if (tree === '.') return repo;
  // `--end-of-options`: a revision is never read as an option of git.
  const commit = String(git(['rev-parse', '--verify', '--end-of-options', `${tree}^{commit}`]));
  const dir = path.join(tmp, `tree-${index}`);
  fs.mkdirSync(dir);
  const tar = git(['archive', '--format=tar', commit.trim(), 'src']);
  const r = spawnSync('tar', ['-x', '-C', dir], { input: tar });
  if (r.status !== 0) throw new Error(`tar: ${String(r.stderr).trim()}`);
  return dir;
}

// Each bundle's own loops: a loop shared by the trees would be optimized for the first one.
const ENTRY = (normalizePath) => `
import { normalize, NORMALIZE_PRESETS } from ${JSON.stringify(normalizePath)};
function time(urls, fn) {
  const t0 = performance.now();
  for (const u of urls) {
    try { fn(u); } catch { /* a refusal is work done, as in bench/urls.ts perSecond */ }
  }
  return urls.length / ((performance.now() - t0) / 1000);
}
export const passDefault = (urls) => time(urls, (u) => normalize(u));
export const passAggressive = (urls) => time(urls, (u) => normalize(u, NORMALIZE_PRESETS.aggressive));
`;

async function bundle(entryText, resolveDir, outfile) {
  await esbuild.build({
    stdin: { contents: entryText, resolveDir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    nodePaths: [path.join(repo, 'node_modules')],
    outfile,
    logLevel: 'warning',
  });
  return require(outfile);
}

/** One pass of `fn` over the URLs: [wall-clock URLs/s, CPU-time URLs/s]. */
function measure(fn, urls) {
  const cpu0 = process.cpuUsage();
  const wall = fn(urls);
  const cpu = process.cpuUsage(cpu0);
  return [wall, urls.length / ((cpu.user + cpu.system) / 1e6)];
}

const k = (n) => `${Math.round(n / 1000).toLocaleString('en-US')}k`;

async function main() {
  const { trees, rounds } = parseArgs(process.argv.slice(2));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'normalize-pair-'));
  try {
    const { benchUrls } = await bundle(
      `export { benchUrls } from ${JSON.stringify(path.join(repo, 'bench/urls.ts'))};`,
      repo,
      path.join(tmp, 'urls.cjs'),
    );
    const urls = benchUrls(200_000);
    const mods = [];
    for (const [i, tree] of trees.entries()) {
      const normalizePath = path.join(sourceRoot(tree, tmp, i), 'src/core/normalize/normalize.ts');
      mods.push(await bundle(ENTRY(normalizePath), repo, path.join(tmp, `normalize-${i}.cjs`)));
    }
    // [tree][default | aggressive] = [best wall, best CPU]
    const best = trees.map(() => [
      [0, 0],
      [0, 0],
    ]);
    for (let r = 0; r < rounds; r++) {
      for (let j = 0; j < mods.length; j++) {
        const i = (j + r) % mods.length; // each tree goes first in turn
        [mods[i].passDefault, mods[i].passAggressive].forEach((fn, preset) => {
          const [wall, cpu] = measure(fn, urls);
          best[i][preset] = [Math.max(best[i][preset][0], wall), Math.max(best[i][preset][1], cpu)];
        });
      }
    }
    console.log(
      `normalize, ${urls.length.toLocaleString('en-US')} URLs, best of ${rounds}, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log('| tree | default (wall) | aggressive (wall) | default (CPU) | aggressive (CPU) |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [i, tree] of trees.entries()) {
      const [[dw, dc], [aw, ac]] = best[i];
      const [[bdw, bdc], [baw, bac]] = best[0];
      const vs = (x, base) =>
        i === 0 ? '' : ` (${x >= base ? '+' : ''}${Math.round((x / base - 1) * 100)} %)`;
      console.log(
        `| ${tree} | ${k(dw)}${vs(dw, bdw)} | ${k(aw)}${vs(aw, baw)} | ${k(dc)}${vs(dc, bdc)} | ${k(ac)}${vs(ac, bac)} |`,
      );
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
