// Runs write jobs (write-jobs.ts) in workers, for the extension's desktop build (child processes)
// and `amp-url check --fix` (threads): the calling thread only hands out jobs and counts outcomes,
// so it never waits on a write or a flush, and several flushes are in flight. Jobs of one folder
// go to one worker (safe-file.ts keeps the folder it last opened), the folders spread over the
// workers by their number of files.
import * as path from 'node:path';
import type { WorkerData, WorkerMessage, WriteJob, WriteOutcome } from './write-jobs';
import { CLI_THREADS, EDITOR_PROCESSES, type WorkerThreads } from './thread-limits';
import { poolSize, startWorkerPool, type WorkerEnd, type WorkerPool } from './worker-pool';

/** Files per worker below which fewer workers are started (a thread costs a few milliseconds). */
const JOBS_PER_WORKER = 64;

export interface DirectRun {
  /** Resolves when every worker has ended: one outcome per job, undefined for a job not done. */
  done: Promise<(WriteOutcome | undefined)[]>;
  /** Stops every worker between two files (each file is then written whole or not at all). */
  stop: () => void;
}

/** The jobs split into `n` lists, a folder's jobs together, the lists of about equal length. */
export function splitByFolder(jobs: readonly { rel: string }[], n: number): number[][] {
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
 * Starts the writes of `items` under one root (a workspace folder's path on disk), each made a
 * job by `toJob` as it is handed out. `onOutcome` is called on the calling thread as each file
 * is done (for the progress count). A worker that fails to start or dies leaves its remaining
 * jobs undone (undefined).
 */
function startWrites<Item extends { rel: string }>(
  root: string,
  items: readonly Item[],
  toJob: (item: Item) => WriteJob,
  onOutcome: (index: number, outcome: WriteOutcome) => void,
  workerFile: string,
  threads: WorkerThreads,
): DirectRun {
  const outcomes = new Array<WriteOutcome | undefined>(items.length).fill(undefined);
  /** Starts workers on `lists` of item numbers, `check` (WorkerData) or not. */
  const start = (lists: number[][], check: boolean) =>
    startWorkerPool(workerFile, threads, lists, (list) => ({
      data: { kind: 'write', root, check } satisfies Omit<WorkerData, 'stop'>,
      jobs: list.map((i) => items[i]),
      prepare: toJob,
      onMessage: (m: WorkerMessage) => {
        m.outcomes.forEach((outcome, k) => {
          if (outcome === null) return;
          const index = list[m.first + k];
          outcomes[index] = outcome;
          onOutcome(index, outcome);
        });
      },
    }));
  const lists = splitByFolder(items, poolSize(items.length, JOBS_PER_WORKER, threads.max));
  const pool = start(lists, false);
  let checks: WorkerPool | undefined;
  const done = pool.ended.then(async (ends) => {
    // A worker that died (out of memory, killed) may have renamed files whose outcomes it had not
    // sent yet: one more worker reads its undone files, and tells those it finds written.
    const lost = lists
      .flatMap((list, w) => (endedWell(ends[w]) ? [] : list))
      .filter((i) => outcomes[i] === undefined);
    // Even after a stop: the check writes nothing, and a cancel must say which files were written.
    if (lost.length > 0) {
      checks = start([lost], true);
      await checks.ended;
    }
    return outcomes;
  });
  const stop = () => {
    pool.stop();
    checks?.stop();
  };
  return { done, stop };
}

/** A worker that finished, or stopped when asked; not one that failed or was killed. */
function endedWell(end: WorkerEnd): boolean {
  return 'notStarted' in end || ('exitCode' in end && end.exitCode === 0);
}

/** Starts the jobs of one root, in worker threads (`amp-url check --fix`; CLI_THREADS). */
export function runDirectWrites(
  root: string,
  jobs: readonly WriteJob[],
  onOutcome: (index: number, outcome: WriteOutcome) => void,
  workerFile = path.join(__dirname, 'write-worker.js'),
  threads: WorkerThreads = CLI_THREADS,
): DirectRun {
  return startWrites(root, jobs, (job) => job, onOutcome, workerFile, threads);
}

/**
 * The writes as the extension host runs them: fewer, smaller workers, each a child process; each
 * item made a job only as it is handed out, so the host keeps no job per file for the whole run.
 */
export function runEditorWrites<Item extends { rel: string }>(
  root: string,
  items: readonly Item[],
  toJob: (item: Item) => WriteJob,
  onOutcome: (index: number, outcome: WriteOutcome) => void,
): DirectRun {
  const workerFile = path.join(__dirname, 'write-worker.js');
  return startWrites(root, items, toJob, onOutcome, workerFile, EDITOR_PROCESSES);
}

// The scan's workers travel in the same bundle (dist/direct-writes.js), loaded only in a Node host,
// with the freshness check's stat of a file on disk and the listing's walk of a folder on disk.
export { runScanWorkers } from './scan-workers';
export { statOnDisk } from './scan-stat';
export { diskWalkFileSystem } from './disk-walk';
