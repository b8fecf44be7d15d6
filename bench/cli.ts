// The command-line tool against its yardsticks, side by side in one run (issue 22):
// - `amp-url publisher` on two lists of a million URLs (all AMP Cache URLs; a crawl-like mix with
//   one AMP URL in twenty), stdin to stdout, against the core's own loops over the same URLs in
//   memory (publisherUrl, tryPublisherUrl, and `new URL` as the ceiling of any URL reading): the
//   CLI's reading, writing and per-line reporting may cost at most half (≥ 0.5×) (issue 26);
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
import { benchUrls, prng, rate, recordFigure, sized } from './urls';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'amp-url.js');
const WORK = path.join(os.tmpdir(), 'amp-url-cli-bench');
const TIME = '/usr/bin/time';
const RG = '/usr/bin/rg';

export interface Measured {
  wallS: number;
  cpuS: number;
  peakMb: number;
  stdout: string;
}

/** Runs `sh -c script` under /usr/bin/time: wall and CPU seconds, peak resident memory. */
export function measure(script: string): Measured {
  fs.mkdirSync(WORK, { recursive: true });
  // Its own file: another checkout's bench may be running in the same WORK folder.
  const out = path.join(WORK, `time-${process.pid}.txt`);
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

export function best(runs: Measured[]): Measured {
  return runs.reduce((a, b) => (b.cpuS < a.cpuS ? b : a));
}

export const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The two lists of issue 26, `count` lines each: every line an AMP Cache URL (`all-amp`: all
 * convertible, where the I/O dominates), or a crawl-like mix where one line in twenty is an AMP URL
 * (cache and viewer URLs taking turns) and the others are publisher URLs, which are refused.
 */
function urlList(file: string, count: number, mix: 'all-amp' | 'crawl'): void {
  if (fs.existsSync(file)) return;
  const publishers = benchUrls(Math.min(count, 200_000), 11);
  const lines: string[] = [];
  for (let i = 0; lines.length < count; i++) {
    const p = publishers[i % publishers.length];
    if (mix === 'all-amp' || i % 40 === 0) lines.push(cacheUrl(p));
    else if (i % 40 === 20) lines.push(p.replace(/^https?:\/\//, 'https://www.google.com/amp/s/'));
    else lines.push(p);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** What cli-core-loop.ts prints: CPU ms of each loop over the list in memory. */
interface CoreLoops {
  urls: number;
  converted: number;
  publisherUrlMs: number;
  tryPublisherUrlMs: number;
  newUrlMs: number;
}

/** `amp-url publisher` on one list, beside the core's loops over it in memory (one process each). */
function publisherList(name: string, mix: 'all-amp' | 'crawl', count: number): void {
  const list = path.join(WORK, `urls-${mix}-${count}.txt`);
  urlList(list, count, mix);
  const coreLoop = path.join(ROOT, 'out', 'bench', 'cli-core-loop.js');
  const cliRuns: Measured[] = [];
  const loops: CoreLoops[] = [];
  for (let i = 0; i < sized(3, 1); i++) {
    cliRuns.push(measure(`exec node ${q(CLI)} publisher < ${q(list)} > /dev/null 2>/dev/null`));
    loops.push(JSON.parse(measure(`exec node ${q(coreLoop)} ${q(list)}`).stdout) as CoreLoops);
  }
  const cli = best(cliRuns);
  const fastest = (k: 'publisherUrlMs' | 'tryPublisherUrlMs' | 'newUrlMs') =>
    Math.min(...loops.map((l) => l[k]));
  const n = loops[0].urls;
  const perS = (ms: number) => n / (ms / 1000);
  console.log(
    `  ${name}: ${n.toLocaleString('en-US')} URLs (${(fs.statSync(list).size / 1e6).toFixed(0)} MB), ${loops[0].converted.toLocaleString('en-US')} convertible`,
  );
  console.log(
    `    amp-url publisher (whole process): ${cli.wallS.toFixed(2)} s wall, ${cli.cpuS.toFixed(2)} s CPU, ` +
      `${rate(n / cli.cpuS)} CPU, peak ${cli.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `    core loops in memory (CPU): publisherUrl (try/catch) ${rate(perS(fastest('publisherUrlMs')))}, ` +
      `tryPublisherUrl ${rate(perS(fastest('tryPublisherUrlMs')))}, new URL(u).href ${rate(perS(fastest('newUrlMs')))}`,
  );
  const core = Math.min(fastest('publisherUrlMs'), fastest('tryPublisherUrlMs'));
  recordFigure({
    figure: `amp-url publisher, ${name} (stdin → stdout, CPU)`,
    ours: n / cli.cpuS,
    ceiling: perS(core),
    unit: '/s',
    ceilingName: 'core publisherUrl loop in memory',
    target: 0.5,
  });
  recordFigure({
    figure: `core publisherUrl loop, ${name} (CPU)`,
    ours: perS(core),
    ceiling: perS(fastest('newUrlMs')),
    unit: '/s',
    ceilingName: 'new URL(u).href loop',
  });
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

  // 1. amp-url publisher vs the core's loops, on both lists.
  const count = sized(1_000_000);
  const n = count.toLocaleString('en-US');
  publisherList(`${n} AMP Cache URLs`, 'all-amp', count);
  publisherList(`${n} crawl-like URLs, 1 AMP URL in 20`, 'crawl', count);

  // 2. amp-url check vs ripgrep on the same tree.
  const files = sized(5000, 50);
  const dir = path.join(WORK, `tree-${files}`);
  tree(dir, files, 20_000);
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
  for (let i = 0; i < sized(3, 1); i++) {
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
    `  tree: ${files.toLocaleString('en-US')} files, ${((files * 20_000) / 1e6).toFixed(0)} MB; load average ${os.loadavg()[0].toFixed(1)}`,
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
    figure: `amp-url check, ${files.toLocaleString('en-US')} files (CPU)`,
    ours: files / check.cpuS,
    ceiling: files / rg.cpuS,
    unit: '/s',
    ceilingName: 'ripgrep for the AMP hosts',
    target: 0.33,
  });
}
