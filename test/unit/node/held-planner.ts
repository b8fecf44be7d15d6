// A planner for the scan worker's stop test (scan-worker.test.ts): the real one, except that once
// a worker has planned its first message's worth of files it waits for the stop before each
// further file. The stop then always lands between two files, however the machine
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
/** A child process' wait after each file (its 600 files would then take 30 seconds). */
const PROCESS_WAIT_MS = 50;

/** A thread's stop flag; a child process has none (its stop comes as a message). */
const stop = new Int32Array(
  (workerData as ScanWorkerData | null)?.stop ?? new SharedArrayBuffer(4),
);
const inProcess = (workerData as ScanWorkerData | null)?.stop === undefined;
let planned = 0;

export { fileScanner };

/**
 * A thread waits for its stop flag. A process cannot see its stop message until it goes back to
 * its event loop (between two files): it waits PROCESS_WAIT_MS a file instead, long enough for
 * the host to take the first message and stop it.
 */
function waitForStop(): void {
  if (inProcess) {
    Atomics.wait(stop, 0, 0, PROCESS_WAIT_MS);
    return;
  }
  const giveUp = Date.now() + WAIT_MS;
  while (Atomics.load(stop, 0) === 0 && Date.now() < giveUp) Atomics.wait(stop, 0, 0, POLL_MS);
}

export const scanBytes: typeof realScanBytes = (...args) => {
  planned++;
  if (planned > FREE_FILES) waitForStop();
  return realScanBytes(...args);
};
