// VS Code's workspace.fs as the workspace walk's file system (src/shared/workspace-files/fs.ts),
// for any workspace folder: local, remote, virtual, and in the web worker extension host (a
// `file:` folder in a Node host is walked by Node instead: workspaceWalkFileSystem).
// workspace.fs marks a symbolic link with the FileType.SymbolicLink bit (beside the target's
// kind) and calls FIFOs, devices and sockets FileType.Unknown; it can't resolve a link's real
// path, so the walk reports links as "not followed" without saying where they point.
import * as vscode from 'vscode';
import type { EntryInfo, EntryType, WalkFileSystem } from '../../shared/workspace-files';
import { directWriter } from '../direct-writer';
import type { DiskEntryKind } from '../../node/scan-stat';

/** What an entry is, itself: a link is a link, whatever it points at. */
function entryTypeOf(type: vscode.FileType): EntryType {
  if (type & vscode.FileType.SymbolicLink) return 'symlink';
  if (type === vscode.FileType.File) return 'file';
  if (type === vscode.FileType.Directory) return 'directory';
  return 'other';
}

/** The URI of `rel` (`/`-separated, '' for the root) under `root`. */
export function uriAt(root: vscode.Uri, rel: string): vscode.Uri {
  return rel === '' ? root : vscode.Uri.joinPath(root, ...rel.split('/'));
}

/** What tells a file from another put at its path later: its birth time (ctime of workspace.fs). */
export function identityOf(stat: vscode.FileStat): string {
  return String(stat.ctime);
}

const FILE_TYPE_OF: Record<DiskEntryKind, vscode.FileType> = {
  file: vscode.FileType.File,
  directory: vscode.FileType.Directory,
  symlink: vscode.FileType.SymbolicLink,
  other: vscode.FileType.Unknown,
};

/**
 * workspace.fs.stat of `uri`, for the freshness check. A `file:` URI in a Node host is told by
 * Node in this process (src/node/scan-stat.ts: the same times and size, no round trip through
 * VS Code's file service per file); a link is then SymbolicLink alone, not beside its target's
 * kind: neither is a regular file or a folder, which is all the check asks.
 */
export async function statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
  const writer = directWriter;
  if (!writer || uri.scheme !== 'file') return vscode.workspace.fs.stat(uri);
  const s = await writer.stat(uri.fsPath);
  return { type: FILE_TYPE_OF[s.kind], mtime: s.mtime, ctime: s.ctime, size: s.size };
}

/**
 * The walk's file system for the folder `root`. A `file:` folder in a Node host is walked by Node
 * in this process (src/node/disk-walk.ts: the same entries, types and ignore-file reads as
 * through workspace.fs, without a round trip through VS Code's file service per folder), as
 * statOf stats; any other folder, and every folder in the web worker host, through workspace.fs.
 */
export function workspaceWalkFileSystem(root: vscode.Uri): WalkFileSystem {
  const writer = directWriter;
  if (writer && root.scheme === 'file') return writer.walkFs(root.fsPath);
  return vscodeWalkFileSystem(root);
}

/** The walk's file system for the folder `root`, through workspace.fs (any scheme, any host). */
export function vscodeWalkFileSystem(root: vscode.Uri): WalkFileSystem {
  const fs = vscode.workspace.fs;
  const stat = async (rel: string): Promise<EntryInfo> => {
    const s = await fs.stat(uriAt(root, rel));
    return { type: entryTypeOf(s.type), size: s.size, mtime: s.mtime, identity: identityOf(s) };
  };
  return {
    async readDirectory(rel) {
      const entries = await fs.readDirectory(uriAt(root, rel));
      return entries.map(([name, type]): [string, EntryType] => [name, entryTypeOf(type)]);
    },
    stat,
    async readFile(rel, maxBytes) {
      // workspace.fs.readFile follows links and waits on a FIFO forever: stat first, read only
      // a regular file within the cap (the walk has already checked the listing's type too).
      const s = await stat(rel);
      if (s.type !== 'file' || s.size > maxBytes) return undefined;
      const bytes = await fs.readFile(uriAt(root, rel));
      return bytes.length > maxBytes ? undefined : bytes;
    },
  };
}
