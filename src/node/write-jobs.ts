// The messages between the extension's desktop build and its write workers (write-worker.ts):
// one job per file, its outcome. Plain data (structured clone), no Node API, so the
// extension's code that makes the jobs is vscode-side and type-checked against the worker's.
import type { FileEncoding, TextEdit } from '../shared/file-bytes';
import type { Refusal } from './safe-file';
import type { PoolJobs, PoolStop } from './worker-pool';

/** One file to rewrite: its path under the root, what it must still be, the edits to make. */
export interface WriteJob {
  /** `/`-separated, relative to the root given with the jobs. */
  rel: string;
  /**
   * What the file must still hold: the text planned from (its textHash and length, after
   * decodeFileBytes; a file of the size and time the scan saw that decodes to another text here
   * is `notPlanned`, any other is `changed`), or the very bytes written by an earlier job (their
   * SHA-256: an undo).
   */
  expect:
    | {
        hash: number;
        length: number;
        /** Size and modification time (whole milliseconds) the scan saw the file with. */
        size: number;
        mtime: number;
      }
    | { sha256: string };
  /** Sorted, not overlapping, in UTF-16 offsets of the decoded text. */
  edits: TextEdit[];
  /** When set, the bytes to write must have this SHA-256 (an undo gives back the very bytes). */
  resultSha256?: string;
  maxSize: number;
}

/**
 * What became of a job. `written`: the file now holds the new bytes (with the SHA-256 of the
 * bytes before and after, and the encoding kept). `notPlanned`: the file does not decode here to
 * the text the job was planned on (another encoding: VS Code's files.encoding), left for the
 * editor's write. `notRestorable`: the edits would not give back the bytes asked for.
 */
export type WriteOutcome =
  | { written: true; encoding: FileEncoding; before: string; after: string }
  | {
      written: false;
      reason: Refusal | 'notPlanned' | 'notRestorable';
      code?: string;
    };

/** The worker's data: the root (a folder's path on disk), the pool's stop flag. */
export interface WorkerData extends PoolStop {
  kind: 'write';
  root: string;
  /**
   * Check the jobs instead of doing them, after a worker died before it told what it did
   * (write-worker.ts checkJob): nothing is written.
   */
  check?: boolean;
}

/** A message to the worker: its next jobs, or their end (worker-pool.ts hands them out). */
export type WorkerJobs = PoolJobs<WriteJob>;

/**
 * A message from the worker: the outcomes of its jobs from number `first` on (jobs are done in
 * order), a few at a time: a message per file cost the extension host more than its outcome.
 */
export interface WorkerMessage {
  first: number;
  /** null: checked (WorkerData.check), and not done. */
  outcomes: (WriteOutcome | null)[];
}
