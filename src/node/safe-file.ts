// Confined reads and atomic, confined replacements of the files of one folder tree (a
// repository), for Node front ends: the `amp-url` CLI and the extension's desktop build. Node-only,
// synchronous, no output of its own (results are values; the caller words them).
//
// What it guarantees, for a file named by its path relative to the root (`/`-separated):
// - Confined. A file is opened only inside the folder the root's real path plus its relative
//   path names, with no symbolic link in any component: the file itself is opened with
//   O_NOFOLLOW, and its folder is opened first and checked to be that very folder (on Linux through
//   /proc/self/fd, which names what a descriptor is; the file and the temporary file are then
//   opened, and the rename done, through that descriptor, so a folder swapped for a symbolic link
//   after the check changes nothing). Elsewhere (no /proc) the folder's real path and identity are
//   compared instead, which leaves a window between the check and the use.
// - Regular files only, opened without waiting on a FIFO (O_NONBLOCK), checked by fstat.
// - Atomic and durable. `replace` writes a temporary file (O_EXCL, an unguessable name) in the
//   same folder, with the original's mode (and owner where the process may set it), flushes it
//   (fsync), renames it over the original; the folder is flushed (fsync) once for all the
//   replacements in it: when the next file is in another folder, or at `close`, which returns once
//   every replacement is durable (call it after the last one). At every instant the path holds
//   either the original bytes or the whole new bytes. A temporary file is removed when the write
//   fails (a crash or SIGKILL can leave one behind: `.amp-url-<hex>.tmp`, never the original).
// - Fresh. Right before the rename the file must still be the one read: same device, inode, size
//   and modification time, and the same bytes (compared in chunks with the bytes or SHA-256
//   given). Otherwise nothing is renamed and `changed` is returned.
// - One name. A file with more than one hard link is not replaced (`hardLinks`): its other
//   names may be outside the root.
import * as fs from 'node:fs';
import * as path from 'node:path';

const C = fs.constants;
// Node's types declare these always; on Windows they are undefined at run time.
const flag = (f: number | undefined): number => f ?? 0;
const READ_FLAGS = C.O_RDONLY | flag(C.O_NOFOLLOW) | flag(C.O_NONBLOCK);
const DIR_FLAGS = C.O_RDONLY | flag(C.O_DIRECTORY);
const TEMP_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | flag(C.O_NOFOLLOW);

/** What identifies the version of a file that was read (compared before a replacement). */
export interface FileVersion {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/**
 * A file's times as VS Code's `workspace.fs.stat` gives them for a file on disk (its `mtime` and
 * its `ctime`, which is the birth time): whole milliseconds of Node's Dates.
 */
export interface FileTimes {
  mtime: number;
  birth: number;
}

/** Why a file was not read or not replaced. */
export type Refusal =
  /** Its path leads out of the root's real path (a symbolic link in a component), or is not a plain relative path. */
  | 'outside'
  /** The file itself is a symbolic link. */
  | 'symlink'
  /** A FIFO, device, socket or folder. */
  | 'notRegular'
  /** Larger than the limit given. */
  | 'tooLarge'
  /** More than one hard link (replace only). */
  | 'hardLinks'
  /** Not the version read any more, or gone (replace only). */
  | 'changed'
  /** The system refused (permissions, I/O error, a full disk): `code` says what. */
  | 'failed';

export interface Refused {
  refused: Refusal;
  /** The system's error code (EACCES, EFBIG, …) when there is one. */
  code?: string;
}

export type ConfinedRead =
  | { bytes: Buffer; version: FileVersion; times: FileTimes; refused?: undefined }
  | (Refused & { bytes?: undefined; version?: undefined });

/** What `replace` compares the file with before renaming over it. */
export interface Expected {
  version: FileVersion;
  /** The bytes read, or their SHA-256 (hex): one of them. */
  bytes?: Uint8Array;
  sha256?: string;
}

export interface ReplaceOptions {
  /** Called once the temporary file is written and flushed, right before the freshness check (tests). */
  beforeRename?: () => void;
}

/** A folder opened and checked to be where it should be, with how to name a file in it. */
interface Folder {
  rel: string;
  fd: number | undefined;
  /** The path that opens `name` in this very folder. */
  at: (name: string) => string;
  /** Whether its path still leads to it. */
  stillThere: () => boolean;
  /** A file was renamed into it since it was opened: its entry is flushed before it is closed. */
  renamed?: boolean;
}

const versionOf = (s: fs.Stats): FileVersion => ({
  dev: s.dev,
  ino: s.ino,
  size: s.size,
  mtimeMs: s.mtimeMs,
});

const sameVersion = (s: fs.Stats, v: FileVersion): boolean =>
  s.dev === v.dev && s.ino === v.ino && s.size === v.size && s.mtimeMs === v.mtimeMs;

/** A path with an empty, `.` or `..` component, or a NUL: not a plain relative path. */
const NOT_PLAIN = /(?:^|\/)\.{0,2}(?:\/|$)|\0/;

const codeOf = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? 'error';

let cryptoModule: typeof import('node:crypto') | undefined;
/**
 * node:crypto, loaded by the first replacement or hash: a run that only reads (`amp-url check`
 * without --fix) does not pay for loading it at start-up.
 */
function crypto(): typeof import('node:crypto') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load, see above
  return (cryptoModule ??= require('node:crypto') as typeof import('node:crypto'));
}

/** The SHA-256 of `bytes`, in hex (what `Expected.sha256` holds). */
export function sha256Hex(bytes: Uint8Array): string {
  return crypto().createHash('sha256').update(bytes).digest('hex');
}

/** Bytes compared or hashed at a time in the freshness check. */
const CHUNK = 1 << 20;

/**
 * The files under one root. Reads share one buffer (the bytes a read returns are valid until
 * the next read); the folder last used stays open. `close` releases it.
 */
export class ConfinedFiles {
  /** The root's real path (every symbolic link in it resolved). */
  readonly root: string;
  private readonly proc: boolean;
  private folder: Folder | undefined;
  private scratch = Buffer.allocUnsafe(1 << 16);

  /** `pathChecks` forces the checks by path used where there is no /proc (for their tests). */
  constructor(root: string, options: { pathChecks?: boolean } = {}) {
    this.root = fs.realpathSync.native(root);
    this.proc = !options.pathChecks && procNamesDescriptors(this.root);
  }

  /**
   * The bytes of the regular file `rel` (at most `maxSize`; one byte more is asked for, so a file
   * that grew since its fstat is seen), or why not.
   */
  read(rel: string, maxSize: number): ConfinedRead {
    const opened = this.openFile(rel);
    if (opened.refused !== undefined) return opened;
    const { fd, stat } = opened;
    try {
      if (stat.size > maxSize) return { refused: 'tooLarge' };
      const bytes = this.readAll(fd, stat.size, maxSize);
      if (!bytes) return { refused: 'tooLarge' };
      const times = { mtime: stat.mtime.getTime(), birth: stat.birthtime.getTime() };
      return { bytes, version: versionOf(stat), times };
    } catch (e) {
      return { refused: 'failed', code: codeOf(e) };
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Replaces the file `rel` with `data`, atomically, when it is still `expected` (see the file
   * comment). Returns undefined on success.
   */
  replace(
    rel: string,
    data: Uint8Array,
    expected: Expected,
    options: ReplaceOptions = {},
  ): Refused | undefined {
    const opened = this.openFile(rel, true);
    if (opened.refused !== undefined)
      return opened.code === 'ENOENT' ? { refused: 'changed', code: 'ENOENT' } : opened;
    const { fd, stat, folder, name } = opened;
    try {
      if (stat.nlink > 1) return { refused: 'hardLinks' };
      if (!sameVersion(stat, expected.version)) return { refused: 'changed' };
      return this.writeAndRename(folder, name, fd, stat, data, expected, options);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** close, and lets the buffer of the reads go (it is as large as the largest file read). */
  release(): void {
    this.close();
    this.scratch = Buffer.allocUnsafe(0);
  }

  /** Flushes the folder kept open if a file was replaced in it, and closes it. */
  close(): void {
    if (this.folder?.fd !== undefined) {
      if (this.folder.renamed) syncFolder(this.folder.fd);
      fs.closeSync(this.folder.fd);
    }
    this.folder = undefined;
  }

  private writeAndRename(
    folder: Folder,
    name: string,
    fd: number,
    stat: fs.Stats,
    data: Uint8Array,
    expected: Expected,
    options: ReplaceOptions,
  ): Refused | undefined {
    const temp = folder.at(`.amp-url-${crypto().randomBytes(12).toString('hex')}.tmp`);
    let tfd: number;
    try {
      tfd = fs.openSync(temp, TEMP_FLAGS, 0o600);
    } catch (e) {
      return { refused: 'failed', code: codeOf(e) };
    }
    try {
      try {
        keepOwnerAndMode(tfd, stat);
        writeAll(tfd, data);
        fs.fsyncSync(tfd);
      } finally {
        fs.closeSync(tfd);
      }
      options.beforeRename?.();
      if (!this.stillExpected(folder.at(name), fd, expected)) {
        fs.unlinkSync(temp);
        return { refused: 'changed' };
      }
      fs.renameSync(temp, folder.at(name));
    } catch (e) {
      try {
        fs.unlinkSync(temp);
      } catch {
        // Already gone (renamed, or never written): nothing to remove.
      }
      return { refused: 'failed', code: codeOf(e) };
    }
    if (folder.fd !== undefined) folder.renamed = true;
    else syncFolderAt(folder.at('.'));
    return undefined;
  }

  /** The name still holds the file read, and its bytes are still those read. */
  private stillExpected(at: string, fd: number, expected: Expected): boolean {
    let now: fs.Stats;
    try {
      now = fs.lstatSync(at);
    } catch {
      return false;
    }
    if (!now.isFile() || !sameVersion(now, expected.version)) return false;
    if (!sameVersion(fs.fstatSync(fd), expected.version)) return false;
    return sameContent(fd, expected);
  }

  /** Opens `rel` for reading, confined (see the file comment), and fstats it. */
  private openFile(
    rel: string,
    recheck = false,
  ):
    | ({ fd: number; stat: fs.Stats; folder: Folder; name: string } & { refused?: undefined })
    | Refused {
    if (NOT_PLAIN.test(rel)) return { refused: 'outside' };
    const slash = rel.lastIndexOf('/');
    const name = rel.slice(slash + 1);
    const folder = this.openFolder(slash < 0 ? '' : rel.slice(0, slash), recheck);
    if ('refused' in folder) return folder;
    let fd: number;
    try {
      fd = fs.openSync(folder.at(name), READ_FLAGS);
    } catch (e) {
      const code = codeOf(e);
      return code === 'ELOOP' ? { refused: 'symlink' } : { refused: 'failed', code };
    }
    const checked = checkOpened(fd, folder, name);
    if (checked.refused !== undefined) {
      fs.closeSync(fd);
      return checked;
    }
    return { fd, stat: checked.stat, folder, name };
  }

  /**
   * The folder `rel` ('' for the root), opened and checked; the last one is kept open (and, with
   * `recheck`, checked again: a replacement writes only where the path still leads).
   */
  private openFolder(rel: string, recheck: boolean): Folder | Refused {
    if (this.folder?.rel === rel && !(recheck && !this.folder.stillThere())) return this.folder;
    this.close();
    const expected = rel === '' ? this.root : path.join(this.root, ...rel.split('/'));
    const folder = this.proc ? openFolderFd(rel, expected) : checkFolderPath(rel, expected);
    if ('rel' in folder) this.folder = folder;
    return folder;
  }

  /** Reads a file of `size` bytes (by fstat) into the shared buffer; undefined past `maxSize`. */
  private readAll(fd: number, size: number, maxSize: number): Buffer | undefined {
    const limit = maxSize + 1;
    if (this.scratch.length < size + 1)
      this.scratch = Buffer.allocUnsafe(
        Math.min(Math.max(size + 1, this.scratch.length * 2), limit),
      );
    let got = 0;
    for (;;) {
      const want = Math.min(this.scratch.length, limit) - got;
      const n = fs.readSync(fd, this.scratch, got, want, got);
      got += n;
      if (got > maxSize) return undefined;
      if (n < want) return this.scratch.subarray(0, got);
      const bigger = Buffer.allocUnsafe(Math.min(this.scratch.length * 2, limit));
      this.scratch.copy(bigger, 0, 0, got);
      this.scratch = bigger;
    }
  }
}

/** The descriptor opened is a regular file and (without /proc) the file the name holds. */
function checkOpened(
  fd: number,
  folder: Folder,
  name: string,
): ({ stat: fs.Stats } & { refused?: undefined }) | Refused {
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { refused: 'notRegular' };
    // Without /proc the folder was checked by path: the name must still hold the file opened.
    if (folder.fd === undefined && !sameFile(fs.lstatSync(folder.at(name)), stat))
      return { refused: 'outside' };
    return { stat };
  } catch (e) {
    return { refused: 'failed', code: codeOf(e) };
  }
}

const sameFile = (a: fs.Stats, b: fs.Stats): boolean => a.dev === b.dev && a.ino === b.ino;

/** Whether /proc/self/fd/N names what descriptor N is (Linux): tried on the root itself. */
function procNamesDescriptors(root: string): boolean {
  if (process.platform !== 'linux') return false;
  let fd: number | undefined;
  try {
    fd = fs.openSync(root, DIR_FLAGS);
    return fs.readlinkSync(`/proc/self/fd/${fd}`) === root;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Opens the folder and checks, through /proc, that the descriptor is the folder `expected`. */
function openFolderFd(rel: string, expected: string): Folder | Refused {
  let fd: number;
  try {
    fd = fs.openSync(expected, DIR_FLAGS);
  } catch (e) {
    return { refused: 'failed', code: codeOf(e) };
  }
  if (procPath(fd) !== expected) {
    fs.closeSync(fd);
    return { refused: 'outside' };
  }
  const base = `/proc/self/fd/${fd}/`;
  return { rel, fd, at: (name) => base + name, stillThere: () => procPath(fd) === expected };
}

/** What /proc says descriptor `fd` is (undefined: it can't say). */
function procPath(fd: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** Without /proc: the folder's real path must be `expected` (checked now; see the file comment). */
function checkFolderPath(rel: string, expected: string): Folder | Refused {
  let real: string;
  try {
    real = fs.realpathSync.native(expected);
  } catch (e) {
    return { refused: 'failed', code: codeOf(e) };
  }
  if (real !== expected) return { refused: 'outside' };
  // Checked again each time (a replacement): nothing is held open here.
  return { rel, fd: undefined, at: (name) => path.join(expected, name), stillThere: () => false };
}

/** The original's owner (where this process may set it: else EPERM, ignored) and mode. */
function keepOwnerAndMode(fd: number, stat: fs.Stats): void {
  // Owner first: changing the owner clears the set-user-ID and set-group-ID bits.
  try {
    fs.fchownSync(fd, stat.uid, stat.gid);
  } catch (e) {
    const code = codeOf(e);
    if (code !== 'EPERM' && code !== 'EINVAL' && code !== 'ENOSYS') throw e;
  }
  fs.fchmodSync(fd, stat.mode & 0o7777);
}

function writeAll(fd: number, data: Uint8Array): void {
  let written = 0;
  while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written);
}

/** The file's bytes are `expected`'s, compared a chunk at a time (no second copy of the file). */
function sameContent(fd: number, expected: Expected): boolean {
  const size = expected.version.size;
  if (expected.bytes && expected.bytes.length !== size) return false;
  const hash = expected.bytes ? undefined : crypto().createHash('sha256');
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size + 1));
  let at = 0;
  for (;;) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, at);
    if (n === 0) break;
    if (at + n > size) return false;
    if (expected.bytes) {
      if (Buffer.compare(chunk.subarray(0, n), expected.bytes.subarray(at, at + n)) !== 0)
        return false;
    } else hash?.update(chunk.subarray(0, n));
    at += n;
  }
  if (at !== size) return false;
  return hash ? hash.digest('hex') === expected.sha256 : true;
}

/** syncFolder for a folder not held open (no /proc): opened by path, where that is possible. */
function syncFolderAt(dir: string): void {
  let fd: number;
  try {
    fd = fs.openSync(dir, C.O_RDONLY);
  } catch {
    return; // Windows opens no folder: its renames are flushed by the system
  }
  syncFolder(fd);
  fs.closeSync(fd);
}

/** Flushes a folder's entries (renames); where a folder can't be flushed, nothing to do. */
function syncFolder(fd: number): void {
  try {
    fs.fsyncSync(fd);
  } catch {
    // EINVAL on file systems that don't sync folders: the rename itself is done.
  }
}
