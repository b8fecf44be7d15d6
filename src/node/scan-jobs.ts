// The messages between the extension's desktop build and its scan workers (scan-worker.ts):
// plain data (structured clone), no Node API, so the extension's side that sends the files and
// takes the results is type-checked against the worker's.
import type { FileSkip, FilePlan, WorkspaceTarget } from '../shared/workspace-plan';
import type { TransformSettings } from '../shared/transforms';
import type { RepoConfig } from '../shared/suppress/repo-config';

/** What every file of a scan is planned with (the same for all of a run's workers). */
export interface ScanSettings {
  target: WorkspaceTarget;
  /** What the conversion needs of the settings (makeTransform's). */
  transform: TransformSettings;
  maxFileSize: number;
  /** The workspace folder's .amp-url.json, when the scan applies one. */
  config?: RepoConfig;
  /** vscode.l10n.bundle: the messages the plans' words are looked up in (none: English). */
  bundle?: Record<string, string>;
}

/**
 * What became of one file. `host`: the worker does not decide it (not a regular file here, not
 * readable, or edits planned on bytes whose reading VS Code decides): the extension host scans
 * it as before. Otherwise a skip, or the URLs left (`skipped`) and, when edits are planned, what
 * the freshness check and the edit need.
 */
export type ScanOutcome =
  | { host: true; skip?: undefined; planned?: undefined }
  | { skip: FileSkip; host?: undefined; planned?: undefined }
  | {
      host?: undefined;
      skip?: undefined;
      /** The URLs of the conversion's kind left as they are (no edits planned). */
      skipped: FilePlan['skipped'];
      planned?: undefined;
    }
  | { host?: undefined; skip?: undefined; planned: ScannedOnDisk };

/** A file with edits planned: ScannedFile's data without its URI. */
export interface ScannedOnDisk {
  plan: FilePlan;
  hash: number;
  length: number;
  /** The text planned from, for a file of REGIONS_FROM_EDITS changes or more. */
  text?: string;
  /** As VS Code's workspace.fs.stat gives them: mtime, size, ctime (the birth time) as a string. */
  stat: { mtime: number; size: number; identity: string };
}

/** The worker's data: the root (a workspace folder's path on disk), its files, the stop flag. */
export interface ScanWorkerData {
  root: string;
  /** `/`-separated paths relative to the root. */
  files: string[];
  settings: ScanSettings;
  /** Int32Array over a SharedArrayBuffer: [0] set to 1 stops the worker between two files. */
  stop: SharedArrayBuffer;
}

/** A message from the worker: the outcomes of its files from number `first` on, in order. */
export interface ScanWorkerMessage {
  first: number;
  outcomes: ScanOutcome[];
}
