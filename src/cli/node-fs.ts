// Node's fs as the workspace walk's file system (src/shared/workspace-files/fs.ts), for the
// command-line tool and the unit tests on real folders. Node-only. A read opens with O_NOFOLLOW
// (a symbolic link fails to open) and O_NONBLOCK (a FIFO opens without waiting for a writer),
// then checks the open file itself with fstat: only a regular file is read, at most maxBytes,
// so a file swapped for a link, a FIFO or a device between the listing and the read is refused
// rather than followed or waited on.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  readdirSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import * as path from 'node:path';
import type { EntryInfo, EntryType, WalkFileSystem } from '../shared/workspace-files';

function typeOf(s: {
  isSymbolicLink(): boolean;
  isFile(): boolean;
  isDirectory(): boolean;
}): EntryType {
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'directory';
  return 'other';
}

function infoOf(s: Stats): EntryInfo {
  return { type: typeOf(s), size: s.size, mtime: s.mtimeMs, identity: `${s.dev}:${s.ino}` };
}

/** O_NOFOLLOW and O_NONBLOCK where the platform has them (not on Windows, which has no FIFOs). */
// Node's types declare them always; on Windows they are undefined at run time.
const flag = (f: number | undefined): number => f ?? 0;
const OPEN_FLAGS = constants.O_RDONLY | flag(constants.O_NOFOLLOW) | flag(constants.O_NONBLOCK);

/** The walk's file system for the folder `root`. */
export function nodeWalkFileSystem(root: string): WalkFileSystem {
  const abs = (rel: string) => (rel === '' ? root : path.join(root, ...rel.split('/')));
  return {
    async readDirectory(rel) {
      // Synchronous: the command line has nothing else to do meanwhile, and a listing through
      // the thread pool and a promise costs more CPU than the listing itself.
      const entries = readdirSync(abs(rel), { withFileTypes: true });
      return Promise.resolve(
        entries.map((e): [string, EntryType] => {
          const t = typeOf(e);
          // Some file systems don't give the type in the listing: ask lstat (never follows).
          if (
            t === 'other' &&
            !e.isFIFO() &&
            !e.isCharacterDevice() &&
            !e.isBlockDevice() &&
            !e.isSocket()
          )
            return [e.name, typeOf(lstatSync(abs(rel === '' ? e.name : `${rel}/${e.name}`)))];
          return [e.name, t];
        }),
      );
    },
    async stat(rel) {
      return Promise.resolve(infoOf(lstatSync(abs(rel))));
    },
    async readFile(rel, maxBytes) {
      // Synchronous too (the ignore files): FileHandle's promises would load node:fs/promises,
      // and with it the watchers and readline, for a few small files.
      return Promise.resolve(readRegularFile(abs(rel), maxBytes));
    },
    async realPath(rel) {
      return Promise.resolve(realpathSync.native(abs(rel)));
    },
  };
}

/**
 * The bytes of the regular file `file` (at most `maxBytes`), or undefined when it is a symbolic
 * link, not a regular file or larger. Read until the end, but never past maxBytes (the file may
 * grow while it is read).
 */
function readRegularFile(file: string, maxBytes: number): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (e) {
    // ELOOP: the path is a symbolic link (O_NOFOLLOW). Not a regular file: not read.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw e;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || s.size > maxBytes) return undefined;
    let buf = Buffer.alloc(Math.min(s.size, maxBytes) + 1);
    let got = 0;
    for (;;) {
      const bytesRead = readSync(fd, buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got > maxBytes) return undefined;
      if (got === buf.length) {
        const bigger = Buffer.alloc(Math.min(buf.length * 2, maxBytes + 1));
        buf.copy(bigger);
        buf = bigger;
      }
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, got);
  } finally {
    closeSync(fd);
  }
}
