// Turns a workspace scan into ONE WorkspaceEdit for VS Code's Refactor Preview (every edit needs
// confirmation, grouped per conversion kind), leaving out files that changed since the scan.
import * as vscode from 'vscode';
import { groupLabel, hostMatches, textHash, type EditGroup } from '../../shared/workspace-plan';
import { editorText } from './workspace-bytes';
import type { ScannedFile } from './workspace-scan';

/** One replacement of the edit, as built (the WorkspaceEdit API does not read metadata back). */
export interface BuiltEntry {
  uri: vscode.Uri;
  range: vscode.Range;
  newText: string;
  metadata: vscode.WorkspaceEditEntryMetadata;
}

export interface BuiltEdit {
  edit: vscode.WorkspaceEdit;
  entries: BuiltEntry[];
  files: number;
}

/**
 * Whether `f` still holds the text it was planned from: an open document's version, a file's
 * modification time and size (cheap: no second read of the workspace), or, for a file opened
 * since the scan, its text compared with the one planned from.
 */
export async function isFresh(
  f: ScannedFile,
  maxSize: number,
  open: ReadonlyMap<string, vscode.TextDocument> = openDocuments(),
): Promise<boolean> {
  const doc = open.get(f.uri.toString());
  if (doc && f.version !== undefined) return doc.version === f.version;
  if (doc?.isDirty) return sameText(f, doc.getText());
  try {
    const stat = await vscode.workspace.fs.stat(f.uri);
    if (f.stat) return stat.mtime === f.stat.mtime && stat.size === f.stat.size;
    // Open at the scan, closed since: VS Code will load it again; its text as it will read it.
    const bytes = await vscode.workspace.fs.readFile(f.uri);
    if (bytes.length > maxSize) return false;
    const r = await editorText(f.uri, bytes);
    return r.skip === undefined && sameText(f, r.text);
  } catch {
    return false; // deleted or unreadable since the scan
  }
}

/** The open documents by URI (looked up once per check, not once per file). */
function openDocuments(): Map<string, vscode.TextDocument> {
  return new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
}

function sameText(f: ScannedFile, text: string | undefined): boolean {
  return text?.length === f.length && textHash(text) === f.hash;
}

/** Files checked at a time: a stat each, latency-bound like the scan's reads (workspace-scan.ts). */
const PARALLEL_CHECKS = 64;

/** The scanned files split into those unchanged since the scan and those changed. */
export async function checkFresh(
  files: readonly ScannedFile[],
  maxSize: number,
): Promise<{ fresh: ScannedFile[]; stale: ScannedFile[] }> {
  const ok = new Array<boolean>(files.length);
  const open = openDocuments();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      ok[i] = await isFresh(files[i], maxSize, open);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, worker));
  return { fresh: files.filter((_, i) => ok[i]), stale: files.filter((_, i) => !ok[i]) };
}

/**
 * One WorkspaceEdit of every planned edit whose host matches `host` (undefined: all). With
 * `confirm`, each edit needs confirmation: VS Code shows them in the Refactor Preview with a
 * checkbox each, grouped by label, before anything is written.
 */
export function buildEdit(
  files: readonly ScannedFile[],
  confirm: boolean,
  host?: string,
): BuiltEdit {
  const metadata = new Map<EditGroup, vscode.WorkspaceEditEntryMetadata>();
  const meta = (g: EditGroup) => {
    let m = metadata.get(g);
    if (!m)
      metadata.set(g, (m = { needsConfirmation: confirm, label: groupLabel(g, vscode.l10n.t) }));
    return m;
  };
  const edit = new vscode.WorkspaceEdit();
  const entries: BuiltEntry[] = [];
  let count = 0;
  for (const f of files) {
    const before = entries.length;
    for (const e of f.plan.edits) {
      if (!hostMatches(e.host, host)) continue;
      const r = e.range;
      const range = new vscode.Range(r.startLine, r.startChar, r.endLine, r.endChar);
      const m = meta(e.group);
      edit.replace(f.uri, range, e.newText, m);
      entries.push({ uri: f.uri, range, newText: e.newText, metadata: m });
    }
    if (entries.length > before) count++;
  }
  return { edit, entries, files: count };
}
