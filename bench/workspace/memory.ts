// For bench/workspace/suite.ts, with AMP_URL_BENCH_MEMORY=1 (`gc`: the collections alone): where
// the extension host's memory is during the workspace command (issue 28). A timeline of the
// host's process.memoryUsage(), of the process' resident memory by kind (/proc/self/status) and
// of each worker thread's heap
// (worker.getHeapStatistics, Node 22.16 and later), and at each step's peak a summary of the
// process' mappings (/proc/self/smaps): what the resident memory is that no heap accounts for.
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import type * as WorkerThreads from 'node:worker_threads';

// The module object itself (an `import * as` is a copy under esModuleInterop): the class is
// swapped on it.
const workerThreads = require('node:worker_threads') as typeof WorkerThreads;

const MB = 1e6;
const mb = (n: number) => (n / MB).toFixed(0);

/** The workers started since track() (the host's Worker class swapped for one that records). */
const live = new Set<WorkerThreads.Worker>();
let tracking = false;

/**
 * Records every Worker the host starts from now on: the direct writes and the scan look the class
 * up on the module when they start one, so the subclass put there sees each.
 */
function track(): void {
  if (tracking) return;
  tracking = true;
  const Base = workerThreads.Worker;
  class Tracked extends Base {
    constructor(...args: ConstructorParameters<typeof Base>) {
      super(...args);
      live.add(this);
      this.once('exit', () => live.delete(this));
    }
  }
  (workerThreads as { Worker: typeof Base }).Worker = Tracked;
}

/** kB fields of /proc/self/status, in bytes. */
function status(): Partial<Record<string, number>> {
  const out: Partial<Record<string, number>> = {};
  for (const line of fs.readFileSync('/proc/self/status', 'utf8').split('\n')) {
    const m = /^(\w+):\s+(\d+)( kB)?/.exec(line);
    if (m) out[m[1]] = Number(m[2]) * (m[3] ? 1000 : 1);
  }
  return out;
}

/**
 * Resident memory by kind of mapping: glibc's malloc arenas of threads other than the main one
 * (64 MB reservations, a readable part then an inaccessible rest), thread stacks (8 MB, a guard
 * page before), the main malloc heap ([heap]), files mapped, and other anonymous memory (V8's
 * heaps and code, Node's own mmaps).
 */
export function smapsSummary(): Record<string, number> {
  let text: string;
  try {
    text = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return {};
  }
  interface Mapping {
    start: number;
    end: number;
    perms: string;
    name: string;
    rss: number;
  }
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: parseInt(head[1], 16),
        end: parseInt(head[2], 16),
        perms: head[3],
        name: head[4],
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1].rss = Number(rss[1]) * 1024;
  }
  const sums: Record<string, number> = {};
  const add = (k: string, n: number) => (sums[k] = (sums[k] ?? 0) + n);
  const ARENA = 64 * 1024 * 1024;
  maps.forEach((m, i) => {
    const next = maps.at(i + 1);
    const prev = i > 0 ? maps[i - 1] : undefined;
    const size = m.end - m.start;
    if (m.name === '[heap]') add('main malloc heap', m.rss);
    else if (m.name.startsWith('[stack')) add('stacks', m.rss);
    else if (m.name !== '') add(m.name.startsWith('/') ? 'files' : m.name, m.rss);
    else if (
      m.start % ARENA === 0 &&
      (size === ARENA ||
        (next?.start === m.end && next.perms === '---p' && next.end - m.start === ARENA))
    )
      add('malloc arenas', m.rss);
    else if (
      prev?.end === m.start &&
      prev.perms === '---p' &&
      prev.end - prev.start === 4096 &&
      size >= 1 << 20
    )
      add('thread stacks', m.rss);
    else add(m.perms.includes('x') ? 'anon code' : 'other anon', m.rss);
  });
  return sums;
}

function newSpaceSize(): number {
  return v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space')?.space_size ?? 0;
}

interface Collection {
  gcType: string;
  cost: number;
  startTime: number;
  beforeGC: { heapSpaceStatistics: SpaceStats[] };
  afterGC: { heapSpaceStatistics: SpaceStats[] };
}

/** v8.GCProfiler's names for a space's figures. */
interface SpaceStats {
  spaceName: string;
  spaceSize: number;
  spaceUsedSize: number;
}

/** One line per collection: its kind, the young generation's use before and after, the old's. */
function printCollections(name: string, report: unknown): void {
  const stats = (report as { statistics?: Collection[] } | undefined)?.statistics ?? [];
  const used = (spaces: SpaceStats[], names: string[]) =>
    spaces.filter((x) => names.includes(x.spaceName)).reduce((a, x) => a + x.spaceUsedSize, 0);
  const size = (spaces: SpaceStats[], space: string) =>
    spaces.find((x) => x.spaceName === space)?.spaceSize ?? 0;
  let survived = 0;
  for (const gc of stats) {
    const b = gc.beforeGC.heapSpaceStatistics;
    const a = gc.afterGC.heapSpaceStatistics;
    const young = ['new_space', 'new_large_object_space'];
    const old = ['old_space', 'large_object_space', 'code_space', 'trusted_space'];
    const promoted = used(a, old) - used(b, old);
    if (gc.gcType === 'Scavenge') survived += used(a, young) + Math.max(0, promoted);
    console.log(
      `  mem ${name.padEnd(7)} gc ${gc.gcType.padEnd(18)} ${(gc.cost / 1000).toFixed(1).padStart(6)} ms: ` +
        `young ${mb(used(b, young))} -> ${mb(used(a, young))} of ${mb(size(a, 'new_space'))}, ` +
        `old ${mb(used(b, old))} -> ${mb(used(a, old))}; survived scavenges so far ${mb(survived)} MB`,
    );
  }
}

interface Sample {
  at: number;
  host: NodeJS.MemoryUsage;
  status: Partial<Record<string, number>>;
  workers: { heap: number; used: number; external: number; malloced: number }[];
  /** The host's heap spaces: committed size, used size. */
  spaces: { name: string; size: number; used: number }[];
}

async function sample(t0: number): Promise<Sample> {
  const workers = await Promise.all(
    [...live].map(async (w) => {
      const get = (w as { getHeapStatistics?: () => Promise<v8HeapStats> }).getHeapStatistics;
      if (!get) return { heap: 0, used: 0, external: 0, malloced: 0 };
      try {
        const s = await get.call(w);
        return {
          heap: s.total_heap_size,
          used: s.used_heap_size,
          external: s.external_memory,
          malloced: s.malloced_memory,
        };
      } catch {
        return { heap: 0, used: 0, external: 0, malloced: 0 }; // ended meanwhile
      }
    }),
  );
  const spaces = v8.getHeapSpaceStatistics().map((x) => ({
    name: x.space_name.replace(/_space$/, ''),
    size: x.space_size,
    used: x.space_used_size,
  }));
  return {
    at: performance.now() - t0,
    host: process.memoryUsage(),
    status: status(),
    workers,
    spaces,
  };
}

interface v8HeapStats {
  total_heap_size: number;
  used_heap_size: number;
  external_memory: number;
  malloced_memory: number;
}

function line(name: string, s: Sample): string {
  const h = s.host;
  const w = s.workers;
  const sum = (f: (x: Sample['workers'][number]) => number) => w.reduce((a, x) => a + f(x), 0);
  return (
    `  mem ${name.padEnd(7)} ${(s.at / 1000).toFixed(2).padStart(6)} s: rss ${mb(h.rss)} ` +
    `(anon ${mb(s.status.RssAnon ?? 0)}, file ${mb(s.status.RssFile ?? 0)}), threads ${s.status.Threads ?? '?'}; ` +
    `host heap ${mb(h.heapUsed)}/${mb(h.heapTotal)}, external ${mb(h.external)}, arrayBuffers ${mb(h.arrayBuffers)}; ` +
    `${w.length} workers: heap ${mb(sum((x) => x.used))}/${mb(sum((x) => x.heap))}, ` +
    `external ${mb(sum((x) => x.external))}, malloced ${mb(sum((x) => x.malloced))}; spaces ` +
    s.spaces
      .filter((x) => x.size >= MB)
      .map((x) => `${x.name} ${mb(x.used)}/${mb(x.size)}`)
      .join(', ')
  );
}

/**
 * Starts the timeline of one step (`name`): a sample every 500 ms, printed, and the mappings at
 * the step's highest RSS. Without AMP_URL_BENCH_MEMORY, does nothing.
 */
export function memoryTimeline(name: string): () => Promise<void> {
  if (!process.env.AMP_URL_BENCH_MEMORY) return () => Promise.resolve();
  track();
  if (name === 'scan')
    console.log(
      `  mem host flags: ${process.execArgv.join(' ') || '(none)'}; node ${process.version}`,
    );
  const t0 = performance.now();
  let peak = 0;
  let atPeak: Record<string, number> = {};
  let busy = false;
  const take = async () => {
    if (busy) return;
    busy = true;
    const s = await sample(t0);
    console.log(line(name, s));
    if (s.host.rss > peak) {
      peak = s.host.rss;
      atPeak = smapsSummary();
    }
    busy = false;
  };
  // AMP_URL_BENCH_MEMORY=gc: the collections and the young generation's size only, without the
  // samples, whose reading of /proc/self/smaps (megabytes of strings) itself survives scavenges.
  const samples = process.env.AMP_URL_BENCH_MEMORY !== 'gc';
  if (samples) void take();
  const timer = setInterval(() => samples && void take(), 500);
  // When the host's young generation changes its size (V8 grows it after bytes enough survived
  // its scavenges), to the 20 ms.
  let young = newSpaceSize();
  const youngTimer = setInterval(() => {
    const now = newSpaceSize();
    if (now !== young)
      console.log(
        `  mem ${name.padEnd(7)} ${((performance.now() - t0) / 1000).toFixed(2).padStart(6)} s: host new space ${mb(young)} -> ${mb(now)} MB`,
      );
    young = now;
  }, 20);
  // Each garbage collection of the host's heap: what survived a scavenge (copied in the young
  // generation, promoted to the old), which V8 sums to decide when to grow the young generation.
  const gcs = new v8.GCProfiler();
  gcs.start();
  return async () => {
    printCollections(name, gcs.stop());
    clearInterval(timer);
    clearInterval(youngTimer);
    while (busy) await new Promise((r) => setTimeout(r, 10));
    if (!samples) return;
    await take();
    const parts = Object.entries(atPeak)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${mb(v)}`);
    console.log(
      `  mem ${name.padEnd(7)} at its peak sample (rss ${mb(peak)} MB): ${parts.join(', ')}`,
    );
  };
}
