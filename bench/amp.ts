// AMP Cache figures: our cacheUrl / publisherUrl / domainPrefix against @ampproject/toolbox-cache-url
// and against bare `new URL(u).href`, the ceiling for anything that parses a URL.
// Every figure is given twice: wall clock (what a user waits) and process CPU time, which stays
// comparable when other processes share the machine (wall-clock ratios then drift by 2x or more).
import { cacheUrl, domainPrefix, publisherUrl } from '../src/core';
import { benchUrls, rate, recordFigure, sized } from './urls';

// The toolbox is a dev dependency used only here; it ships no types.
const toolbox = require('@ampproject/toolbox-cache-url') as {
  createCacheUrl(domainSuffix: string, url: string): Promise<string>;
};

interface Rates {
  wall: number;
  cpu: number;
}

/** One pass over `count` items: its wall and CPU rates. */
async function once(count: number, pass: () => void | Promise<void>): Promise<Rates> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await pass();
  const used = process.cpuUsage(c0);
  return {
    wall: count / ((performance.now() - t0) / 1000),
    cpu: count / ((used.user + used.system) / 1e6),
  };
}

/**
 * The best rates of each pass over `rounds` rounds, the passes taking turns within a round: on a
 * shared machine the speed drifts over seconds, and measuring one function after another would
 * put that drift into their ratios.
 */
async function measureInTurns(
  count: number,
  passes: readonly [string, () => void | Promise<void>][],
  rounds: number,
): Promise<[string, Rates][]> {
  const best = passes.map(([name]): [string, Rates] => [name, { wall: 0, cpu: 0 }]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, [, pass]] of passes.entries()) {
      const rates = await once(count, pass);
      best[i][1] = {
        wall: Math.max(best[i][1].wall, rates.wall),
        cpu: Math.max(best[i][1].cpu, rates.cpu),
      };
    }
  }
  return best;
}

function sync(inputs: readonly string[], fn: (s: string) => unknown): () => void {
  return () => {
    for (const input of inputs) fn(input);
  };
}

const ROUNDS = sized(4, 1);

export async function run(): Promise<void> {
  const urls = benchUrls(sized(200_000));
  const hosts = urls.map((u) => u.slice(u.indexOf('//') + 2).split('/')[0]);
  const cacheUrls = urls.map((u) => cacheUrl(u));
  const n = urls.length;
  console.log(
    `${n.toLocaleString('en-US')} URLs, ${new Set(hosts).size.toLocaleString('en-US')} distinct hosts; best of ${ROUNDS} rounds, the functions taking turns`,
  );

  const rows = await measureInTurns(
    n,
    [
      ['new URL(u).href (ceiling)', sync(urls, (u) => new URL(u).href)],
      ['cacheUrl', sync(urls, (u) => cacheUrl(u))],
      ['publisherUrl', sync(cacheUrls, (u) => publisherUrl(u))],
      ['domainPrefix', sync(hosts, (h) => domainPrefix(h))],
      // The toolbox returns a Promise per URL: awaited one after another, and in chunks of 1,000
      // through Promise.all. The faster of the two is the fair comparison.
      [
        'toolbox, awaited in turn',
        async () => {
          for (const u of urls) await toolbox.createCacheUrl('cdn.ampproject.org', u);
        },
      ],
      [
        'toolbox, Promise.all x1000',
        async () => {
          for (let i = 0; i < n; i += 1000) {
            await Promise.all(
              urls.slice(i, i + 1000).map((u) => toolbox.createCacheUrl('cdn.ampproject.org', u)),
            );
          }
        },
      ],
    ],
    ROUNDS,
  );
  console.log(`${''.padEnd(28)} ${'wall clock'.padStart(14)} ${'CPU time'.padStart(14)}`);
  for (const [name, r] of rows)
    console.log(`${name.padEnd(28)} ${rate(r.wall).padStart(14)} ${rate(r.cpu).padStart(14)}`);

  const get = (name: string): Rates => {
    const row = rows.find(([label]) => label.startsWith(name));
    if (!row) throw new Error(`no benchmark row named ${name}`);
    return row[1];
  };
  const ours = get('cacheUrl');
  const bare = get('new URL');
  // Issue 14's figure, in the summary table: the reverse against the bare parse (CPU time).
  recordFigure({
    figure: `publisherUrl, ${n.toLocaleString('en-US')} cache URLs`,
    ours: get('publisherUrl').cpu,
    ceiling: bare.cpu,
    unit: '/s',
    ceilingName: 'new URL(u).href',
    target: 0.5,
  });
  const best = (k: keyof Rates) => Math.max(get('toolbox, awaited')[k], get('toolbox, Promise')[k]);
  for (const k of ['wall', 'cpu'] as const) {
    console.log(
      `${k === 'wall' ? 'wall clock' : 'CPU time'}: cacheUrl = ${(ours[k] / best(k)).toFixed(1)}x the toolbox (target >= 20x), ` +
        `new URL(u).href = ${(bare[k] / ours[k]).toFixed(2)}x cacheUrl (target <= 3x)`,
    );
  }
}
