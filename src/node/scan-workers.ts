// Starts the workspace scan's workers (scan-worker.ts) for the files of one workspace folder on
// disk: the extension host only hands out paths and takes the compact results (scan-jobs.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ScanOutcome, ScanSettings } from '../shared/scan-bytes';
import type { ScanWorkerData, ScanWorkerMessage } from './scan-jobs';
import { EDITOR_PROCESSES, type WorkerThreads } from './thread-limits';
import { poolSize, startWorkerPool } from './worker-pool';

/**
 * Workers at most: the work is CPU (files in the page cache) on machines of few cores, which the
 * extension host shares. Each a child process with a small young generation, as the editor's
 * write workers (EDITOR_PROCESSES): as threads their isolates and allocator arenas stayed in the
 * host's resident memory after the scan (docs/benchmarks.md, issue 28, ninth round).
 */
const THREADS: WorkerThreads = { ...EDITOR_PROCESSES, max: 2 };
/** Files per worker below which fewer workers are started. */
const FILES_PER_WORKER = 256;

/** The worker's file, and the module it plans with (scan-worker.ts). */
export interface ScanFiles {
  worker: string;
  planner: string;
}

/**
 * The worker beside this module, and what it plans with: in the .vsix the editor's bundle of
 * workers (editor-workers.ts, dist/write-worker.js) and the extension bundle beside this bundle
 * (dist/direct-writes.js); in the compiled sources the tests and benchmarks run (out/src/node/),
 * the scan worker's own module and the planner's.
 */
function scanFilesHere(): ScanFiles {
  const bundle = path.join(__dirname, 'extension.js');
  return fs.existsSync(bundle)
    ? { worker: path.join(__dirname, 'write-worker.js'), planner: bundle }
    : {
        worker: path.join(__dirname, 'scan-worker.js'),
        planner: path.join(__dirname, '../shared/scan-bytes.js'),
      };
}

export interface ScanRun {
  /** Resolves when every worker has ended: one outcome per file, undefined for one not done. */
  done: Promise<(ScanOutcome | undefined)[]>;
  /** Stops every worker between two files. */
  stop: () => void;
}

/**
 * Scans `files` (relative to `root`) in child processes. `onOutcome` is called on the caller's
 * thread as each file is decided. A worker that fails to start or dies leaves its files undone.
 */
export function runScanWorkers(
  root: string,
  files: readonly string[],
  settings: ScanSettings,
  onOutcome: (index: number, outcome: ScanOutcome) => void,
  scanFiles: ScanFiles = scanFilesHere(),
): ScanRun {
  const outcomes = new Array<ScanOutcome | undefined>(files.length).fill(undefined);
  const n = poolSize(files.length, FILES_PER_WORKER, THREADS.max);
  const per = Math.ceil(files.length / n);
  const firsts = Array.from({ length: n }, (_, k) => k * per);
  const pool = startWorkerPool(scanFiles.worker, THREADS, firsts, (from) => ({
    data: {
      kind: 'scan',
      planner: scanFiles.planner,
      root,
      files: files.slice(from, from + per),
      settings,
    } satisfies Omit<ScanWorkerData, 'stop'>,
    onMessage: (m: ScanWorkerMessage) => {
      m.outcomes.forEach((outcome, k) => {
        const index = from + m.first + k;
        outcomes[index] = outcome;
        onOutcome(index, outcome);
      });
    },
  }));
  return { done: pool.ended.then(() => outcomes), stop: pool.stop };
}
