// A planner for the scan worker's stop test (scan-worker.test.ts): the real one, except that once
// a worker has planned its first message's worth of files it waits for the stop flag before
// each further file. The stop then always lands between two files, however the machine
// schedules the threads: with the real planner, a loaded machine could let both workers finish
// all their files before the host read the first message and called stop.
import { workerData } from 'node:worker_threads';
import { fileScanner, scanBytes as realScanBytes } from '../../../src/shared/scan-bytes';
import type { ScanWorkerData } from '../../../src/node/scan-jobs';

/** Files a worker plans before it waits: at least one message of outcomes (scan-worker.ts). */
const FREE_FILES = 32;
/** Long enough to fail the test's own timeout rather than pass by giving up. */
const WAIT_MS = 60_000;
/** The stop sets the flag without a notify: look again this often. */
const POLL_MS = 5;

const stop = new Int32Array((workerData as ScanWorkerData).stop);
let planned = 0;

export { fileScanner };

function waitForStop(): void {
  const giveUp = Date.now() + WAIT_MS;
  while (Atomics.load(stop, 0) === 0 && Date.now() < giveUp) Atomics.wait(stop, 0, 0, POLL_MS);
}

export const scanBytes: typeof realScanBytes = (...args) => {
  planned++;
  if (planned > FREE_FILES) waitForStop();
  return realScanBytes(...args);
};
