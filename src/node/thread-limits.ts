// How many workers a run of the direct writes or of the workspace scan starts, threads or child
// processes, and how much memory each may take: the command line's and the extension host's
// differ (issue 28).

/** How many workers a run starts at most, and the young generation each may use. */
export interface WorkerThreads {
  max: number;
  /** Each worker's resourceLimits.maxYoungGenerationSizeMb; V8's default when not set. */
  youngGenerationMb?: number;
  /**
   * Each worker a child process (child_process.fork) instead of a thread: its memory is then not
   * the calling process' (the extension host's).
   */
  processes?: boolean;
}

/**
 * `amp-url check --fix`: enough flushes in flight to share journal commits, few threads to start
 * (each is an isolate of its own, and its start holds the calling thread).
 */
export const CLI_THREADS: WorkerThreads = { max: 4 };

/**
 * In the extension host every worker is an isolate in the host's own memory, which the editor
 * keeps under 300 MB (issue 28): two workers, each with a young generation of 2 MB. A worker keeps
 * only the file at hand alive (a few times its size), so a larger young generation only holds
 * more garbage between collections: each collection is then shorter, and the isolate's resident
 * memory smaller (docs/benchmarks.md, issue 28, seventh round). A file larger than the young
 * generation is allocated in the old one, whose size is not limited here.
 */
export const EDITOR_THREADS: WorkerThreads = { max: 2, youngGenerationMb: 2 };

/**
 * The extension host's direct writes: as EDITOR_THREADS, each worker a child process. A thread's
 * isolate, stacks and allocator arenas stay in the host's resident memory, which the writes of
 * 10,000 files raised by 10–40 MB (docs/benchmarks.md, issue 28, eighth and ninth rounds); a
 * process' memory goes with it. Its start takes longer than a thread's, but not the host's time.
 */
export const EDITOR_PROCESSES: WorkerThreads = { ...EDITOR_THREADS, processes: true };

/** The Worker option that limits a worker's young generation, if `threads` asks for it. */
export function resourceLimits(threads: WorkerThreads): {
  resourceLimits?: { maxYoungGenerationSizeMb: number };
} {
  const mb = threads.youngGenerationMb;
  return mb === undefined ? {} : { resourceLimits: { maxYoungGenerationSizeMb: mb } };
}

/**
 * The Node flags that give a child process the young generation `threads` asks for: V8's young
 * generation is three semi-spaces (two, and the new large-object space), one megabyte at least.
 */
export function semiSpaceArgs(threads: WorkerThreads): string[] {
  const mb = threads.youngGenerationMb;
  return mb === undefined ? [] : [`--max-semi-space-size=${Math.max(1, Math.round(mb / 3))}`];
}
