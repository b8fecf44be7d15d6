// VS Code's workspace.fs as the workspace walk's file system (src/shared/workspace-files/fs.ts),
// for any workspace folder: local, remote, virtual, and in the web worker extension host.
// workspace.fs marks a symbolic link with the FileType.SymbolicLink bit (beside the target's
// kind) and calls FIFOs, devices and sockets FileType.Unknown; it can't resolve a link's real
// path, so the walk reports links as "not followed" without saying where they point.
import * as vscode from 'vscode';
import type { EntryInfo, EntryType, WalkFileSystem } from '../../shared/workspace-files';

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

/** The walk's file system for the folder `root`. */
export function workspaceWalkFileSystem(root: vscode.Uri): WalkFileSystem {
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
