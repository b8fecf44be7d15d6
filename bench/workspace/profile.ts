// For the benchmarks that run in the extension host (apply-suite.ts, suite.ts): how long the host
// is blocked at a time (a 10 ms ticker), and, with AMP_URL_BENCH_PROFILE=<folder>, a CPU profile
// of the host with the gaps over 30 ms beside it, to tell whose code filled each gap.
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as v8 from 'node:v8';

/**
 * The longest gap between 10 ms ticks: how long the extension host was busy at a time, and when
 * that gap ended (performance.now()), to tell which phase held it.
 */
export function gapWatch(): () => { gap: number; at: number } {
  let gap = 0;
  let at = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 30)
      longGaps.push({ ms: now - last, endUs: Number(process.hrtime.bigint() / 1000n) });
    if (now - last > gap) [gap, at] = [now - last, now];
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    const now = performance.now();
    if (now - last > gap) [gap, at] = [now - last, now];
    return { gap, at };
  };
}

/**
 * Gaps over 30 ms, with when they ended on the monotonic clock V8's profiler stamps its samples
 * with (µs): AMP_URL_BENCH_PROFILE writes them beside the profile, to see what ran in each.
 */
const longGaps: { ms: number; endUs: number }[] = [];

/** A connected inspector session of this process, and a promise-returning `post`. */
function inspectorSession(): {
  post: (method: string, params?: object) => Promise<unknown>;
  disconnect: () => void;
} {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => {
      session.post(method, params, (err, res) => {
        if (err) reject(err);
        else resolve(res);
      });
    });
  return {
    post,
    disconnect: () => {
      session.disconnect();
    },
  };
}

/**
 * With AMP_URL_BENCH_PROFILE=<folder>: a CPU profile of the extension host (its own inspector,
 * in-process) around `op`, written as <folder>/<name>.cpuprofile (open it in Chrome's DevTools).
 * With AMP_URL_BENCH_ALLOC=<folder>: what the host's code allocated during `op`, garbage
 * included (V8's sampling heap profiler), as <folder>/<name>.heapprofile (sum it with
 * bench/workspace/alloc-owners.mjs).
 */
export async function profiled<T>(name: string, op: () => Promise<T>): Promise<T> {
  return allocations(name, () => cpuProfiled(name, op));
}

async function cpuProfiled<T>(name: string, op: () => Promise<T>): Promise<T> {
  const dir = process.env.AMP_URL_BENCH_PROFILE;
  if (!dir) return op();
  const { post, disconnect } = inspectorSession();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  // A few turns before `op`: the profiler's own start holds the thread, and a gap of `op`'s first
  // turn that began before the profiler ran would be missing its first samples.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const gaps = gapWatch();
  try {
    return await op();
  } finally {
    gaps();
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    fs.writeFileSync(`${dir}/${name}.gaps.json`, JSON.stringify(longGaps.splice(0)));
    disconnect();
  }
}

async function allocations<T>(name: string, op: () => Promise<T>): Promise<T> {
  const dir = process.env.AMP_URL_BENCH_ALLOC;
  if (!dir) return op();
  const { post, disconnect } = inspectorSession();
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    // AMP_URL_BENCH_ALLOC_KEPT=1: without what a scavenge collected, so what is left is what
    // survived the young generation (promoted, or still live at the end): whose objects make V8
    // grow the host's young generation (docs/benchmarks.md, issue 28).
    includeObjectsCollectedByMinorGC: !process.env.AMP_URL_BENCH_ALLOC_KEPT,
  });
  try {
    return await op();
  } finally {
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${name}.heapprofile`, JSON.stringify(profile));
    disconnect();
  }
}

/**
 * With AMP_URL_BENCH_HEAP=<folder>: a heap snapshot of the extension host, <folder>/<name>.heapsnapshot
 * (what the host holds at that point, after a full garbage collection; open it in DevTools'
 * Memory tab, or sum it with bench/workspace/heap-summary.mjs).
 */
export function heapSnapshot(name: string): void {
  const dir = process.env.AMP_URL_BENCH_HEAP;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  v8.writeHeapSnapshot(`${dir}/${name}.heapsnapshot`);
}
