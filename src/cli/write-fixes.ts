// The writes of `amp-url check --fix`: each file with something to fix becomes a write job
// (src/node/write-jobs.ts) that the extension's write workers run (direct-writes.ts,
// write-worker.ts), several files in flight. Each write still flushes its file before the rename
// (safe-file.ts), but the waits overlap: one after another they were most of a fix's time. The
// worker reads the file again, confined, and writes only when its bytes are still those checked
// (their SHA-256); every other guarantee is safe-file.ts's.
import { runDirectWrites } from '../node/direct-writes';
import { sha256Hex, type Refused } from '../node/safe-file';
import type { WriteJob, WriteOutcome } from '../node/write-jobs';
import type { Finding } from '../shared/check-file';
import type { FileText } from './file-text';

/** A file to fix: where its result is, the job, the findings it fixes. */
export interface PendingFix {
  index: number;
  job: WriteJob;
  fixable: Finding[];
}

/**
 * The fix of `rel` as read (`read.bytes` are hashed now: the buffer they are in is reused by the
 * next read), with the findings' fixes as edits of its text.
 */
export function pendingFix(
  index: number,
  rel: string,
  read: FileText,
  fixable: Finding[],
  maxSize: number,
): PendingFix {
  const sha256 = sha256Hex(read.bytes);
  const edits = fixable.map((f) => ({ start: f.start, end: f.end, newText: f.fix ?? '' }));
  return { index, job: { rel, expect: { sha256 }, edits, maxSize }, fixable };
}

/**
 * Writes the fixes under `root` (the repository's real path); `onDone` is told each one's
 * outcome, undefined when written, in the fixes' order once all are done.
 */
export async function writeFixes(
  root: string,
  fixes: readonly PendingFix[],
  onDone: (fix: PendingFix, refused: Refused | undefined) => void,
): Promise<void> {
  if (fixes.length === 0) return;
  const run = runDirectWrites(
    root,
    fixes.map((f) => f.job),
    () => undefined,
  );
  const outcomes = await run.done;
  fixes.forEach((fix, i) => {
    onDone(fix, refusalOf(outcomes[i]));
  });
}

/** A worker's outcome in the words of safe-file.ts; a job not done (a worker died) failed. */
function refusalOf(outcome: WriteOutcome | undefined): Refused | undefined {
  if (outcome === undefined) return { refused: 'failed', code: 'worker ended' };
  if (outcome.written) return undefined;
  switch (outcome.reason) {
    // Grown past the limit since it was read, or edits that do not fit its text (the bytes
    // checked give the text checked): not the file checked.
    case 'tooLarge':
    case 'notPlanned':
    case 'notRestorable':
      return { refused: 'changed' };
    default:
      return { refused: outcome.reason, code: outcome.code };
  }
}

/** Why a fix was not written, in words for stderr and the reports. */
export function writeRefusal(r: Refused): string {
  switch (r.refused) {
    case 'hardLinks':
      return 'it has other hard links (they may be outside the repository): left as it is';
    case 'changed':
      return 'changed since it was read: left as it is';
    case 'outside':
      return 'reached through a symbolic link: not written';
    case 'symlink':
      return 'now a symbolic link: not written';
    case 'notRegular':
      return 'no longer a regular file: not written';
    default:
      return `the write failed (${r.code ?? 'error'}): left as it was`;
  }
}
