// AMP Cache figures: our cacheUrl / publisherUrl / domainPrefix against @ampproject/toolbox-cache-url
// and against bare `new URL(u).href`, the ceiling for anything that parses a URL.
// Every figure is given twice: wall clock (what a user waits) and process CPU time, which stays
// comparable when other processes share the machine (wall-clock ratios then drift by 2x or more).
import { cacheUrl, domainPrefix, publisherUrl } from '../src/core';
import { benchUrls, rate } from './urls';

// The toolbox is a dev dependency used only here; it ships no types.
const toolbox = require('@ampproject/toolbox-cache-url') as {
  createCacheUrl(domainSuffix: string, url: string): Promise<string>;
};

interface Rates {
  wall: number;
  cpu: number;
}

/** Runs `pass` (one pass over `count` items) `passes` times; the best wall and CPU rates. */
async function measure(count: number, pass: () => void | Promise<void>, passes = 3): Promise<Rates> {
  let wall = Infinity;
  let cpu = Infinity;
  for (let p = 0; p < passes; p++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await pass();
    const used = process.cpuUsage(c0);
    wall = Math.min(wall, performance.now() - t0);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { wall: count / (wall / 1000), cpu: count / (cpu / 1000) };
}

function sync(inputs: readonly string[], fn: (s: string) => unknown): () => void {
  return () => {
    for (const input of inputs) fn(input);
  };
}

export async function run(): Promise<void> {
  const urls = benchUrls(200_000);
  const hosts = urls.map((u) => u.slice(u.indexOf('//') + 2).split('/')[0]);
  const cacheUrls = urls.map((u) => cacheUrl(u));
  const n = urls.length;
  console.log(`${n.toLocaleString('en-US')} URLs, ${new Set(hosts).size.toLocaleString('en-US')} distinct hosts; best of 3 passes`);

  const rows: [string, Rates][] = [
    ['new URL(u).href (ceiling)', await measure(n, sync(urls, (u) => new URL(u).href))],
    ['cacheUrl', await measure(n, sync(urls, (u) => cacheUrl(u)))],
    ['publisherUrl', await measure(n, sync(cacheUrls, (u) => publisherUrl(u)))],
    ['domainPrefix', await measure(n, sync(hosts, (h) => domainPrefix(h)))],
    // The toolbox returns a Promise per URL: awaited one after another, and in chunks of 1,000
    // through Promise.all. The faster of the two is the fair comparison.
    ['toolbox, awaited in turn', await measure(n, async () => {
      for (const u of urls) await toolbox.createCacheUrl('cdn.ampproject.org', u);
    })],
    ['toolbox, Promise.all x1000', await measure(n, async () => {
      for (let i = 0; i < n; i += 1000) {
        await Promise.all(urls.slice(i, i + 1000).map((u) => toolbox.createCacheUrl('cdn.ampproject.org', u)));
      }
    })],
  ];
  console.log(`${''.padEnd(28)} ${'wall clock'.padStart(14)} ${'CPU time'.padStart(14)}`);
  for (const [name, r] of rows) console.log(`${name.padEnd(28)} ${rate(r.wall).padStart(14)} ${rate(r.cpu).padStart(14)}`);

  const get = (name: string) => rows.find(([label]) => label.startsWith(name))?.[1] as Rates;
  const ours = get('cacheUrl');
  const bare = get('new URL');
  const best = (k: keyof Rates) => Math.max(get('toolbox, awaited')[k], get('toolbox, Promise')[k]);
  for (const k of ['wall', 'cpu'] as const) {
    console.log(`${k === 'wall' ? 'wall clock' : 'CPU time'}: cacheUrl = ${(ours[k] / best(k)).toFixed(1)}x the toolbox (target >= 20x), ` +
      `new URL(u).href = ${(bare[k] / ours[k]).toFixed(2)}x cacheUrl (target <= 3x)`);
  }
}
