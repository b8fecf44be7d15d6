// Sums a V8 heap snapshot (bench/workspace/profile.ts heapSnapshot) by kind of object: the self
// size and count of each constructor or string kind, largest first, to tell what a heap holds.
// Usage: node bench/workspace/heap-summary.mjs <file.heapsnapshot> [rows]
import * as fs from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const fields = meta.node_fields;
const types = meta.node_types[0];
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
const sums = new Map();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += fields.length) {
  const type = types[snap.nodes[i + typeAt]];
  const name = snap.strings[snap.nodes[i + nameAt]];
  const key = type === 'object' || type === 'closure' ? `${type} ${name}` : type;
  const size = snap.nodes[i + sizeAt];
  const sum = sums.get(key) ?? { size: 0, count: 0 };
  sum.size += size;
  sum.count += 1;
  sums.set(key, sum);
  total += size;
}
console.log(`total ${(total / 1e6).toFixed(1)} MB in ${snap.nodes.length / fields.length} objects`);
for (const [key, { size, count }] of [...sums]
  .sort((a, b) => b[1].size - a[1].size)
  .slice(0, Number(rowsArg) || 30))
  console.log(
    `${(size / 1e6).toFixed(2).padStart(8)} MB ${String(count).padStart(9)}  ${key.slice(0, 90)}`,
  );
