// The yardstick of the command-line benchmark (bench/cli.ts): the core's own publisherUrl over
// the same list, already in memory, in a process of its own (so its peak memory is its own).
// Prints the loop's CPU and wall milliseconds as JSON.
import { readFileSync } from 'node:fs';
import { publisherUrl } from '../src/core';

const urls = readFileSync(process.argv[2], 'utf8').split('\n');
if (urls.at(-1) === '') urls.pop();
const c0 = process.cpuUsage();
const t0 = performance.now();
let converted = 0;
for (const u of urls) {
  try {
    publisherUrl(u);
    converted++;
  } catch {
    // refused: counted by the CLI as a refused line too
  }
}
const cpu = process.cpuUsage(c0);
console.log(
  JSON.stringify({
    wallMs: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    urls: urls.length,
    converted,
  }),
);
