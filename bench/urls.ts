// Deterministic, varied URLs shared by every benchmark, so figures compare like with like; and the
// size of a quick run.

/**
 * A quick run (`npm run bench -- --quick`; run.ts passes it on to the processes a section starts
 * as AMP_URL_BENCH_QUICK=1): every section on small inputs and single passes, so `npm test` proves
 * each one still runs. Its figures mean nothing.
 */
export const QUICK = process.env.AMP_URL_BENCH_QUICK === '1';

/** `full` in a real run; in a quick run `quick` (by default a hundredth of `full`). */
export function sized(full: number, quick = Math.max(1, Math.ceil(full / 100))): number {
  return QUICK ? quick : full;
}

/** A small seeded PRNG (mulberry32): the same URLs on every run and machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'news',
  'blog',
  'shop',
  'amp',
  'en-us',
  'media',
  'img',
  'static',
  'my-site',
  'a',
  'long-publisher-name',
];
const TLDS = ['com', 'org', 'co.uk', 'de', 'net', 'io', 'com.au', 'fr'];
const IDN = ['bücher', 'münchen', '⚡😊', 'пример', '例え'];
const SEGMENTS = [
  'article',
  '2026',
  'index.html',
  'img',
  'logo.png',
  'a%20b',
  'x',
  'story',
  'page.amp.html',
  '~user',
];
const QUERIES = ['', '', '?id=1', '?a=1&b=2', '?q=hello%20world', '?utm_source=x&id=7', '?amp=1'];

/** `count` publisher URLs: http and https, hyphens, subdomains, IDNs, paths, queries, escapes. */
export function benchUrls(count: number, seed = 42): string[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const labels: string[] = [];
    const depth = 1 + Math.floor(rnd() * 3);
    for (let d = 0; d < depth; d++) labels.push(rnd() < 0.05 ? pick(IDN) : pick(WORDS));
    if (rnd() < 0.5) labels.push(`site${i % 5000}`);
    const host = `${labels.join('.')}.${pick(TLDS)}`;
    const segments: string[] = [];
    const n = Math.floor(rnd() * 4);
    for (let s = 0; s < n; s++) segments.push(pick(SEGMENTS));
    const scheme = rnd() < 0.7 ? 'https' : 'http';
    urls.push(`${scheme}://${host}/${segments.join('/')}${pick(QUERIES)}`);
  }
  return urls;
}

/** Calls `fn` on every input (several passes, best kept) and returns items per second. */
export function perSecond(
  inputs: readonly string[],
  fn: (s: string) => unknown,
  passes = sized(3, 1),
): number {
  let best = Infinity;
  for (let p = 0; p < passes; p++) {
    const t0 = performance.now();
    for (const input of inputs) {
      try {
        fn(input);
      } catch {
        // Refusals count as work done: the benchmark measures throughput, not acceptance.
      }
    }
    best = Math.min(best, performance.now() - t0);
  }
  return inputs.length / (best / 1000);
}

/** Formats a rate like `1,234,567/s`. */
export function rate(n: number): string {
  return `${Math.round(n).toLocaleString('en-US')}/s`;
}

/** One figure of the table: ours beside its ceiling, measured in the same run. */
export interface Figure {
  figure: string;
  ours: number;
  ceiling: number;
  unit: string;
  ceilingName: string;
  target?: number; // the ratio ours / ceiling to reach; none for a comparison row
}

const figures: Figure[] = [];

/** Records a figure for the summary table `npm run bench` prints at the end; returns it. */
export function recordFigure(f: Figure): Figure {
  figures.push(f);
  return f;
}

const fmt = (n: number, unit: string): string =>
  unit === '/s' ? rate(n) : `${n.toFixed(0)} ${unit}`;

/** A table: figure, ours, ceiling, ratio, target, and whether the target is met. */
export function printFigures(list: readonly Figure[] = figures): void {
  const rows = list.map((f) => {
    const ratio = f.ours / f.ceiling;
    return [
      f.figure,
      fmt(f.ours, f.unit),
      `${fmt(f.ceiling, f.unit)} (${f.ceilingName})`,
      `${ratio.toFixed(2)}×`,
      f.target === undefined ? '—' : `≥ ${f.target}×`,
      f.target === undefined ? '' : ratio >= f.target ? 'met' : 'NOT MET',
    ];
  });
  const head = ['figure', 'ours', 'ceiling', 'ratio', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

let gc: (() => void) | undefined;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A full garbage collection (V8's gc, exposed on first use), then 20 ms of sleep: V8's helper
 * threads sweep the heap after it, and process CPU time would bill that sweep to the next
 * measurement (with this process's 40 MB of texts in the heap it halved the regex scan's figure
 * in one run and not in the next).
 */
export function collectGarbage(): void {
  if (!gc) {
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--expose-gc');
    gc = (require('node:vm') as typeof import('node:vm')).runInNewContext('gc') as () => void;
  }
  gc();
  Atomics.wait(pause, 0, 0, 20);
}

/**
 * Best CPU time (ms) of `ours` and of `ceiling` over `passes` alternating runs: alternating
 * spreads a busy machine's noise over both, and the best run is the least disturbed one.
 */
export function bestPairMs(
  ours: () => unknown,
  ceiling: () => unknown,
  passes = sized(15, 1),
): { ours: number; ceiling: number } {
  const cpuMs = (fn: () => unknown): number => {
    collectGarbage(); // neither side pays for the other's garbage (ours keeps 250,000 matches)
    const t0 = process.cpuUsage();
    fn();
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000;
  };
  let [a, b] = [Infinity, Infinity];
  for (let p = 0; p < passes; p++) {
    b = Math.min(b, cpuMs(ceiling));
    a = Math.min(a, cpuMs(ours));
  }
  return { ours: a, ceiling: b };
}
