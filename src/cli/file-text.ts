// A file's text for find and check, and the write of a fix: the bytes are decoded with the
// workspace commands' rules (decodeText: binary, too large and non-UTF-8 files are skipped with
// the reason), and a fix re-encodes only the text it read, so the byte order mark, every line
// ending and every byte outside the replaced URLs stay as they were.
import * as fs from 'node:fs';
import { decodeText, type FileSkip } from '../shared/workspace-plan';

export interface FileText {
  text: string;
  /** The file started with a UTF-8 byte order mark (decodeText drops it from the text). */
  bom: boolean;
  /** Size and modification time read, to refuse a fix when the file changed meanwhile. */
  size: number;
  mtimeMs: number;
}

export const SKIP_REASONS: Record<FileSkip, string> = {
  binary: 'binary (a NUL byte in its first 8000 bytes)',
  tooLarge: 'larger than --max-file-size',
  notUtf8: 'not UTF-8 (a legacy encoding or UTF-16): left as it is',
  unreadable: 'unreadable',
};

/** Reads a regular file (a symlink, FIFO or device is refused) and decodes it. */
export function readFileText(
  path: string,
  maxSize: number,
): { file: FileText; skip?: undefined } | { file?: undefined; skip: FileSkip; detail?: string } {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink is never followed; O_NONBLOCK: a FIFO never blocks the open.
    fd = fs.openSync(
      path,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK,
    );
  } catch (e) {
    return { skip: 'unreadable', detail: (e as NodeJS.ErrnoException).code };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { skip: 'unreadable', detail: 'not a regular file' };
    if (st.size > maxSize) return { skip: 'tooLarge' };
    const bytes = Buffer.alloc(st.size);
    let read = 0;
    while (read < st.size) {
      const n = fs.readSync(fd, bytes, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    const view = bytes.subarray(0, read);
    const r = decodeText(view, maxSize);
    if (r.skip !== undefined) return { skip: r.skip };
    const bom = view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf;
    return { file: { text: r.text, bom, size: st.size, mtimeMs: st.mtimeMs } };
  } catch (e) {
    return { skip: 'unreadable', detail: (e as NodeJS.ErrnoException).code };
  } finally {
    fs.closeSync(fd);
  }
}

export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** `text` with sorted, non-overlapping `edits` applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.start), e.newText);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Writes a fixed text back: UTF-8 as it was read, with its byte order mark. Refused (undefined
 * is success) when the file changed since it was read or is no longer a regular file.
 */
export function writeFileText(path: string, file: FileText, text: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (e) {
    return `can't open it for writing (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return 'no longer a regular file';
    if (st.size !== file.size || st.mtimeMs !== file.mtimeMs) return 'changed since it was read';
    const body = Buffer.from(text, 'utf8');
    const bytes = file.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
    fs.ftruncateSync(fd, 0);
    let written = 0;
    while (written < bytes.length)
      written += fs.writeSync(fd, bytes, written, bytes.length - written, written);
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
