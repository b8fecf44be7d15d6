// What the extension host allocated during one step, garbage included: sums a sampling heap
// profile (bench/workspace/profile.ts, AMP_URL_BENCH_ALLOC=<folder>) by the innermost function of
// this repository on each sample's stack (else by the innermost function and its script), largest
// first, to tell whose code makes the host's heap grow.
// Usage: node bench/workspace/alloc-owners.mjs <folder>/<step>.heapprofile [rows]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const [file, rowsArg] = process.argv.slice(2);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { head } = JSON.parse(fs.readFileSync(file, 'utf8'));
const sums = new Map();
let total = 0;

/** Adds each node's own allocations under the owner its stack (`stack`: outermost first) names. */
function walk(node, stack) {
  const frames = [...stack, node.callFrame];
  const bytes = node.selfSize;
  if (bytes > 0) {
    const ours = frames.findLast((f) => f.url.includes(repo));
    const inner = frames[frames.length - 1];
    const where = (f) =>
      `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
    const key = ours ? `ours: ${where(ours)}` : `other: ${where(inner)}`;
    sums.set(key, (sums.get(key) ?? 0) + bytes);
    total += bytes;
  }
  for (const child of node.children) walk(child, frames);
}
walk(head, []);
console.log(`${(total / 1e6).toFixed(1)} MB sampled`);
for (const [key, bytes] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg) || 30))
  console.log(`${(bytes / 1e6).toFixed(2).padStart(8)} MB  ${key.slice(0, 110)}`);
