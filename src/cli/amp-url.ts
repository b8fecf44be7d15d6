// The executable: runs `main` on this process's arguments and streams, then exits with its code
// once stdout has been flushed (process.exit would cut a piped output short).
import * as fs from 'node:fs';
import { main, oneLineMessage } from './main';
import type { Streams } from './streams';
import { CLOSED_OUTPUT_EXIT, problemLine } from './output';

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

/**
 * stdin in large chunks when it is a file or a pipe: process.stdin reads 64 KiB at a time, and a
 * list of a million URLs then costs thousands of reads and joins. A terminal keeps process.stdin.
 */
function stdin(): Streams['stdin'] {
  try {
    const stat = fs.fstatSync(0);
    if (stat.isFile() || stat.isFIFO())
      return fs.createReadStream('', { fd: 0, highWaterMark: 1 << 16, autoClose: false });
  } catch {
    // No stdin (closed): process.stdin reports it when read.
  }
  return process.stdin;
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
