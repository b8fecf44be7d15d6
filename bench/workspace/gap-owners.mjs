// Whose code filled each long gap of the extension host's event loop: reads a CPU profile and its
// gaps (bench/workspace/profile.ts, AMP_URL_BENCH_PROFILE=<folder>) and counts, per gap, the
// samples taken in it by owner: this repository's code (with the function running), VS Code's git
// extension, its port detection (findCandidatePorts), garbage collection, idle, or other.
// Usage: node bench/workspace/gap-owners.mjs <folder> <scan|replace|undo|listing> [min ms]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const [dir, name, minArg] = process.argv.slice(2);
const min = Number(minArg ?? 30);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (ext) => JSON.parse(fs.readFileSync(path.join(dir, `${name}.${ext}`), 'utf8'));
const profile = read('cpuprofile');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);

/** Who ran the sample whose innermost frame is node `id`. */
function owner(id) {
  const self = nodes.get(id).callFrame.functionName;
  const special = { '(garbage collector)': 'GC', '(idle)': 'idle', '(program)': 'program' };
  if (special[self]) return special[self];
  let found;
  for (let i = id; i !== undefined; i = parents.get(i)) {
    const frame = nodes.get(i).callFrame;
    if (frame.url.includes(repo)) return `ours:${self || '(anonymous)'}`;
    if (frame.url.includes('/extensions/git/')) found = 'git';
    if (frame.functionName === 'findCandidatePorts') found ??= 'ports';
  }
  return found ?? `other:${self || '(anonymous)'}`;
}

let t = profile.startTime;
const times = profile.timeDeltas.map((d) => (t += d));
for (const gap of read('gaps.json').filter((g) => g.ms >= min)) {
  const from = gap.endUs - gap.ms * 1000;
  const counts = new Map();
  let n = 0;
  profile.samples.forEach((id, i) => {
    if (times[i] < from || times[i] > gap.endUs) return;
    n++;
    const o = owner(id);
    counts.set(o, (counts.get(o) ?? 0) + 1);
  });
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const at = ((from - profile.startTime) / 1000).toFixed(0);
  console.log(
    `${gap.ms.toFixed(0).padStart(4)} ms at ${at.padStart(5)} ms, ${String(n).padStart(3)} samples: ` +
      top.map(([k, v]) => `${k} ${v}`).join(', '),
  );
}
