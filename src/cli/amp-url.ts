// The executable: runs `main` on this process's arguments and streams, then exits with its code
// once stdout has been flushed (process.exit would cut a piped output short).
import * as fs from 'node:fs';
import { main } from './main';
import type { Streams } from './convert';

/**
 * stdin in large chunks when it is a file or a pipe: process.stdin reads 64 KiB at a time, and a
 * list of a million URLs then costs thousands of reads and joins. A terminal keeps process.stdin.
 */
function stdin(): Streams['stdin'] {
  try {
    const stat = fs.fstatSync(0);
    if (stat.isFile() || stat.isFIFO())
      return fs.createReadStream('', { fd: 0, highWaterMark: 1 << 20, autoClose: false });
  } catch {
    // No stdin (closed): process.stdin reports it when read.
  }
  return process.stdin;
}

void main(process.argv.slice(2), {
  stdin: stdin(),
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => {
  process.exitCode = code;
});
