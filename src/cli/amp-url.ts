// The executable: runs `main` on this process's arguments and streams, then exits with its code
// once stdout has been flushed (process.exit would cut a piped output short).
import * as fs from 'node:fs';
import { main, oneLineMessage } from './main';
import { CLOSED_OUTPUT_EXIT, problemLine } from './output';
import type { Streams } from './streams';

// stderr that fails cannot be told about it: the exit code says it (a reader that closed it, as
// with `2>&1 | head`, as for stdout).
process.stderr.on('error', (e: NodeJS.ErrnoException) => {
  process.exitCode = e.code === 'EPIPE' ? CLOSED_OUTPUT_EXIT : 2;
});

// A failure no command caught is still one line and exit 2, never a stack trace (it would also
// turn into exit 1, which means "findings").
process.on('uncaughtException', (e) => {
  process.stderr.write(problemLine('amp-url', `unexpected error: ${oneLineMessage(e)}`));
  process.exit(2);
});

const CHUNK = 1 << 16;

/**
 * stdin in chunks of 64 KiB (lines.ts decodes each line alone; larger chunks only kept more of
 * them alive at once). A regular file (`amp-url publisher < list`) is read synchronously: its
 * reads never wait on another process, and a stream's hand-offs to the thread pool cost more
 * than the reads. A pipe or a terminal is process.stdin, which also reads 64 KiB at a time.
 */
function stdin(): Streams['stdin'] {
  try {
    // A folder too: its read fails (EISDIR), and the run says so and exits 2, where
    // process.stdin gave an empty input.
    const stat = fs.fstatSync(0);
    if (stat.isFile() || stat.isDirectory()) return fileChunks(0);
  } catch {
    // No stdin (closed): process.stdin reports it when read.
  }
  return process.stdin;
}

/** The rest of the file open as `fd`, from where it stands (a shell may have read part of it). */
function* fileChunks(fd: number): Generator<Buffer> {
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = fs.readSync(fd, chunk, 0, CHUNK, null);
    } catch (e) {
      throw new Error(`could not read stdin (${oneLineMessage(e)})`);
    }
    if (n === 0) return;
    yield n < CHUNK ? chunk.subarray(0, n) : chunk;
  }
}

let opened: Streams['stdin'] | undefined;
void main(process.argv.slice(2), {
  // Opened by the first command that reads it: `check` and `find` never do, and the stream's
  // modules then stay unloaded.
  get stdin() {
    return (opened ??= stdin());
  },
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => {
  if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
});
