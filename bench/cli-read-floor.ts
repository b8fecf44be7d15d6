// The floor under `amp-url check` in Node (bench/cli.ts): what any check of the tree must do
// before it looks at a byte, in the cheapest way Node offers. It lists the tree with synchronous
// readdir (leaving out what the check leaves out by default), and opens, fstats and reads each
// file into one reused buffer, with the check's binary and UTF-8 tests (a NUL, isUtf8). No
// ignore files, no search, no report. Prints the number of files and bytes.
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SKIP = new Set(['.git', '.svn', '.hg', 'CVS', '.DS_Store', 'Thumbs.db']);
let buffer = Buffer.allocUnsafe(1 << 16);
let files = 0;
let bytes = 0;

function visit(dir: string): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) visit(p);
    else if (e.isFile()) read(p);
  }
}

function read(file: string): void {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const size = fs.fstatSync(fd).size;
    if (buffer.length < size + 1) buffer = Buffer.allocUnsafe(size * 2);
    const got = fs.readSync(fd, buffer, 0, size + 1, 0);
    const view = buffer.subarray(0, got);
    const nul = view.indexOf(0);
    if ((nul < 0 || nul >= 8000) && isUtf8(view)) bytes += got;
    files++;
  } finally {
    fs.closeSync(fd);
  }
}

visit(process.argv[2]);
console.log(JSON.stringify({ files, bytes }));
