// Node's fs as the workspace walk's file system in the extension host (issue 28), for `file:`
// workspace folders: the listing of 10,000 files through workspace.fs (a round trip through VS
// Code's file service per folder and per ignore file) took longer than the scan of them. It gives
// the walker exactly what src/extension/workspace/fs.ts gives it through workspace.fs, so the
// listing is the same: entries as they are themselves (a link is `symlink`, never followed), a
// FIFO, device or socket `other`, and no `realPath` (workspace.fs can't resolve a link, so a link
// is named "not followed" either way). Unlike the command line's adapter (src/cli/node-fs.ts),
// every call is asynchronous: the host's thread never waits on the disk.
import { constants as C, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { EntryInfo, EntryType, WalkFileSystem } from '../shared/workspace-files';
import { kindOf } from './scan-stat';

/** O_NOFOLLOW and O_NONBLOCK where the platform has them (not on Windows, which has no FIFOs). */
const flag = (f: number | undefined): number => f ?? 0;
const READ_FLAGS = C.O_RDONLY | flag(C.O_NOFOLLOW) | flag(C.O_NONBLOCK);

/**
 * The bytes of the regular file at `file` (at most `maxBytes`), or undefined when it is a link
 * (O_NOFOLLOW), not a regular file (checked on the open file: a FIFO opens without waiting,
 * O_NONBLOCK, and is never read) or larger. Never read past maxBytes, even if the file grows.
 */
async function readRegular(file: string, maxBytes: number): Promise<Uint8Array | undefined> {
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await fsp.open(file, READ_FLAGS);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw e;
  }
  try {
    const s = await handle.stat();
    if (!s.isFile() || s.size > maxBytes) return undefined;
    let buf = Buffer.alloc(Math.min(s.size, maxBytes) + 1);
    let got = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got > maxBytes) return undefined;
      if (got === buf.length) {
        // It grew since the stat: read on, never past maxBytes + 1 (enough to tell).
        const bigger = Buffer.alloc(Math.min(buf.length * 2, maxBytes + 1));
        buf.copy(bigger);
        buf = bigger;
      }
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, got);
  } finally {
    await handle.close();
  }
}

/** The walk's file system for the folder `root` on disk (an absolute path). */
export function diskWalkFileSystem(root: string): WalkFileSystem {
  const abs = (rel: string) => (rel === '' ? root : path.join(root, ...rel.split('/')));
  return {
    async readDirectory(rel) {
      // Node asks lstat itself for an entry whose type the file system does not give.
      const entries = await fsp.readdir(abs(rel), { withFileTypes: true });
      return entries.map((e): [string, EntryType] => [e.name, kindOf(e)]);
    },
    async stat(rel): Promise<EntryInfo> {
      // The fields workspace.fs.stat gives for a file on disk (src/node/scan-stat.ts).
      const s = await fsp.lstat(abs(rel));
      return {
        type: kindOf(s),
        size: s.size,
        mtime: s.mtime.getTime(),
        identity: String(s.birthtime.getTime()),
      };
    },
    readFile: (rel, maxBytes) => readRegular(abs(rel), maxBytes),
  };
}
