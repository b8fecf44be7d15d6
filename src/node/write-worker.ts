// A worker thread that rewrites files with confined, atomic writes (safe-file.ts), for the
// extension's desktop build and `amp-url check --fix`. Each write flushes the file to disk and
// waits for it: done on the extension host's own thread, 10,000 such waits would hold it for
// minutes; here they hold only this worker, and the workers' flushes share the file system's
// journal commits (docs/workspace.md), so the command line's fixes too are written several at once. Jobs are done in order; the stop flag
// is read between two files, so a file is either written whole or not touched.
import { createHash } from 'node:crypto';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { applyTextEdits, decodeFileBytes, encodeFileText } from '../shared/file-bytes';
import { textHash } from '../shared/text-hash';
import { ConfinedFiles, type ReplaceOptions } from './safe-file';
import { holdForTest } from './test-hold';
import type { WorkerData, WorkerJobs, WorkerMessage, WriteJob, WriteOutcome } from './write-jobs';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** One job: read (confined), check it is what the job expects, edit, replace atomically. */
export function runJob(
  files: ConfinedFiles,
  job: WriteJob,
  options: ReplaceOptions = {},
): WriteOutcome {
  const read = files.read(job.rel, job.maxSize);
  if (read.refused !== undefined) return { written: false, reason: read.refused, code: read.code };
  // In the buffer the reads share: no read comes before the replace compares them, so no copy
  // (a copy was one more file's size held for a large file).
  const bytes = read.bytes;
  const before = sha256(bytes);
  const decoded = decodeFileBytes(bytes);
  if (decoded.skip !== undefined)
    return { written: false, reason: 'sha256' in job.expect ? 'changed' : 'notPlanned' };
  const expect = job.expect;
  if ('sha256' in expect) {
    if (before !== expect.sha256) return { written: false, reason: 'changed' };
  } else if (decoded.text.length !== expect.length || textHash(decoded.text) !== expect.hash) {
    // The scan's file, read another way (VS Code's files.encoding): the editor's to write. Any
    // other file was changed since the scan: never written, by either way.
    // VS Code's stat gives whole milliseconds as Node's Date does (rounded, not truncated):
    // the same time is within a millisecond of it either way.
    const asScanned =
      read.version.size === expect.size && Math.abs(read.version.mtimeMs - expect.mtime) < 1;
    return { written: false, reason: asScanned ? 'notPlanned' : 'changed' };
  }
  let data: Uint8Array;
  try {
    data = encodeFileText(applyTextEdits(decoded.text, job.edits), decoded.encoding);
  } catch {
    return { written: false, reason: 'notPlanned' }; // an edit outside the text
  }
  const after = sha256(data);
  if (job.resultSha256 !== undefined && after !== job.resultSha256)
    return { written: false, reason: 'notRestorable' };
  const refused = files.replace(job.rel, data, { version: read.version, bytes }, options);
  if (refused) return { written: false, reason: refused.refused, code: refused.code };
  return { written: true, encoding: decoded.encoding, before, after };
}

function main(port: MessagePort): void {
  const data = workerData as WorkerData;
  const stop = new Int32Array(data.stop);
  const files = new ConfinedFiles(data.root);
  let index = 0;
  let ended = false;
  // Closing the port ends the thread once the outcomes posted are on their way.
  const end = () => {
    if (ended) return;
    ended = true;
    files.close();
    port.close();
  };
  port.on('message', (m: WorkerJobs) => {
    if ('end' in m) {
      end();
      return;
    }
    for (const job of m.jobs) {
      if (ended || Atomics.load(stop, 0) !== 0) {
        end();
        return;
      }
      let outcome: WriteOutcome;
      try {
        outcome = runJob(files, job, {
          beforeRename: () => {
            holdForTest('rename', job.rel);
          },
        });
      } catch (e) {
        outcome = { written: false, reason: 'failed', code: (e as Error).message };
      }
      port.postMessage({ index: index++, outcome } satisfies WorkerMessage);
    }
  });
}

// A scan worker's data names its planner (scan-jobs.ts): that thread is scan-worker.ts's, when both
// travel in one bundle (editor-workers.ts).
if (parentPort && (workerData as { planner?: unknown } | undefined)?.planner === undefined)
  main(parentPort);
