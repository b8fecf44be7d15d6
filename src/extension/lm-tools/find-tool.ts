// amp_url_find_amp_urls in the editor: the files the workspace commands would scan (the shared
// walk with files.exclude, search.exclude and the ignore files: listWorkspaceFiles), read through
// workspace.fs with the shared byte rules (open documents from their current text), each file's
// AMP URLs found with the rules of `amp-url check` (FindCollector). Read-only: nothing is
// written, no editor or dialog opens. One file is read at a time and the search stops once the
// answer is full, so a model's call costs at most what it returns.
import * as vscode from 'vscode';
import { FindCollector, type FindAnswer, type ToolSettings } from '../../shared/agent-tools';
import { decodeFileBytes } from '../../shared/file-bytes';
import { languageOfPath } from '../../shared/language-of-path';
import { fileSkipReason } from '../../shared/workspace-plan';
import { listWorkspaceFiles } from '../workspace/scan';

export interface FindOptions {
  include?: string;
  max: number;
  maxFileSize: number;
  settings: ToolSettings;
  token: vscode.CancellationToken;
}

/** The text of a file not open, or why it is not read. */
async function readText(
  uri: vscode.Uri,
  maxFileSize: number,
): Promise<{ text: string } | { skip: string }> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File) return { skip: fileSkipReason('special') };
    if (stat.size > maxFileSize) return { skip: fileSkipReason('tooLarge') };
    const r = decodeFileBytes(await vscode.workspace.fs.readFile(uri));
    return r.skip !== undefined ? { skip: fileSkipReason(r.skip, vscode.l10n.t) } : r;
  } catch {
    return { skip: fileSkipReason('unreadable', vscode.l10n.t) };
  }
}

export async function findAmpUrls(o: FindOptions): Promise<FindAnswer & { cancelled: boolean }> {
  const listing = await listWorkspaceFiles(o.include ?? '', '', o.token);
  const found = new FindCollector(o.settings, o.max, vscode.l10n.t);
  for (const s of listing.skippedPaths) found.skip(s.path, fileSkipReason(s.reason, vscode.l10n.t));
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  for (const uri of listing.uris) {
    if (o.token.isCancellationRequested || found.full) break;
    const path = vscode.workspace.asRelativePath(uri);
    const doc = open.get(uri.toString());
    if (doc) {
      found.addFile(path, doc.getText(), doc.languageId);
      continue;
    }
    const r = await readText(uri, o.maxFileSize);
    if ('skip' in r) found.skip(path, r.skip);
    else found.addFile(path, r.text, languageOfPath(uri.path));
  }
  return { ...found.result(), cancelled: o.token.isCancellationRequested };
}
