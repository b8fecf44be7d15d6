// Runs write jobs (write-jobs.ts) in worker threads, for the extension's desktop build and
// `amp-url check --fix`: the calling thread only hands out jobs and counts outcomes, so it never
// waits on a write or a flush, and several flushes are in flight. Jobs of one folder go to one
// worker (safe-file.ts keeps the folder it last opened), the folders spread over the workers by
// their number of files.
import * as path from 'node:path';
import type { WorkerData, WorkerJobs, WorkerMessage, WriteJob, WriteOutcome } from './write-jobs';
import { eachSliced } from '../shared/time-slice';
import { CLI_THREADS, EDITOR_THREADS, resourceLimits, type WorkerThreads } from './thread-limits';

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

/** Jobs per message to a worker: each message is cloned on the calling thread. */
const JOBS_PER_MESSAGE = 256;

/**
 * Posts the jobs at `list` to `worker`, a message of JOBS_PER_MESSAGE at a time, in time slices
 * of the calling thread, then their end (the worker ends when it has done them).
 */
async function handOut(
  worker: { postMessage: (m: WorkerJobs) => void },
  list: readonly number[],
  jobs: readonly WriteJob[],
): Promise<void> {
  const starts = Array.from({ length: Math.ceil(list.length / JOBS_PER_MESSAGE) }, (_, k) => k);
  try {
    await eachSliced(starts, (k) => {
      const part = list.slice(k * JOBS_PER_MESSAGE, (k + 1) * JOBS_PER_MESSAGE);
      worker.postMessage({ jobs: part.map((i) => jobs[i]) });
    });
  } finally {
    worker.postMessage({ end: true });
  }
}

/**
 * Starts the jobs of one root (a workspace folder's path on disk). `onOutcome` is called on the
 * extension host's thread as each file is done (for the progress count).
 */
export function runDirectWrites(
  root: string,
  jobs: readonly WriteJob[],
  onOutcome: (index: number, outcome: WriteOutcome) => void,
  workerFile = path.join(__dirname, 'write-worker.js'),
  threads: WorkerThreads = CLI_THREADS,
): DirectRun {
  const outcomes = new Array<WriteOutcome | undefined>(jobs.length).fill(undefined);
  const stop = new SharedArrayBuffer(4);
  const stopped = () => Atomics.load(new Int32Array(stop), 0) !== 0;
  const n = Math.max(1, Math.min(threads.max, Math.ceil(jobs.length / JOBS_PER_WORKER)));
  /** Runs one worker on the jobs of `list`; resolves when it has ended. */
  const run = (list: number[]) =>
    new Promise<void>((resolve) => {
      // Stopped before its start: its jobs stay undone (undefined), their files untouched.
      if (stopped()) {
        resolve();
        return;
      }
      const data: WorkerData = { root, stop };
      // Loaded here, by the first write: `amp-url check` without --fix never pays for it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load
      const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
      const worker = new Worker(workerFile, { workerData: data, ...resourceLimits(threads) });
      void handOut(worker, list, jobs);
      worker.on('message', (m: WorkerMessage) => {
        const index = list[m.index];
        outcomes[index] = m.outcome;
        onOutcome(index, m.outcome);
      });
      // A worker that fails to start or dies leaves its remaining jobs undone (undefined).
      worker.on('error', () => {
        resolve();
      });
      worker.on('exit', () => {
        resolve();
      });
    });
  // One worker started per turn of the event loop, the first not in the caller's turn either
  // (which already holds the loop that made the jobs): a thread's start, with its data cloned,
  // holds the caller's thread.
  const ended = splitByFolder(jobs, n).map(async (list, k) => {
    for (let turn = 0; turn <= k; turn++) await new Promise((resolve) => setImmediate(resolve));
    await run(list);
  });
  return {
    done: Promise.all(ended).then(() => outcomes),
    stop: () => Atomics.store(new Int32Array(stop), 0, 1),
  };
}

/** runDirectWrites as the extension host runs it: fewer, smaller workers (EDITOR_THREADS). */
export function runEditorWrites(
  root: string,
  jobs: readonly WriteJob[],
  onOutcome: (index: number, outcome: WriteOutcome) => void,
): DirectRun {
  return runDirectWrites(root, jobs, onOutcome, undefined, EDITOR_THREADS);
}

// The scan's workers travel in the same bundle (dist/direct-writes.js), loaded only in a Node host,
// with the freshness check's stat of a file on disk and the listing's walk of a folder on disk.
export { runScanWorkers } from './scan-workers';
export { statOnDisk } from './scan-stat';
export { diskWalkFileSystem } from './disk-walk';
