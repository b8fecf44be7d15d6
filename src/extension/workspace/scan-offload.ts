// The scan's per-file work in worker processes (issue 28), where the extension runs in a Node host:
// a file on disk (a `file:` URI in a workspace folder, not open in an editor) whose folder's
// settings make VS Code read and write UTF-8 (utf8Folder) is read with the command line's
// confined reads, checked, prefiltered, decoded, planned and hashed in a worker
// (src/node/scan-worker.ts); the extension host takes back only the plan, the hash, the size and
// times the freshness check compares, or the reason it is skipped. Everything else keeps the
// host's way (scan.ts): the web worker host, other schemes, open documents, and the files a worker
// leaves to the host (not a regular file there, or edits planned on bytes only VS Code can read).
import * as vscode from 'vscode';
import { directWriter } from '../direct-writer';
import type { ScanOutcome, ScanSettings } from '../../shared/scan-bytes';
import type { TransformSettings } from '../../shared/transforms';
import type { FilePlan, FileSkip } from '../../shared/workspace-plan';
import { eachSliced } from '../../shared/time-slice';
import { utf8Folder } from './bytes';
import type { ScannedFile, ScanOptions } from './scan-types';

/** Where the scan's results go, whichever way a file was scanned. */
export interface ScanSink {
  /** True once the scan is cancelled (or stopped after its count of files). */
  stop: () => boolean;
  skip: (uri: vscode.Uri, reason: FileSkip) => void;
  /** URLs of the conversion's kind left as they are. */
  left: (uri: vscode.Uri, skipped: FilePlan['skipped']) => void;
  planned: (file: ScannedFile) => void;
  /** One file done (the progress count). */
  done: () => void;
}

/** The files of one workspace folder on disk that its workers scan. */
interface FolderFiles {
  folder: vscode.WorkspaceFolder;
  /** Indices into the scan's URIs, and their paths relative to the folder. */
  indices: number[];
  rels: string[];
}

/** The worker files of `uri`'s workspace folder, or undefined when `uri` is the host's to scan. */
function folderFilesOf(
  uri: vscode.Uri,
  folders: Map<string, FolderFiles | undefined>,
  open: ReadonlyMap<string, unknown>,
): FolderFiles | undefined {
  if (uri.scheme !== 'file' || open.has(uri.toString())) return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder?.uri.scheme !== 'file') return undefined;
  if (!uri.path.startsWith(`${folder.uri.path.replace(/\/+$/, '')}/`)) return undefined;
  const key = folder.uri.toString();
  if (!folders.has(key))
    folders.set(key, utf8Folder(folder.uri) ? { folder, indices: [], rels: [] } : undefined);
  return folders.get(key);
}

/**
 * The files for the workers, by workspace folder, and the indices of the rest (the host's). In
 * time slices: a workspace folder and a URI string per file, for 10,000 files, held the
 * extension host longer than a slice.
 */
export async function partition(
  uris: readonly vscode.Uri[],
  open: ReadonlyMap<string, unknown>,
  o: ScanOptions,
): Promise<{ toWorkers: FolderFiles[]; rest: number[] }> {
  const rest: number[] = [];
  if (!directWriter || !o.settings) return { toWorkers: [], rest: uris.map((_, i) => i) };
  const folders = new Map<string, FolderFiles | undefined>();
  await eachSliced(uris, (uri, i) => {
    const files = folderFilesOf(uri, folders, open);
    if (!files) rest.push(i);
    else {
      files.indices.push(i);
      files.rels.push(uri.path.slice(files.folder.uri.path.replace(/\/+$/, '').length + 1));
    }
  });
  return { toWorkers: [...folders.values()].filter((f) => f !== undefined), rest };
}

/** What a worker plans with: the conversion's settings, the folder's .amp-url.json, the words. */
function settingsFor(
  folder: vscode.WorkspaceFolder,
  s: TransformSettings,
  o: ScanOptions,
): ScanSettings {
  return {
    target: o.target,
    transform: {
      cache: s.cache,
      cacheError: s.cacheError,
      caches: s.caches,
      servingType: s.servingType,
      imageWidth: s.imageWidth,
      normalizeOptions: s.normalizeOptions,
    },
    maxFileSize: o.maxFileSize,
    config: o.configOf?.(folder.uri),
    bundle: vscode.l10n.bundle,
  };
}

/** Takes one worker outcome into the scan; false when it is the host's to scan. */
function take(uri: vscode.Uri, outcome: ScanOutcome, sink: ScanSink): boolean {
  if (outcome.host) return false;
  if (outcome.skip !== undefined) sink.skip(uri, outcome.skip);
  else if (outcome.planned) {
    const p = outcome.planned;
    sink.left(uri, p.plan.skipped);
    const { hash, length, stat, plan } = p;
    sink.planned({
      uri,
      hash,
      length,
      stat,
      plan,
      ...(p.text === undefined ? {} : { text: p.text }),
    });
  } else sink.left(uri, outcome.skipped);
  sink.done();
  return true;
}

/**
 * Scans the folders' files in worker processes; resolves with the indices left to the host (a
 * worker's `host` answers, and files a worker did not reach unless the scan was stopped).
 */
export async function scanInWorkers(
  uris: readonly vscode.Uri[],
  folders: readonly FolderFiles[],
  o: ScanOptions,
  sink: ScanSink,
): Promise<number[]> {
  const writer = directWriter;
  const settings = o.settings;
  if (!writer || !settings || folders.length === 0) return [];
  const toHost: number[] = [];
  const runs = folders.map((f) => {
    const taken = (k: number, outcome: ScanOutcome) => {
      if (!sink.stop() && !take(uris[f.indices[k]], outcome, sink)) toHost.push(f.indices[k]);
      if (sink.stop()) run.stop();
    };
    const run = writer.scan(f.folder.uri.fsPath, f.rels, settingsFor(f.folder, settings, o), taken);
    const cancel = o.token?.onCancellationRequested(() => {
      run.stop();
    });
    return run.done.then((outcomes) => {
      cancel?.dispose();
      outcomes.forEach((outcome, k) => {
        if (outcome === undefined && !sink.stop()) toHost.push(f.indices[k]);
      });
    });
  });
  await Promise.all(runs);
  return toHost;
}
