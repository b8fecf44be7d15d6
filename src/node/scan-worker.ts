// A worker thread of the workspace scan (issue 28), for the extension's desktop build: reads the
// files of one workspace folder with the command line's confined reads (safe-file.ts) and plans
// them (scan-file.ts), so the reading, decoding, prefilter, planning and hashing of thousands of
// files do not run on the extension host's thread. Only what the scan keeps goes back, a few
// files per message; the stop flag is read between two files.
import { parentPort, workerData } from 'node:worker_threads';
import { ConfinedFiles } from './safe-file';
import { fileScanner, scanOnDisk } from './scan-file';
import type { ScanOutcome, ScanWorkerData, ScanWorkerMessage } from './scan-jobs';

/** Files per message: one message per file cost the host more than the files' own results. */
const FILES_PER_MESSAGE = 32;

function main(): void {
  const data = workerData as ScanWorkerData;
  const stop = new Int32Array(data.stop);
  const scanner = fileScanner(data.settings);
  let files: ConfinedFiles | undefined;
  let first = 0;
  let outcomes: ScanOutcome[] = [];
  const send = () => {
    if (outcomes.length > 0)
      parentPort?.postMessage({ first, outcomes } satisfies ScanWorkerMessage);
    first += outcomes.length;
    outcomes = [];
  };
  try {
    files = new ConfinedFiles(data.root);
    for (const rel of data.files) {
      if (Atomics.load(stop, 0) !== 0) break;
      let outcome: ScanOutcome;
      try {
        outcome = scanOnDisk(files, rel, scanner);
      } catch {
        outcome = { host: true };
      }
      outcomes.push(outcome);
      if (outcomes.length >= FILES_PER_MESSAGE) send();
    }
    send();
  } finally {
    files?.release();
  }
}

if (parentPort) main();
