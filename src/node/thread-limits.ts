// How many worker threads a run of the direct writes or of the workspace scan starts, and how much
// memory each may take: the command line's and the extension host's differ (issue 28).

/** How many workers a run starts at most, and the young generation each may use. */
export interface WorkerThreads {
  max: number;
  /** Each worker's resourceLimits.maxYoungGenerationSizeMb; V8's default when not set. */
  youngGenerationMb?: number;
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

/** The Worker option that limits a worker's young generation, if `threads` asks for it. */
export function resourceLimits(threads: WorkerThreads): {
  resourceLimits?: { maxYoungGenerationSizeMb: number };
} {
  const mb = threads.youngGenerationMb;
  return mb === undefined ? {} : { resourceLimits: { maxYoungGenerationSizeMb: mb } };
}
