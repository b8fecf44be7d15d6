// What VS Code's workspace.fs.stat gives for a path on disk, told by Node in the extension host's
// own process (issue 28): the workspace commands' freshness check stats every planned file before
// the dialog and again before the writes, and 10,000 workspace.fs.stat calls cost more than the
// scan itself (each a round trip through VS Code's file service). Nothing here is followed: a
// symbolic link is told as a link (VS Code adds its target's kind; the check refuses both alike).
import { promises as fsp } from 'node:fs';

export type DiskEntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** workspace.fs.stat's fields, as its disk provider makes them: `ctime` is the birth time. */
export interface DiskStat {
  kind: DiskEntryKind;
  mtime: number;
  ctime: number;
  size: number;
}

/** What an entry is itself, from its lstat or its directory listing (a link is a link). */
export function kindOf(s: import('node:fs').Stats | import('node:fs').Dirent): DiskEntryKind {
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'directory';
  return 'other';
}

/** The entry at `fsPath` itself (lstat); rejects as workspace.fs.stat does when it is gone. */
export async function statOnDisk(fsPath: string): Promise<DiskStat> {
  const s = await fsp.lstat(fsPath);
  return {
    kind: kindOf(s),
    mtime: s.mtime.getTime(),
    ctime: s.birthtime.getTime(),
    size: s.size,
  };
}
