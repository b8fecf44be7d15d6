// The command-line tool against its yardsticks, side by side in one run (issue 22):
// - `amp-url publisher` on a list of a million mixed URLs (cache, viewer and publisher URLs),
//   stdin to stdout, against the core's own publisherUrl loop over the same URLs in memory: the
//   CLI's reading, writing and per-line reporting may cost at most half (≥ 0.5×);
// - `amp-url check` on a 5,000-file, 100 MB tree against ripgrep searching the same tree for the
//   AMP hosts (goal: within 3×, ≥ 0.33×), beside the floor under it in Node: an empty Node
//   process, and Node walking and reading the same tree with nothing else (cli-read-floor.ts).
// Both sides are whole processes measured by /usr/bin/time (wall, CPU, peak memory), best CPU of
// 3 alternating runs (CPU time, as the other sections: wall time on a shared 2-core machine
// measures the other jobs); the core loop's figure is its loop alone (it reads the list first).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheUrl } from '../src/core';
import { benchUrls, prng, rate, recordFigure } from './urls';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'amp-url.js');
const WORK = path.join(os.tmpdir(), 'amp-url-cli-bench');
const TIME = '/usr/bin/time';
const RG = '/usr/bin/rg';

interface Measured {
  wallS: number;
  cpuS: number;
  peakMb: number;
  stdout: string;
}

/** Runs `sh -c script` under /usr/bin/time: wall and CPU seconds, peak resident memory. */
function measure(script: string): Measured {
  const out = path.join(WORK, 'time.txt');
  const r = spawnSync(TIME, ['-o', out, '-f', '%e %U %S %M', 'sh', '-c', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.error) throw r.error;
  // The last line: a command killed by a signal has a line about it first.
  const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
  const [wall, user, sys, kb] = lines[lines.length - 1].split(' ');
  return {
    wallS: Number(wall),
    cpuS: Number(user) + Number(sys),
    peakMb: Number(kb) / 1024,
    stdout: r.stdout,
  };
}

function best(runs: Measured[]): Measured {
  return runs.reduce((a, b) => (b.cpuS < a.cpuS ? b : a));
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A million URLs: a third AMP Cache URLs, a third viewer URLs, a third publisher URLs. */
function urlList(file: string, count: number): void {
  if (fs.existsSync(file)) return;
  const publishers = benchUrls(Math.ceil(count / 3), 11);
  const lines: string[] = [];
  for (let i = 0; lines.length < count; i++) {
    const p = publishers[i % publishers.length];
    const kind = i % 3;
    if (kind === 0) lines.push(cacheUrl(p));
    else if (kind === 1) lines.push(p.replace(/^https?:\/\//, 'https://www.google.com/amp/s/'));
    else lines.push(p);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** 5,000 files of about 20 KB (100 MB): prose, code-like lines and links, 1 in 10 with an AMP URL. */
function tree(dir: string, files: number, bytesPerFile: number): void {
  if (fs.existsSync(path.join(dir, '.complete'))) return;
  fs.rmSync(dir, { recursive: true, force: true });
  const rnd = prng(5);
  const urls = benchUrls(2000, 13);
  const words = 'the AMP page links to a cache copy of the publisher article and its images'.split(
    ' ',
  );
  for (let f = 0; f < files; f++) {
    const sub = path.join(dir, `d${f % 50}`, `e${f % 7}`);
    fs.mkdirSync(sub, { recursive: true });
    let text = '';
    while (text.length < bytesPerFile) {
      const r = rnd();
      if (r < 0.02) text += `<a href="${urls[Math.floor(rnd() * urls.length)]}">link</a>\n`;
      else {
        let line = '';
        while (line.length < 70) line += `${words[Math.floor(rnd() * words.length)]} `;
        text += `${line.trim()}\n`;
      }
    }
    if (f % 10 === 0) text += `see https://www.google.com/amp/s/example.com/story${f}\n`;
    fs.writeFileSync(path.join(sub, `f${f}.${['md', 'html', 'txt', 'json'][f % 4]}`), text);
  }
  fs.writeFileSync(path.join(dir, '.complete'), '');
}

export function run(): void {
  if (!fs.existsSync(CLI)) {
    console.log('dist/cli/amp-url.js is missing: run npm run build:cli first (skipped)');
    return;
  }
  if (!fs.existsSync(TIME)) {
    console.log(`${TIME} is missing (GNU time): skipped`);
    return;
  }
  fs.mkdirSync(WORK, { recursive: true });

  // 1. amp-url publisher vs the core's publisherUrl loop.
  const list = path.join(WORK, 'urls-1m.txt');
  urlList(list, 1_000_000);
  const coreLoop = path.join(ROOT, 'out', 'bench', 'cli-core-loop.js');
  const cliRuns: Measured[] = [];
  const coreRuns: Measured[] = [];
  for (let i = 0; i < 3; i++) {
    cliRuns.push(measure(`exec node ${q(CLI)} publisher < ${q(list)} > /dev/null 2>/dev/null`));
    coreRuns.push(measure(`exec node ${q(coreLoop)} ${q(list)}`));
  }
  const cli = best(cliRuns);
  const core = best(coreRuns);
  const loop = JSON.parse(core.stdout) as { cpuMs: number; wallMs: number; urls: number };
  const n = loop.urls;
  console.log(
    `  ${n.toLocaleString('en-US')} URLs (${(fs.statSync(list).size / 1e6).toFixed(0)} MB)`,
  );
  console.log(
    `  amp-url publisher (whole process): ${cli.wallS.toFixed(2)} s wall, ${cli.cpuS.toFixed(2)} s CPU, ` +
      `${rate(n / cli.cpuS)} CPU, peak ${cli.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `  core publisherUrl loop (in memory): ${(loop.wallMs / 1000).toFixed(2)} s wall, ${(loop.cpuMs / 1000).toFixed(2)} s CPU, ` +
      `${rate(n / (loop.cpuMs / 1000))} CPU; its process peaks at ${core.peakMb.toFixed(0)} MB (the list in memory)`,
  );
  recordFigure({
    figure: 'amp-url publisher, 1M mixed URLs (stdin → stdout, CPU)',
    ours: n / cli.cpuS,
    ceiling: n / (loop.cpuMs / 1000),
    unit: '/s',
    ceilingName: 'core publisherUrl loop in memory',
    target: 0.5,
  });

  // 2. amp-url check vs ripgrep on the same tree.
  const dir = path.join(WORK, 'tree-5000');
  tree(dir, 5000, 20_000);
  if (!fs.existsSync(RG)) {
    console.log(`  ${RG} is missing: the check's comparison is skipped`);
    return;
  }
  const pattern =
    'cdn\\.ampproject\\.org|bing-amp\\.com|www\\.google\\.[a-z.]+/amp/|www\\.bing\\.com/amp/';
  const checkRuns: Measured[] = [];
  const rgRuns: Measured[] = [];
  const floorRuns: Measured[] = [];
  const nodeRuns: Measured[] = [];
  const floor = path.join(ROOT, 'out', 'bench', 'cli-read-floor.js');
  for (let i = 0; i < 3; i++) {
    checkRuns.push(
      measure(`cd ${q(dir)} && exec node ${q(CLI)} check --format json > /dev/null 2>/dev/null`),
    );
    rgRuns.push(measure(`exec ${RG} -n ${q(pattern)} ${q(dir)} > /dev/null`));
    floorRuns.push(measure(`exec node ${q(floor)} ${q(dir)} > /dev/null`));
    nodeRuns.push(measure(`exec node -e 0`));
  }
  const check = best(checkRuns);
  const rg = best(rgRuns);
  const read = best(floorRuns);
  const node = best(nodeRuns);
  console.log(
    `  tree: 5,000 files, ${((5000 * 20_000) / 1e6).toFixed(0)} MB; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  amp-url check: ${check.wallS.toFixed(2)} s wall, ${check.cpuS.toFixed(2)} s CPU, peak ${check.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `  ripgrep (the AMP hosts): ${rg.wallS.toFixed(2)} s wall, ${rg.cpuS.toFixed(2)} s CPU, peak ${rg.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `  floor: Node walking and reading the tree (no search): ${read.cpuS.toFixed(2)} s CPU, peak ${read.peakMb.toFixed(0)} MB; ` +
      `an empty Node process: ${node.cpuS.toFixed(2)} s CPU`,
  );
  recordFigure({
    figure: 'amp-url check, 5,000 files / 100 MB (CPU)',
    ours: 5000 / check.cpuS,
    ceiling: 5000 / rg.cpuS,
    unit: '/s',
    ceilingName: 'ripgrep for the AMP hosts',
    target: 0.33,
  });
}
