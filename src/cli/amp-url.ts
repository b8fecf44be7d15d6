// The executable: runs `main` on this process's arguments and streams, then exits with its code
// once stdout has been flushed (process.exit would cut a piped output short).
import { main, oneLineMessage } from './main';
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

void main(process.argv.slice(2), {
  // Opened by the first command that reads it: `check` and `find` never do, and the stream's
  // modules then stay unloaded. It reads 64 KiB at a time, a file or a pipe: lines.ts decodes
  // each line alone, and larger chunks only kept more of them alive at once.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => {
  if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
});
