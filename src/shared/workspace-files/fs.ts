// The little of a file system the workspace walk needs, so one walker serves every front end:
// the extension adapts VS Code's workspace.fs to it (src/extension/workspace/fs.ts; virtual
// workspaces and the web worker host too), the command-line tool Node's fs (src/cli/node-fs.ts).
// Paths are relative to the walk's root, `/`-separated, '' for the root itself: the walker never
// builds a path that leaves the root.

/**
 * What a directory entry is, the entry itself (a symbolic link is `symlink`, whatever it points
 * at): `other` is a FIFO, a device, a socket, or anything a file system calls unknown.
 */
export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface EntryInfo {
  type: EntryType;
  size: number;
  /** Modification time, milliseconds. */
  mtime: number;
  /**
   * What tells this file from another file later put at the same path (device and inode in
   * Node, the birth time through workspace.fs), when the file system says.
   */
  identity?: string;
}

export interface WalkFileSystem {
  /** The entries of a folder: names and what each entry itself is. */
  readDirectory(path: string): Promise<[name: string, type: EntryType][]>;
  /** What the entry at `path` is, the last segment not followed if it is a symbolic link. */
  stat(path: string): Promise<EntryInfo>;
  /**
   * The bytes of the regular file at `path`, or undefined when it is not a regular file (a
   * symbolic link, a FIFO, a device, …) or holds more than `maxBytes`: such a file is never read
   * past what it takes to tell.
   */
  readFile(path: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** The real path of `path` (links resolved), when the file system can tell; absolute. */
  realPath?(path: string): Promise<string>;
}
