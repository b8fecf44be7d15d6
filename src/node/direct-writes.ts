// Runs write jobs (write-jobs.ts) in worker threads, for the extension's desktop build and
// `amp-url check --fix`: the calling thread only hands out jobs and counts outcomes, so it never
// waits on a write or a flush, and several flushes are in flight. Jobs of one folder go to one
// worker (safe-file.ts keeps the folder it last opened), the folders spread over the workers by
// their number of files.
import * as path from 'node:path';
import type { WorkerData, WorkerMessage, WriteJob, WriteOutcome } from './write-jobs';
import { CLI_THREADS, EDITOR_PROCESSES, type WorkerThreads } from './thread-limits';
import { poolSize, startWorkerPool } from './worker-pool';

/** Files per worker below which fewer workers are started (a thread costs a few milliseconds). */
const JOBS_PER_WORKER = 64;

export interface DirectRun {
  /** Resolves when every worker has ended: one outcome per job, undefined for a job not done. */
  done: Promise<(WriteOutcome | undefined)[]>;
  /** Stops every worker between two files (each file is then written whole or not at all). */
  stop: () => void;
}

/** The jobs split into `n` lists, a folder's jobs together, the lists of about equal length. */
export function splitByFolder(jobs: readonly WriteJob[], n: number): number[][] {
  const folders = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    const dir = job.rel.includes('/') ? job.rel.slice(0, job.rel.lastIndexOf('/')) : '';
    let list = folders.get(dir);
    if (!list) folders.set(dir, (list = []));
    list.push(i);
  });
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (const list of [...folders.values()].sort((a, b) => b.length - a.length)) {
    let shortest = lists[0];
    for (const l of lists) if (l.length < shortest.length) shortest = l;
    shortest.push(...list);
  }
  return lists.filter((l) => l.length > 0);
}

/**
 * Starts the jobs of one root (a workspace folder's path on disk). `onOutcome` is called on the
 * extension host's thread as each file is done (for the progress count). A worker that fails to
 * start or dies leaves its remaining jobs undone (undefined).
 */
export function runDirectWrites(
  root: string,
  jobs: readonly WriteJob[],
  onOutcome: (index: number, outcome: WriteOutcome) => void,
  workerFile = path.join(__dirname, 'write-worker.js'),
  threads: WorkerThreads = CLI_THREADS,
): DirectRun {
  const outcomes = new Array<WriteOutcome | undefined>(jobs.length).fill(undefined);
  const lists = splitByFolder(jobs, poolSize(jobs.length, JOBS_PER_WORKER, threads.max));
  const pool = startWorkerPool(workerFile, threads, lists, (list) => ({
    data: { kind: 'write', root } satisfies Omit<WorkerData, 'stop'>,
    jobs: list.map((i) => jobs[i]),
    onMessage: (m: WorkerMessage) => {
      m.outcomes.forEach((outcome, k) => {
        const index = list[m.first + k];
        outcomes[index] = outcome;
        onOutcome(index, outcome);
      });
    },
  }));
  return { done: pool.ended.then(() => outcomes), stop: pool.stop };
}

/** runDirectWrites as the extension host runs it: fewer, smaller workers, each a child process. */
export function runEditorWrites(
  root: string,
  jobs: readonly WriteJob[],
  onOutcome: (index: number, outcome: WriteOutcome) => void,
): DirectRun {
  return runDirectWrites(root, jobs, onOutcome, undefined, EDITOR_PROCESSES);
}

// The scan's workers travel in the same bundle (dist/direct-writes.js), loaded only in a Node host,
// with the freshness check's stat of a file on disk and the listing's walk of a folder on disk.
export { runScanWorkers } from './scan-workers';
export { statOnDisk } from './scan-stat';
export { diskWalkFileSystem } from './disk-walk';
