// A worker of the workspace scan (issue 28, a child process of the extension host), for the extension's desktop build: reads the
// files of one workspace folder with the command line's confined reads (safe-file.ts) and plans
// them, so the reading, decoding, prefilter, planning and hashing of thousands of files do not
// run on the extension host's thread. Only what the scan keeps goes back, a few files per
// message; the pool's stop is read between two files.
//
// The planning (src/shared/scan-bytes.ts) is not in this worker's bundle: it is required from
// the module workerData names, the extension's own bundle (dist/extension.js, whose entry loads
// nothing of `vscode` until activate), so the .vsix carries the core once.
import { servePool, type PoolPort } from './pool-port';
import { ConfinedFiles } from './safe-file';
import type { FileScanner, ScanOutcome, ScanPlanner } from '../shared/scan-bytes';
import type { ScanWorkerData, ScanWorkerMessage } from './scan-jobs';

/** Files per message: one message per file cost the host more than the files' own results. */
const FILES_PER_MESSAGE = 32;

/** Reads `rel` (confined: no link followed, regular files only) and decides it. */
export function scanOnDisk(
  files: ConfinedFiles,
  rel: string,
  planner: ScanPlanner,
  scanner: FileScanner,
): ScanOutcome {
  const read = files.read(rel, scanner.settings.maxFileSize);
  if (read.refused === 'tooLarge') return { skip: 'tooLarge' };
  if (read.refused !== undefined) return { host: true };
  const out = planner.scanBytes(read.bytes, rel, scanner);
  if (out.planned) {
    const { mtime, birth } = read.times;
    out.planned.stat = { mtime, size: read.version.size, identity: String(birth) };
  }
  return out;
}

/**
 * Scans the files of its data one per turn of the event loop (so that a process reads the pool's
 * stop message between two files), their outcomes posted a few at a time, then ends.
 */
function serve(data: ScanWorkerData, port: PoolPort<never, ScanWorkerMessage>): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file named at run time
  const planner = require(data.planner) as ScanPlanner;
  const scanner = planner.fileScanner(data.settings);
  const files = new ConfinedFiles(data.root);
  let first = 0;
  let outcomes: ScanOutcome[] = [];
  const send = () => {
    if (outcomes.length > 0) port.post({ first, outcomes });
    first += outcomes.length;
    outcomes = [];
  };
  const end = () => {
    send();
    files.release();
    port.close();
  };
  const step = () => {
    const next = first + outcomes.length;
    if (next === data.files.length || port.stopped()) {
      end();
      return;
    }
    let outcome: ScanOutcome;
    try {
      outcome = scanOnDisk(files, data.files[next], planner, scanner);
    } catch {
      outcome = { host: true };
    }
    outcomes.push(outcome);
    if (outcomes.length >= FILES_PER_MESSAGE) send();
    setImmediate(step);
  };
  step();
}

servePool('scan', serve);
