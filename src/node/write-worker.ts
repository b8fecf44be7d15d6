// A worker that rewrites files with confined, atomic writes (safe-file.ts), for the extension's
// desktop build and `amp-url check --fix`. Each write flushes the file to disk and
// waits for it: done on the extension host's own thread, 10,000 such waits would hold it for
// minutes; here they hold only this worker, and the workers' flushes share the file system's
// journal commits (docs/workspace.md), so the command line's fixes too are written several at
// once. In the extension host the workers are child processes (thread-limits.ts), on the command
// line threads; either way jobs are done in order and the pool's stop is read between two files,
// so a file is either written whole or not touched.
import { createHash } from 'node:crypto';
import { applyTextEdits, decodeFileBytes, encodeFileText } from '../shared/file-bytes';
import { textHash } from '../shared/text-hash';
import { ConfinedFiles, type ReplaceOptions } from './safe-file';
import { servePool, type PoolPort } from './pool-port';
import { crashForTest, holdForTest } from './test-hold';
import { undoEdits, type EditWithOld } from '../shared/undo-edits';
import type { WorkerData, WorkerJobs, WorkerMessage, WriteJob, WriteOutcome } from './write-jobs';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Whether a file of SHA-256 `sha` and text `text` is what `expect` asks for. */
function holds(expect: WriteJob['expect'], sha: string, text: string): boolean {
  return 'sha256' in expect
    ? sha === expect.sha256
    : text.length === expect.length && textHash(text) === expect.hash;
}

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
  if (!holds(expect, before, decoded.text)) {
    if ('sha256' in expect) return { written: false, reason: 'changed' };
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

const changed: WriteOutcome = { written: false, reason: 'changed' };

/**
 * What became of `job` when a worker died before saying it (startWrites in direct-writes.ts), read
 * and not written: null when the file is still as the job expects it (not done); written (with
 * the hashes an undo needs) when it holds what the job writes, the job's edits undone on it giving
 * back what it expected; otherwise `changed`. A job whose edits carry no old text can only be
 * found done by its result's hash (an undo's), else it `failed` (the worker ended).
 */
export function checkJob(files: ConfinedFiles, job: WriteJob): WriteOutcome | null {
  const read = files.read(job.rel, job.maxSize);
  if (read.refused !== undefined) return { written: false, reason: read.refused, code: read.code };
  const after = sha256(read.bytes);
  const decoded = decodeFileBytes(read.bytes);
  if (decoded.skip !== undefined) return changed;
  if (holds(job.expect, after, decoded.text)) return null;
  const done = { written: true, encoding: decoded.encoding, after } as const;
  if (job.resultSha256 !== undefined)
    return after === job.resultSha256 && 'sha256' in job.expect
      ? { ...done, before: job.expect.sha256 }
      : changed;
  const edits = job.edits as Partial<EditWithOld>[];
  // Without old texts (the command line's jobs) this cannot tell: as if never checked.
  if (!edits.every((e) => typeof e.oldText === 'string'))
    return { written: false, reason: 'failed', code: 'worker ended' };
  const reverse = undoEdits(edits as EditWithOld[]);
  // Each edit's new text where the job put it, and around them the text it expected.
  if (reverse.some((r, i) => decoded.text.slice(r.start, r.end) !== edits[i].newText))
    return changed;
  try {
    const text = applyTextEdits(decoded.text, reverse);
    const before = sha256(encodeFileText(text, decoded.encoding));
    return holds(job.expect, before, text) ? { ...done, before } : changed;
  } catch {
    return changed;
  }
}

/** Outcomes per message at most, and how long the first of them may wait for the others. */
const OUTCOMES_PER_MESSAGE = 32;
const OUTCOME_WAIT_MS = 20;

/**
 * Does the jobs as they come, one per turn of the event loop (so that a process reads the pool's
 * stop message between two files), and ends once their end has come or the pool stops it. The
 * outcomes go back a few at a time, and at once when no job is waiting.
 */
function serve(data: WorkerData, port: PoolPort<WorkerJobs, WorkerMessage>): void {
  const files = new ConfinedFiles(data.root);
  let queue: WriteJob[] = [];
  let next = 0;
  let outcomes: (WriteOutcome | null)[] = [];
  let first = 0;
  let firstDoneAt = 0;
  let lastJobCame = false;
  let ended = false;
  let scheduled = false;
  const send = () => {
    if (outcomes.length > 0) port.post({ first, outcomes });
    first += outcomes.length;
    outcomes = [];
  };
  const end = () => {
    if (ended) return;
    ended = true;
    send();
    files.close();
    port.close();
  };
  const step = () => {
    scheduled = false;
    if (ended) return;
    if (port.stopped()) {
      end();
      return;
    }
    if (next === queue.length) {
      if (lastJobCame) end();
      return;
    }
    const job = queue[next++];
    if (next === queue.length) [queue, next] = [[], 0];
    let outcome: WriteOutcome | null;
    try {
      outcome = data.check
        ? checkJob(files, job)
        : runJob(files, job, {
            beforeRename: () => {
              holdForTest('rename', job.rel);
            },
          });
    } catch (e) {
      outcome = { written: false, reason: 'failed', code: (e as Error).message };
    }
    if (outcome?.written && !data.check) crashForTest(job.rel);
    if (outcomes.length === 0) firstDoneAt = Date.now();
    outcomes.push(outcome);
    const waited = Date.now() - firstDoneAt >= OUTCOME_WAIT_MS;
    if (outcomes.length >= OUTCOMES_PER_MESSAGE || waited || next === queue.length) send();
    schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(step);
  };
  port.onMessage((m) => {
    if ('end' in m) lastJobCame = true;
    else queue.push(...m.jobs);
    schedule();
  });
}

servePool('write', serve);
