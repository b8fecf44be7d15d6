// The messages between the extension's desktop build and its scan workers (scan-worker.ts):
// plain data (structured clone), no Node API, so the extension's side that sends the files and
// takes the results is type-checked against the worker's.
import type { ScanOutcome, ScanSettings } from '../shared/scan-bytes';
import type { PoolStop } from './worker-pool';

/**
 * The worker's data: the module it plans with, the root (a workspace folder's path on disk), its
 * files, the pool's stop flag (worker-pool.ts).
 */
export interface ScanWorkerData extends PoolStop {
  kind: 'scan';
  /** The path of a module that exports a ScanPlanner (the extension bundle, dist/extension.js). */
  planner: string;
  root: string;
  /** `/`-separated paths relative to the root. */
  files: string[];
  settings: ScanSettings;
}

/** A message from the worker: the outcomes of its files from number `first` on, in order. */
export interface ScanWorkerMessage {
  first: number;
  outcomes: ScanOutcome[];
}
