// A file's text for find and check, and the write of a fix, with the byte rules every front end
// shares (src/shared/file-bytes.ts): UTF-8 with or without its BOM and UTF-16 with its BOM are
// read and written back byte for byte; binary files and legacy encodings are skipped with the
// reason. A fix re-encodes the text it read with only the URLs replaced, so the BOM, every line
// ending (mixed ones and lone CRs too: the tool writes bytes, no text model normalises them) and
// every other byte stay as they were. `check` reads through src/node/safe-file.ts (confined to
// the repository) and writes its fixes through write-fixes.ts; `find` reads the files it is given.
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import type { ConfinedFiles, Refused } from '../node/safe-file';
import {
  bomLength,
  bomOf,
  decodeFileBytes,
  utf32Of,
  type FileEncoding,
} from '../shared/file-bytes';
import { fileSkipReason, type FileSkip } from '../shared/workspace-plan';

export interface FileText {
  text: string;
  encoding: FileEncoding;
  /**
   * The bytes read (a fix is written only over these very bytes: their SHA-256 goes with it), in
   * the buffer shared by the reads: valid until the next read.
   */
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

// Node's fs flags as node-fs.ts opens with them: O_NOFOLLOW (a symbolic link fails to open) and
// O_NONBLOCK (a FIFO opens without waiting for a writer). Node's types declare them always; on
// Windows (no FIFOs) they are undefined at run time.
const flag = (f: number | undefined): number => f ?? 0;
const NO_FOLLOW = flag(fs.constants.O_NOFOLLOW) | flag(fs.constants.O_NONBLOCK);

/** What reading a file gives: its text, why it was not read, or (with a filter) nothing to check. */
export type ReadResult =
  | { file: FileText; skip?: undefined; passed?: undefined }
  | { file?: undefined; skip: FileSkip; detail?: string; passed?: undefined }
  | { file?: undefined; skip?: undefined; passed: true };

/**
 * Reads a regular file and decodes it: the same rules as node-fs.ts's readFile (open without
 * following a link or waiting on a FIFO, fstat the open file, read only a regular file and at most
 * `maxSize` bytes), with synchronous calls. The walk's file system is asynchronous for VS Code's
 * sake; here, reading through it cost many times the CPU of this way (FileHandle's promise round
 * trips, docs/benchmarks.md), and `amp-url check` reads nothing else.
 *
 * `mayMatter`, given the bytes of a valid UTF-8 file (less its BOM), may say there is nothing in
 * them to look at: the file is then `passed` over without being decoded (after the same binary and
 * UTF-8 checks, so the skips reported are the same).
 */
export function readFileText(
  file: string,
  maxSize: number,
  mayMatter?: (utf8: Buffer) => boolean,
): ReadResult {
  const read = readFileBytes(file, maxSize);
  if (read.skip !== undefined) return read;
  return decodeRead(read.bytes, mayMatter);
}

/**
 * readFileText for `check`: the file `rel` of the repository, read only where its real path is
 * the repository's plus `rel` (src/node/safe-file.ts).
 */
export function readRepoFileText(
  files: ConfinedFiles,
  rel: string,
  maxSize: number,
  mayMatter?: (utf8: Buffer) => boolean,
): ReadResult {
  const read = files.read(rel, maxSize);
  if (read.refused !== undefined) return readRefusal(read);
  return decodeRead(read.bytes, mayMatter);
}

function readRefusal(r: Refused): ReadResult {
  switch (r.refused) {
    case 'tooLarge':
      return { skip: 'tooLarge' };
    case 'symlink':
      return { skip: 'unreadable', detail: 'a symbolic link: not followed' };
    case 'outside':
      return { skip: 'unreadable', detail: 'reached through a symbolic link: not followed' };
    case 'notRegular':
      return { skip: 'unreadable', detail: 'not a regular file: not opened' };
    default:
      return { skip: 'unreadable', detail: r.code };
  }
}

/** The text of bytes read, with the skips of decodeFileBytes and the name of a UTF-32 file. */
function decodeRead(bytes: Buffer, mayMatter?: (utf8: Buffer) => boolean): ReadResult {
  // The probe alone is searched, natively: most files have no NUL, and their bytes past it tell
  // nothing. Without a NUL there, a file is not UTF-32 either (utf32Of needs one).
  const nul = bytes.subarray(0, BINARY_PROBE).indexOf(0);
  const utf32 = nul >= 0 ? utf32Of(bytes) : undefined;
  if (utf32) return { skip: 'notUtf8', detail: `${utf32}: not read` };
  const bom = bomOf(bytes);
  if (bom !== 'utf16le' && bom !== 'utf16be') {
    // UTF-8, decoded natively (simdutf; the strict TextDecoder took a large share of a check),
    // with decodeFileBytes' refusals.
    if (nul >= 0) return { skip: 'binary' };
    const encoding = bom ?? 'utf8';
    const body = bom ? bytes.subarray(bomLength(encoding)) : bytes;
    if (!isUtf8(body)) return { skip: 'notUtf8' };
    if (mayMatter && !mayMatter(body)) return { passed: true };
    return { file: { text: body.toString('utf8'), encoding, bytes } };
  }
  const r = decodeFileBytes(bytes);
  if (r.skip !== undefined) return { skip: r.skip };
  return { file: { text: r.text, encoding: r.encoding, bytes } };
}

/** The buffer files are read into, grown as needed: one allocation for all of them. */
let scratch = Buffer.allocUnsafe(1 << 16);

/**
 * The bytes of a regular file, in the shared buffer (valid until the next read), or why not. One
 * byte more than its size is asked for, so a file that grew meanwhile is seen, and never more
 * than `maxSize` + 1; a read that returns less than asked is the end of a regular file.
 */
function readFileBytes(
  file: string,
  maxSize: number,
): { bytes: Buffer; skip?: undefined } | { bytes?: undefined; skip: FileSkip; detail?: string } {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      skip: 'unreadable',
      detail: code === 'ELOOP' ? 'a symbolic link: not followed' : code,
    };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { skip: 'unreadable', detail: 'not a regular file: not opened' };
    if (st.size > maxSize) return { skip: 'tooLarge' };
    const limit = maxSize + 1;
    if (scratch.length < st.size + 1) scratch = Buffer.allocUnsafe(Math.min(st.size * 2, limit));
    let got = 0;
    for (;;) {
      const want = Math.min(scratch.length, limit) - got;
      const n = fs.readSync(fd, scratch, got, want, got);
      got += n;
      if (got > maxSize) return { skip: 'tooLarge' };
      if (n < want) break;
      const bigger = Buffer.allocUnsafe(Math.min(scratch.length * 2, limit));
      scratch.copy(bigger, 0, 0, got);
      scratch = bigger;
    }
    return { bytes: scratch.subarray(0, got) };
  } catch (e) {
    return { skip: 'unreadable', detail: (e as NodeJS.ErrnoException).code };
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes read to decide "binary", as decodeFileBytes (and git) do: a NUL in the first 8000. */
const BINARY_PROBE = 8000;
