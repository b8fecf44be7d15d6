// Turns a workspace scan into ONE WorkspaceEdit, written at once or through VS Code's Refactor
// Preview (grouped per conversion kind; changes that deserve a look apart, unchecked), leaving out
// files that changed since the scan, or whose path no longer leads to the same regular file
// through real folders.
import * as vscode from 'vscode';
import { mergeRegionSteps, REGIONS_FROM_EDITS, type Region } from '../../shared/merge-edits';
import {
  groupLabel,
  hostMatcher,
  reviewLabel,
  textHash,
  type WorkspaceEditPlan,
} from '../../shared/workspace-plan';
import { LineIndex } from '../../shared/line-index';
import { runSliced, type SliceClock } from '../../shared/time-slice';
import { identityOf, statOf } from './fs';
import { editorText } from './bytes';
import { filesBehindChangedFolders } from './identity';
import type { ScannedFile } from './scan';

/** One replacement of the edit, as built (the WorkspaceEdit API does not read metadata back). */
export interface BuiltEntry {
  uri: vscode.Uri;
  range: vscode.Range;
  newText: string;
  metadata: vscode.WorkspaceEditEntryMetadata;
}

/**
 * Whether `f` is still the regular file it was at the scan (not swapped for a symbolic link, a
 * FIFO, or another file: same birth time) and still holds the text it was planned from: an open
 * document's version, a file's modification time and size (cheap: no second read of the
 * workspace), or, for a file opened since the scan, its text compared with the one planned from.
 */
async function isFresh(
  f: ScannedFile,
  maxSize: number,
  open: ReadonlyMap<string, vscode.TextDocument> = openDocuments(),
): Promise<boolean> {
  let stat: vscode.FileStat;
  try {
    stat = await statOf(f.uri);
  } catch {
    return false; // deleted or unreadable since the scan
  }
  // A link has the SymbolicLink bit beside File: a save would write where it points.
  if (stat.type !== vscode.FileType.File) return false;
  if (f.stat && identityOf(stat) !== f.stat.identity) return false;
  const doc = open.get(f.uri.toString());
  if (doc && f.version !== undefined) return doc.version === f.version;
  if (doc?.isDirty) return sameText(f, doc.getText());
  try {
    if (f.stat) return stat.mtime === f.stat.mtime && stat.size === f.stat.size;
    // Open at the scan, closed since: VS Code will load it again; its text as it will read it.
    const bytes = await vscode.workspace.fs.readFile(f.uri);
    if (bytes.length > maxSize) return false;
    const r = await editorText(f.uri, bytes);
    return r.skip === undefined && sameText(f, r.text);
  } catch {
    return false;
  }
}

/** The open documents by URI (looked up once per check, not once per file). */
function openDocuments(): Map<string, vscode.TextDocument> {
  return new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
}

function sameText(f: ScannedFile, text: string | undefined): boolean {
  return text?.length === f.length && textHash(text) === f.hash;
}

/** Files checked at a time: a stat each, latency-bound like the scan's reads (scan.ts). */
const PARALLEL_CHECKS = 64;

/** The scanned files split into those unchanged since the scan and those changed. */
export async function checkFresh(
  files: readonly ScannedFile[],
  maxSize: number,
): Promise<{ fresh: ScannedFile[]; stale: ScannedFile[] }> {
  const ok = new Array<boolean>(files.length);
  const open = openDocuments();
  const moved = await filesBehindChangedFolders(files);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      ok[i] = !moved.has(files[i]) && (await isFresh(files[i], maxSize, open));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, worker));
  return { fresh: files.filter((_, i) => ok[i]), stale: files.filter((_, i) => !ok[i]) };
}

/**
 * How the edit is built. `replace`: written at once, without the changes that deserve a look.
 * `preview`: for the Refactor Preview, each change checked except those that deserve a look
 * (VS Code starts an entry unchecked exactly when it needs confirmation, and opens the preview
 * only if one does). `pick`: every change needs confirmation, for a user who asked to pick.
 */
export type BuildMode = 'replace' | 'preview' | 'pick';

/** A change left for a look (unchecked in the preview, not written by Replace). */
export interface ReviewItem {
  uri: vscode.Uri;
  edit: WorkspaceEditPlan;
}

/** What an edit would change, counted (countEdits), without the edit. */
export interface EditCounts {
  /** Files with at least one change proposed. */
  files: number;
  /** URL changes proposed (those that deserve a look included). */
  changes: number;
  /** The changes that deserve a look, in file order. */
  review: ReviewItem[];
  /** The other changes, in file order (for the report). */
  others: ReviewItem[];
}

export interface BuiltEdit extends EditCounts {
  edit: vscode.WorkspaceEdit;
  /** The entries of the edit: one per URL, or per region of a file with many (mergeRegionSteps). */
  entries: BuiltEntry[];
}

/**
 * The planned-from texts of the files with many changes (keyed by URI), which mergeRegionSteps needs
 * for the text between their URLs: the text the scan kept (ScannedFile.text), else an open
 * document's text, else the file read again; a text that is not the one planned from (hash and
 * length) is left out, and that file gets one entry per URL.
 */
export async function loadTexts(
  files: readonly ScannedFile[],
  maxSize: number,
): Promise<Map<string, string>> {
  const open = openDocuments();
  const texts = new Map<string, string>();
  for (const f of files) {
    if (f.plan.edits.length < REGIONS_FROM_EDITS) continue;
    const key = f.uri.toString();
    if (f.text !== undefined) {
      // The very text planned from: its freshness is checkFresh's (version, or mtime and size).
      texts.set(key, f.text);
      continue;
    }
    let text: string | undefined = open.get(key)?.getText();
    if (text === undefined)
      try {
        // The text VS Code will edit (its encoding), as the plan was made on (bytes.ts).
        const bytes = await vscode.workspace.fs.readFile(f.uri);
        const r = bytes.length > maxSize ? undefined : await editorText(f.uri, bytes);
        if (r?.skip === undefined) text = r?.text;
      } catch {
        text = undefined;
      }
    if (text !== undefined && sameText(f, text)) texts.set(key, text);
  }
  return texts;
}

/** Planned edits handled between two looks at the clock (buildEditSliced). */
const BUILD_STEP_EDITS = 4096;

/**
 * One WorkspaceEdit of the planned edits whose host matches `host` (undefined: all), built for
 * `mode` in time slices (`pause()`, the event loop's turn, whenever the slice is used up: joining
 * a large file's new text and sorting its changes for the report takes several slices' time in
 * one piece). A file with many changes whose text is in `texts` gets regions instead of one entry
 * per URL (mergeRegionSteps: the preview's cost grows with the square of a file's entries, and
 * VS Code serializes each entry on its own, so a hundred thousand one-URL entries held the
 * extension host for seconds where one region took a slice: docs/benchmarks.md); a change that
 * deserves a look is always an entry of its own, in a category whose label says why.
 */
export async function buildEditSliced(
  files: readonly ScannedFile[],
  mode: BuildMode,
  host: string | undefined,
  texts: ReadonlyMap<string, string>,
  clock: SliceClock,
): Promise<BuiltEdit> {
  return runSliced(buildSteps(files, mode, host, texts), clock);
}

/**
 * The counts of the edit buildEditSliced would make for `replace` (files, changes, those that
 * deserve a look and the others), without making it: the dialog's question and the report need
 * only these, and a WorkspaceEdit's ranges and entries for 10,000 files stayed alive in the
 * extension host from the scan to the end of the command (docs/benchmarks.md, issue 28).
 */
export async function countEdits(
  files: readonly ScannedFile[],
  host: string | undefined,
  clock: SliceClock,
): Promise<EditCounts> {
  const {
    files: n,
    changes,
    review,
    others,
  } = await runSliced(buildSteps(files, 'replace', host, new Map(), false), clock);
  return { files: n, changes, review, others };
}

/** buildEditSliced's work, yielding every BUILD_STEP_EDITS edits and while regions are joined. */
function* buildSteps(
  files: readonly ScannedFile[],
  mode: BuildMode,
  host: string | undefined,
  texts: ReadonlyMap<string, string>,
  /** false: the counts only (countEdits), no entry made. */
  withEntries = true,
): Generator<void, BuiltEdit> {
  const metadata = new Map<string, vscode.WorkspaceEditEntryMetadata>();
  // One metadata object per category: changes that deserve a look by reason, others by kind
  // (a region of both kinds has a label of its own).
  const meta = (edits: readonly WorkspaceEditPlan[]) => {
    const e = edits[0];
    const look = e.review !== undefined;
    let mixed = false;
    for (let k = 1; k < edits.length && !mixed; k++) mixed = edits[k].group !== e.group;
    const key = e.review ? `review:${e.review}` : mixed ? 'mixed' : e.group;
    let m = metadata.get(key);
    if (!m) {
      const t = vscode.l10n.t;
      const label = e.review
        ? reviewLabel(e.review, t)
        : mixed
          ? t('AMP URLs → publisher URLs')
          : groupLabel(e.group, t);
      m = { needsConfirmation: mode === 'pick' || (mode === 'preview' && look), label };
      metadata.set(key, m);
    }
    return m;
  };
  const matches = hostMatcher(host);
  const edit = new vscode.WorkspaceEdit();
  const built: BuiltEdit = { edit, entries: [], files: 0, changes: 0, review: [], others: [] };
  let done = 0;
  for (const f of files) {
    const edits: WorkspaceEditPlan[] = [];
    const wanted: WorkspaceEditPlan[] = [];
    for (const e of f.plan.edits) {
      if (++done % BUILD_STEP_EDITS === 0) yield;
      if (!matches(e.host)) continue;
      edits.push(e);
      (e.review ? built.review : built.others).push({ uri: f.uri, edit: e });
      if (mode !== 'replace' || !e.review) wanted.push(e);
    }
    if (edits.length === 0) continue;
    built.files++;
    built.changes += edits.length;
    if (!withEntries) continue;
    const text = texts.get(f.uri.toString());
    let regions: Region<WorkspaceEditPlan>[];
    if (text) {
      regions = yield* mergeRegionSteps(
        text,
        wanted,
        (e) => mode !== 'replace' && e.review !== undefined,
      );
    } else {
      regions = wanted.map((e) => ({ start: e.start, end: e.end, newText: e.newText, edits: [e] }));
    }
    for (const region of regions) {
      if (++done % BUILD_STEP_EDITS === 0) yield;
      const first = region.edits[0];
      const last = region.edits[region.edits.length - 1];
      let range = new vscode.Range(
        first.range.startLine,
        first.range.startChar,
        last.range.endLine,
        last.range.endChar,
      );
      if (text && region.end > last.end) {
        // A region run to the end of the file: its end is counted from the last URL's, a bounded
        // number of line breaks per step (the whole file's take longer than a slice).
        const tail = new LineIndex(text.slice(last.end, region.end));
        const to = region.end - last.end;
        while (!tail.reach(to)) yield;
        const line = tail.line(to);
        const end =
          line === 0
            ? new vscode.Position(last.range.endLine, last.range.endChar + to)
            : new vscode.Position(last.range.endLine + line, to - tail.starts[line]);
        range = range.with({ end });
      }
      const m = meta(region.edits);
      edit.replace(f.uri, range, region.newText, m);
      built.entries.push({ uri: f.uri, range, newText: region.newText, metadata: m });
    }
  }
  return built;
}
