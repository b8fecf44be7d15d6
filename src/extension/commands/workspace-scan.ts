// Scans the workspace for the workspace commands: the files the Search view would search
// (files.exclude, search.exclude, .gitignore, .ignore and .git/info/exclude), read through
// workspace.fs (virtual workspaces and the web build too), open documents from their current
// text. Nothing is written here.
import * as vscode from 'vscode';
import type { AmpCache } from '../../core';
import type { Transform } from '../../shared/transforms';
import {
  ByteBudget,
  decodeText,
  enabledGlobs,
  gitignoreGlobs,
  joinGlobs,
  planFile,
  textHash,
  type FilePlan,
  type FileSkip,
  type LocatedSkip,
  type WorkspaceTarget,
} from '../../shared/workspace-plan';
import { languageOfPath } from '../../shared/language-of-path';
import {
  GIT_INFO_EXCLUDE,
  IGNORE_FILE_NAMES,
  IgnoreRules,
  hasNegation,
  ignoreFileAt,
  type IgnoreSource,
} from '../../shared/ignore-files';

/** An ignore file's text, its folder ('' for the workspace folder) and which kind it is. */
interface IgnoreFile {
  dir: string;
  name: IgnoreSource;
  text: string;
}

export interface ScanOptions {
  include: string;
  /** The user's exclude glob, on top of files.exclude, search.exclude and .gitignore. */
  exclude: string;
  target: WorkspaceTarget;
  transform: Transform;
  caches: readonly AmpCache[];
  maxFileSize: number;
  token?: vscode.CancellationToken;
  /** Stops as if cancelled after this many files (tests: cancel half-way). */
  cancelAfterFiles?: number;
  /** Called after each file with the count done and the total. */
  progress?: (done: number, total: number) => void;
}

export interface ScannedFile {
  uri: vscode.Uri;
  /** The open document's version at the scan, when it was open. */
  version?: number;
  /** Hash and length of the text planned from, to tell a change before apply. */
  hash: number;
  length: number;
  /** The file's modification time and size at the scan (files not open). */
  stat?: { mtime: number; size: number };
  plan: FilePlan;
}

export interface WorkspaceScan {
  files: number;
  planned: ScannedFile[];
  skippedFiles: Record<FileSkip, number>;
  /** Each skipped file with its reason, for the report. */
  skippedFileList: { uri: vscode.Uri; skip: FileSkip }[];
  /** URLs of the conversion's kind left as they are, with their file, for the report. */
  skipped: (LocatedSkip & { uri: vscode.Uri })[];
  cancelled: boolean;
}

/**
 * Files in flight at a time. Each `workspace.fs` call is a round trip of a few milliseconds while
 * the work per file is a fraction of one, so the scan waits on latency unless many calls overlap:
 * measured on 10,000 files, stat + read of all took 5.9 s with 16 in flight, 2.2 s with 64
 * (docs/workspace.md). Memory stays bounded by READ_BUDGET, not by this count.
 */
const PARALLEL_READS = 64;

/**
 * Bytes read at a time (from each file's stat, before reading): 64 files near the size limit
 * would otherwise hold 64 × maxFileSize in memory. A file larger than the budget is read alone.
 */
const READ_BUDGET = 32_000_000;

/**
 * What leaves files of one workspace folder out: one exclude glob (files.exclude, search.exclude,
 * ignore files without negations, the user's) applied by findFiles, and, when an ignore file
 * has a negation (`!x`, not expressible as an exclude glob), the ignore files' rules to match
 * each found file against.
 */
export interface FolderExclusions {
  exclude?: string;
  rules?: IgnoreRules;
}

/** The exclusions of one workspace folder. */
export async function exclusionsFor(
  folder: vscode.WorkspaceFolder,
  userExclude: string,
  token?: vscode.CancellationToken,
): Promise<FolderExclusions> {
  const filesExclude = enabledGlobs(
    vscode.workspace.getConfiguration('files', folder.uri).get('exclude'),
  );
  const search = vscode.workspace.getConfiguration('search', folder.uri);
  const patterns = [...filesExclude, ...enabledGlobs(search.get('exclude'))];
  let rules: IgnoreRules | undefined;
  if (search.get('useIgnoreFiles') !== false) {
    const files = await readIgnoreFiles(folder, joinGlobs(filesExclude), token);
    const excludeFile = await readGitInfoExclude(folder);
    if (excludeFile) files.unshift(excludeFile);
    if (files.some((f) => hasNegation(f.text))) {
      rules = new IgnoreRules();
      for (const f of files) rules.add(f.dir, f.name, f.text);
    } else for (const f of files) patterns.push(...gitignoreGlobs(f.text, f.dir).globs);
  }
  if (userExclude.trim()) patterns.push(...userExclude.split(',').map((p) => p.trim()));
  return { exclude: joinGlobs(patterns), rules };
}

/** The .gitignore and .ignore files of a folder (outside files.exclude), with their folders. */
async function readIgnoreFiles(
  folder: vscode.WorkspaceFolder,
  filesExclude: string | undefined,
  token?: vscode.CancellationToken,
): Promise<IgnoreFile[]> {
  const uris = await vscode.workspace.findFiles(
    new vscode.RelativePattern(folder, `**/{${IGNORE_FILE_NAMES.join(',')}}`),
    filesExclude ?? null,
    undefined,
    token,
  );
  const out: IgnoreFile[] = [];
  for (const uri of uris) {
    const at = ignoreFileAt(vscode.workspace.asRelativePath(uri, false));
    const text = at && (await readIgnoreText(uri));
    if (at && text) out.push({ ...at, text });
  }
  return out;
}

/** `.git/info/exclude` when the workspace folder is a repository's root (`.git` a folder). */
async function readGitInfoExclude(folder: vscode.WorkspaceFolder): Promise<IgnoreFile | undefined> {
  const text = await readIgnoreText(vscode.Uri.joinPath(folder.uri, GIT_INFO_EXCLUDE));
  return text ? { dir: '', name: GIT_INFO_EXCLUDE, text } : undefined;
}

async function readIgnoreText(uri: vscode.Uri): Promise<string | undefined> {
  const bytes = await readBytes(uri);
  return bytes && decodeText(bytes).text;
}

async function readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

/** The files to scan, in every workspace folder. */
export async function listFiles(
  include: string,
  exclude: string,
  token?: vscode.CancellationToken,
): Promise<vscode.Uri[]> {
  const out: vscode.Uri[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const { exclude: glob, rules } = await exclusionsFor(folder, exclude, token);
    const pattern = new vscode.RelativePattern(folder, include.trim() || '**/*');
    const found = await vscode.workspace.findFiles(pattern, glob ?? null, undefined, token);
    out.push(
      ...(rules
        ? found.filter((uri) => !rules.ignores(vscode.workspace.asRelativePath(uri, false)))
        : found),
    );
  }
  return out;
}

/** The text to plan from: an open document's current text, else the file's bytes decoded. */
async function readText(
  uri: vscode.Uri,
  open: ReadonlyMap<string, vscode.TextDocument>,
  maxSize: number,
  budget: ByteBudget,
): Promise<
  | { text: string; version?: number; languageId?: string; stat?: ScannedFile['stat'] }
  | { skip: FileSkip }
> {
  const doc = open.get(uri.toString());
  if (doc) {
    const text = doc.getText();
    if (text.length > maxSize) return { skip: 'tooLarge' };
    return { text, version: doc.version, languageId: doc.languageId };
  }
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    return { skip: 'unreadable' };
  }
  // Stat first: a file over the limit is never read into memory.
  if (stat.size > maxSize) return { skip: 'tooLarge' };
  await budget.take(stat.size);
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBytes(uri);
  } finally {
    budget.give(stat.size);
  }
  if (!bytes) return { skip: 'unreadable' };
  const r = decodeText(bytes, maxSize);
  return r.skip !== undefined
    ? { skip: r.skip }
    : {
        text: r.text,
        stat: { mtime: stat.mtime, size: stat.size },
        languageId: languageOfPath(uri.path),
      };
}

/** Scans `uris`: reads each, plans its edits. Cancelling stops at once and says so. */
export async function scanFiles(
  uris: readonly vscode.Uri[],
  o: ScanOptions,
): Promise<WorkspaceScan> {
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  const scan: WorkspaceScan = {
    files: uris.length,
    planned: [],
    skippedFiles: { binary: 0, tooLarge: 0, notUtf8: 0, unreadable: 0 },
    skippedFileList: [],
    skipped: [],
    cancelled: false,
  };
  const budget = new ByteBudget(READ_BUDGET);
  let next = 0;
  let done = 0;
  const stop = () =>
    scan.cancelled ||
    (scan.cancelled =
      o.token?.isCancellationRequested === true ||
      (o.cancelAfterFiles !== undefined && done >= o.cancelAfterFiles));
  const worker = async () => {
    while (next < uris.length && !stop()) {
      const uri = uris[next++];
      const r = await readText(uri, open, o.maxFileSize, budget);
      if (stop()) return;
      if ('skip' in r) {
        scan.skippedFiles[r.skip]++;
        scan.skippedFileList.push({ uri, skip: r.skip });
      } else {
        const plan = planFile(r.text, o.target, o.transform, o.caches, vscode.l10n.t, r.languageId);
        for (const s of plan.skipped) scan.skipped.push({ ...s, uri });
        if (plan.edits.length > 0)
          scan.planned.push({
            uri,
            version: r.version,
            stat: r.stat,
            hash: textHash(r.text),
            length: r.text.length,
            plan,
          });
      }
      o.progress?.(++done, uris.length);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  stop();
  return scan;
}
