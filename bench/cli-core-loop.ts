// The yardstick of the command-line benchmark (bench/cli.ts): the core's own loops over the same
// list, already in memory, in a process of their own (so its peak memory is its own):
// publisherUrl (refusals thrown and caught), tryPublisherUrl (refusals returned), and
// `new URL(u).href`, the ceiling of anything that reads a URL. Prints each loop's CPU ms as JSON.
import { readFileSync } from 'node:fs';
import { publisherUrl, tryPublisherUrl } from '../src/core';

const urls = readFileSync(process.argv[2], 'utf8').split('\n');
if (urls.at(-1) === '') urls.pop();

/** CPU milliseconds of `loop`. */
function cpuMs(loop: () => void): number {
  const c0 = process.cpuUsage();
  loop();
  const cpu = process.cpuUsage(c0);
  return (cpu.user + cpu.system) / 1000;
}

let converted = 0;
const publisherUrlMs = cpuMs(() => {
  for (const u of urls) {
    try {
      publisherUrl(u);
      converted++;
    } catch {
      // refused: counted by the CLI as a refused line too
    }
  }
});
const tryPublisherUrlMs = cpuMs(() => {
  for (const u of urls) tryPublisherUrl(u);
});
let hrefs = 0;
const newUrlMs = cpuMs(() => {
  for (const u of urls) {
    try {
      hrefs += new URL(u).href.length;
    } catch {
      // not a URL: the cost is what counts
    }
  }
});
console.log(
  JSON.stringify({
    urls: urls.length,
    converted,
    publisherUrlMs,
    tryPublisherUrlMs,
    newUrlMs,
    hrefs,
  }),
);
