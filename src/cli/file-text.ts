// A file's text for find and check, and the write of a fix, with the byte rules every front end
// shares (src/shared/file-bytes.ts): UTF-8 with or without its BOM and UTF-16 with its BOM are
// read and written back byte for byte; binary files and legacy encodings are skipped with the
// reason. A fix re-encodes the text it read with only the URLs replaced, so the BOM, every line
// ending (mixed ones and lone CRs too: the tool writes bytes, no text model normalises them) and
// every other byte stay as they were.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  applyTextEdits,
  decodeFileBytes,
  encodeFileText,
  sameBytes,
  type FileEncoding,
  type TextEdit,
} from '../shared/file-bytes';
import { fileSkipReason, type FileSkip } from '../shared/workspace-plan';
import { nodeWalkFileSystem } from './node-fs';

export interface FileText {
  text: string;
  encoding: FileEncoding;
  /** The bytes read: a fix is written only over these very bytes. */
  bytes: Uint8Array;
}

/** The command line's words where they differ from the editor's (fileSkipReason). */
const CLI_SKIP_REASONS: Partial<Record<FileSkip, string>> = {
  binary: 'binary (a NUL byte in its first 8000 bytes)',
  tooLarge: 'larger than --max-file-size',
  notUtf8: 'not UTF-8 or UTF-16 with a BOM (a legacy encoding?): left as it is',
  encoding: 'its bytes would not be written back unchanged',
  lineEndings: 'its line endings would not be kept',
};

/** Why a file is not read, in words for stderr and the reports. */
export function skipReason(skip: FileSkip): string {
  return CLI_SKIP_REASONS[skip] ?? fileSkipReason(skip);
}

/** Reads a regular file (a symbolic link, FIFO or device is refused, never opened) and decodes it. */
export async function readFileText(
  file: string,
  maxSize: number,
): Promise<
  { file: FileText; skip?: undefined } | { file?: undefined; skip: FileSkip; detail?: string }
> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await nodeWalkFileSystem(path.dirname(file)).readFile(path.basename(file), maxSize);
  } catch (e) {
    return { skip: 'unreadable', detail: (e as NodeJS.ErrnoException).code };
  }
  if (!bytes) {
    // Not read: say why (the walk lists regular files only, so this is rare: a named file, or
    // one swapped for a link or a FIFO since the listing).
    let st: fs.Stats;
    try {
      st = await fs.promises.lstat(file);
    } catch (e) {
      return { skip: 'unreadable', detail: (e as NodeJS.ErrnoException).code };
    }
    if (st.isSymbolicLink()) return { skip: 'unreadable', detail: 'a symbolic link: not followed' };
    if (!st.isFile()) return { skip: 'unreadable', detail: 'not a regular file: not opened' };
    return { skip: 'tooLarge' };
  }
  const r = decodeFileBytes(bytes);
  if (r.skip !== undefined) return { skip: r.skip };
  return { file: { text: r.text, encoding: r.encoding, bytes } };
}

/**
 * Writes `edits` (offsets in the text read) into the file: its encoding and BOM kept, every byte
 * outside the edits unchanged. Refused, with the reason (undefined is success), when the file is
 * no longer the bytes that were read or no longer a regular file.
 */
export function writeEdits(
  file: string,
  read: FileText,
  edits: readonly TextEdit[],
): string | undefined {
  const bytes = encodeFileText(applyTextEdits(read.text, edits), read.encoding);
  // Node's types declare these always; on Windows (no FIFOs, no O_NOFOLLOW) they are undefined.
  const flag = (f: number | undefined): number => f ?? 0;
  const flags = fs.constants.O_RDWR | flag(fs.constants.O_NOFOLLOW) | flag(fs.constants.O_NONBLOCK);
  let fd: number;
  try {
    fd = fs.openSync(file, flags);
  } catch (e) {
    return `can't open it for writing (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return 'no longer a regular file';
    const now = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, now, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    if (!sameBytes(now.subarray(0, got), read.bytes)) return 'changed since it was read';
    fs.ftruncateSync(fd, 0);
    let written = 0;
    while (written < bytes.length)
      written += fs.writeSync(fd, bytes, written, bytes.length - written, written);
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
