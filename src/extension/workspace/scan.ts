// Scans the workspace for the workspace commands: the files the Search view would search
// (files.exclude, search.exclude, .gitignore, .ignore and .git/info/exclude), listed by the
// shared walker (src/shared/workspace-files/: links never followed, regular files only, ignore
// files read only when regular and small, bounded matching, Cancel within a slice) and read
// through workspace.fs (virtual workspaces and the web build too), open documents from their
// current text. Nothing is written here.
import * as vscode from 'vscode';
import {
  ByteBudget,
  enabledGlobs,
  noFileSkips,
  planFileSliced,
  textHashSliced,
  type FileSkip,
  type LocatedSkip,
} from '../../shared/workspace-plan';
import { languageOfPath } from '../../shared/language-of-path';
import { REGIONS_FROM_EDITS } from '../../shared/merge-edits';
import { firstRead, planChecked } from './bytes';
import {
  splitGlobList,
  walkFiles,
  type WalkFileSystem,
  type WalkResult,
} from '../../shared/workspace-files';
import { eventLoop, macrotask, sharedSlices, type SliceClock } from '../../shared/time-slice';
import { identityOf, uriAt, workspaceWalkFileSystem } from './fs';
import { partition, scanInWorkers, type ScanSink } from './scan-offload';
import { leaveOut } from '../../shared/suppress/edit-filter';
import type { RepoConfig } from '../../shared/suppress/repo-config';
import type { ScannedFile, ScanOptions } from './scan-types';

export type { ScannedFile, ScanOptions } from './scan-types';

export interface WorkspaceScan {
  files: number;
  planned: ScannedFile[];
  skippedFiles: Record<FileSkip, number>;
  /** The files, links, ignore files and globs left out, by workspace-relative path or glob. */
  skippedPaths: { path: string; reason: FileSkip }[];
  /** URLs of the conversion's kind left as they are, with their file, for the report. */
  skipped: (LocatedSkip & { uri: vscode.Uri })[];
  cancelled: boolean;
}

/**
 * Files in flight at a time. Each `workspace.fs` call is a round trip of a few milliseconds while
 * the work per file is a fraction of one, so the scan waits on latency unless many calls overlap
 * (docs/workspace.md measures 16, 64 and 256 in flight). Memory stays bounded by READ_BUDGET, not by this count.
 */
const PARALLEL_READS = 64;

/**
 * Bytes read at a time (from each file's stat, before reading): 64 files near the size limit
 * would otherwise hold 64 × maxFileSize in memory. A file larger than the budget is read alone.
 */
const READ_BUDGET = 32_000_000;

/** The files a workspace search covers, and what was left out on the way. */
export interface WorkspaceListing {
  uris: vscode.Uri[];
  skippedFiles: Record<FileSkip, number>;
  skippedPaths: { path: string; reason: FileSkip }[];
  cancelled: boolean;
}

/** The walk's options for one workspace folder: its settings and the user's globs. */
function walkOptionsFor(
  folder: vscode.WorkspaceFolder,
  include: string,
  userExclude: string,
  token?: vscode.CancellationToken,
  ignorePaths: readonly string[] = [],
) {
  const files = vscode.workspace.getConfiguration('files', folder.uri);
  const search = vscode.workspace.getConfiguration('search', folder.uri);
  return {
    include: include.trim() || undefined,
    excludes: [
      ...enabledGlobs(files.get('exclude')),
      ...enabledGlobs(search.get('exclude')),
      ...splitGlobList(userExclude),
      // The folder's .amp-url.json (repo-config.ts): the same files `amp-url check` leaves out.
      ...ignorePaths,
    ],
    useIgnoreFiles: search.get('useIgnoreFiles') !== false,
    isCancelled: () => token?.isCancellationRequested === true,
  };
}

/** URIs made between two yields to the event loop: a long listing is not converted in one go. */
const URIS_PER_SLICE = 1000;

/** Adds one folder's walk to the listing, with paths relative to the workspace. */
async function addWalk(
  out: WorkspaceListing,
  folder: vscode.WorkspaceFolder,
  walk: WalkResult,
): Promise<void> {
  const rel = (p: string) => vscode.workspace.asRelativePath(uriAt(folder.uri, p));
  const skip = (path: string, reason: FileSkip) => {
    out.skippedFiles[reason]++;
    out.skippedPaths.push({ path, reason });
  };
  for (let i = 0; i < walk.files.length; i += URIS_PER_SLICE) {
    if (i > 0) await macrotask();
    for (const p of walk.files.slice(i, i + URIS_PER_SLICE)) out.uris.push(uriAt(folder.uri, p));
  }
  for (const s of walk.skipped)
    skip(rel(s.path), s.reason === 'unreadableFolder' ? 'unreadable' : s.reason);
  for (const f of walk.ignoreFilesNotRead) skip(rel(f.path), 'ignoreFileNotRead');
  for (const l of walk.ignoreLinesNotUsed) skip(`${rel(l.path)}:${l.line}`, 'ignoreLineNotUsed');
  for (const g of walk.globsNotUsed) skip(g.glob, 'globNotUsed');
  out.cancelled ||= walk.cancelled;
}

/**
 * The files to scan in every workspace folder (the include glob relative to each folder), and
 * what was left out: links, special files, ignore files and lines, globs that can't be used.
 */
export async function listWorkspaceFiles(
  include: string,
  exclude: string,
  token?: vscode.CancellationToken,
  configOf?: (uri: vscode.Uri) => RepoConfig,
  /** The walk's file system per folder (the benchmark compares workspace.fs with this default). */
  walkFsOf: (root: vscode.Uri) => WalkFileSystem = workspaceWalkFileSystem,
): Promise<WorkspaceListing> {
  const out: WorkspaceListing = {
    uris: [],
    skippedFiles: noFileSkips(),
    skippedPaths: [],
    cancelled: false,
  };
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (out.cancelled) break;
    const walk = await walkFiles(
      walkFsOf(folder.uri),
      walkOptionsFor(folder, include, exclude, token, configOf?.(folder.uri).ignorePaths),
    );
    await addWalk(out, folder, walk);
  }
  return out;
}

/**
 * The bytes of `uri`, or undefined when unreadable. Cancel wins the race: a read that never
 * ends (a file swapped for a FIFO after its stat) can't hold the command.
 */
async function readBytes(
  uri: vscode.Uri,
  token?: vscode.CancellationToken,
): Promise<Uint8Array | undefined> {
  let listener: vscode.Disposable | undefined;
  try {
    const cancelled = new Promise<undefined>((resolve) => {
      listener = token?.onCancellationRequested(() => {
        resolve(undefined);
      });
    });
    return await Promise.race([vscode.workspace.fs.readFile(uri), cancelled]);
  } catch {
    return undefined;
  } finally {
    listener?.dispose();
  }
}

/** Why a path that is not a regular file is not read (it is never opened). */
function notRegular(type: vscode.FileType): FileSkip | undefined {
  if (type === vscode.FileType.File) return undefined;
  return type & vscode.FileType.SymbolicLink ? 'symlink' : 'special';
}

/** The text to plan from: an open document's current text, else the file's bytes decoded. */
async function readText(
  uri: vscode.Uri,
  open: ReadonlyMap<string, vscode.TextDocument>,
  maxSize: number,
  budget: ByteBudget,
  token?: vscode.CancellationToken,
): Promise<
  | {
      text: string;
      version?: number;
      languageId?: string;
      stat?: ScannedFile['stat'];
      /** A file's bytes (not an open document's): checked by planChecked when planned. */
      bytes?: Uint8Array;
      /** An open document's encoding. */
      encoding?: string;
    }
  | { skip: FileSkip }
> {
  const doc = open.get(uri.toString());
  if (doc) {
    const text = doc.getText();
    if (text.length > maxSize) return { skip: 'tooLarge' };
    return { text, version: doc.version, languageId: doc.languageId, encoding: doc.encoding };
  }
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    return { skip: 'unreadable' };
  }
  // Stat first: only a regular file is read (the listing said so; it may have changed since), and
  // one over the limit is never read into memory.
  const odd = notRegular(stat.type);
  if (odd) return { skip: odd };
  if (stat.size > maxSize) return { skip: 'tooLarge' };
  await budget.take(stat.size);
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBytes(uri, token);
  } finally {
    budget.give(stat.size);
  }
  if (!bytes) return { skip: 'unreadable' };
  const r = firstRead(bytes, maxSize);
  return r.skip !== undefined
    ? { skip: r.skip }
    : {
        text: r.text,
        bytes,
        stat: { mtime: stat.mtime, size: stat.size, identity: identityOf(stat) },
        languageId: languageOfPath(uri.path),
      };
}

/**
 * Scans `files` (the URIs, or a listing whose counts of what it left out carry over): reads each,
 * plans its edits. Cancelling stops at once and says so.
 */
export async function scanFiles(
  files: readonly vscode.Uri[] | WorkspaceListing,
  o: ScanOptions,
): Promise<WorkspaceScan> {
  const listing = 'uris' in files ? files : undefined;
  const uris = listing ? listing.uris : (files as readonly vscode.Uri[]);
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  const scan: WorkspaceScan = {
    files: uris.length,
    planned: [],
    skippedFiles: { ...noFileSkips(), ...listing?.skippedFiles },
    skippedPaths: [...(listing?.skippedPaths ?? [])],
    skipped: [],
    cancelled: listing?.cancelled === true,
  };
  const budget = new ByteBudget(READ_BUDGET);
  // The clock of the sliced work (planning, hashing): one slice for all the workers, so large
  // files planned at once do not run their slices back to back (time-slice.ts).
  const clock: SliceClock = { ...sharedSlices(), now: eventLoop.now };
  let done = 0;
  const stop = () =>
    scan.cancelled ||
    (scan.cancelled =
      o.token?.isCancellationRequested === true ||
      (o.cancelAfterFiles !== undefined && done >= o.cancelAfterFiles));
  const sink: ScanSink = {
    stop,
    skip: (uri, reason) => {
      scan.skippedFiles[reason]++;
      scan.skippedPaths.push({ path: vscode.workspace.asRelativePath(uri), reason });
    },
    left: (uri, skipped) => {
      for (const s of skipped) scan.skipped.push({ ...s, uri });
    },
    planned: (f) => scan.planned.push(f),
    done: () => o.progress?.(++done, uris.length),
  };
  /** The host's way for the files at `indices`: read through workspace.fs, planned here. */
  const onHost = (indices: readonly number[]) => {
    let next = 0;
    const worker = async () => {
      while (next < indices.length && !stop()) {
        const uri = uris[indices[next++]];
        if (await scanOnHost(uri, open, budget, clock, o, sink)) sink.done();
      }
    };
    return Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  };
  const { toWorkers, rest } = await partition(uris, open, o);
  const left = await Promise.all([onHost(rest), scanInWorkers(uris, toWorkers, o, sink)]);
  // What the workers left to the host (files whose reading VS Code decides, odd files).
  await onHost(left[1]);
  stop();
  return scan;
}

/** Reads and plans `uri` on the extension host; false when stopped before it was done. */
async function scanOnHost(
  uri: vscode.Uri,
  open: ReadonlyMap<string, vscode.TextDocument>,
  budget: ByteBudget,
  clock: SliceClock,
  o: ScanOptions,
  sink: ScanSink,
): Promise<boolean> {
  const r = await readText(uri, open, o.maxFileSize, budget, o.token);
  if (sink.stop()) return false;
  if ('skip' in r) {
    sink.skip(uri, r.skip);
    return true;
  }
  // Planned on the text VS Code will edit, or skipped with the reason (bytes.ts).
  const p = await planChecked(uri, r, (text) =>
    planFileSliced(text, o.target, o.transform, o.caches, vscode.l10n.t, r.languageId, clock),
  );
  if (sink.stop()) return false;
  if (p.skip !== undefined) {
    sink.skip(uri, p.skip);
    return true;
  }
  const { text, plan } = p;
  if (o.configOf) leaveOut(plan, text, r.languageId, o.configOf(uri));
  sink.left(uri, plan.skipped);
  if (plan.edits.length > 0)
    sink.planned({
      uri,
      version: r.version,
      stat: r.stat,
      hash: await textHashSliced(text, clock),
      length: text.length,
      plan,
      ...(plan.edits.length >= REGIONS_FROM_EDITS ? { text } : {}),
    });
  return true;
}
