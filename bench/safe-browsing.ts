// Safe Browsing: canonicalize / expressions / hashPrefixes throughput on the shared URLs, the
// cost of loading the Public Suffix List (tldts-icann) in a fresh process, and adversarial inputs.
import { execFileSync } from 'node:child_process';
import { canonicalize } from '../src/core/safe-browsing/canonicalize';
import { expressions } from '../src/core/safe-browsing/expressions';
import { hashPrefixes } from '../src/core/safe-browsing/hash';
import { bestPairMs, benchUrls, perSecond, printFigures, rate, recordFigure, sized } from './urls';

/** Median over five fresh Node processes (one in a quick run) of the milliseconds each step of `script` prints. */
function freshProcessMs(script: string): number[] {
  const runs = Array.from({ length: sized(5, 1) }, () =>
    execFileSync(process.execPath, ['-e', script], { cwd: __dirname, encoding: 'utf8' })
      .trim()
      .split(' ')
      .map(Number),
  );
  const middle = Math.floor(runs.length / 2);
  return runs[0].map((_, i) => runs.map((r) => r[i]).sort((a, b) => a - b)[middle]);
}

// tldts alone, then the Safe Browsing modules (tldts is loaded lazily, on the first expressions()).
const TLDTS_SCRIPT =
  "const t0 = performance.now(); require('tldts-icann'); console.log(performance.now() - t0);";
const CORE_SCRIPT = `const t0 = performance.now(); const m = require('../src/core/safe-browsing/expressions'); const t1 = performance.now();
m.expressions('http://a.b.example.co.uk/'); console.log(t1 - t0, performance.now() - t1);`;

function once(label: string, fn: () => unknown): void {
  const t0 = performance.now();
  fn();
  console.log(`${label}: ${(performance.now() - t0).toFixed(1)} ms`);
}

export function run(): void {
  const urls = benchUrls(sized(200_000));
  const t = bestPairMs(
    () => {
      for (const u of urls) canonicalize(u);
    },
    () => {
      let n = 0;
      for (const u of urls) n += new URL(u).href.length;
      return n;
    },
  );
  const row = recordFigure({
    figure: `canonicalize, ${urls.length.toLocaleString('en-US')} varied URLs`,
    ours: urls.length / (t.ours / 1000),
    ceiling: urls.length / (t.ceiling / 1000),
    unit: '/s',
    ceilingName: 'new URL(u).href',
    target: 0.5,
  });
  printFigures([row]);
  console.log(`expressions: ${rate(perSecond(urls, expressions))}`);
  console.log(
    `hashPrefixes (4 bytes): ${rate(perSecond(urls.slice(0, sized(50_000)), (u) => hashPrefixes(u)))}`,
  );
  const [tldts] = freshProcessMs(TLDTS_SCRIPT);
  const [load, first] = freshProcessMs(CORE_SCRIPT);
  console.log(`require('tldts-icann') in a fresh process: ${tldts.toFixed(1)} ms (median of 5)`);
  console.log(
    `Safe Browsing modules load: ${load.toFixed(1)} ms; first expressions() (loads the list): ${first.toFixed(1)} ms`,
  );
  once('canonicalize 1 MB of %25%25…', () =>
    canonicalize(`http://h.com/%${'25'.repeat(sized(500_000))}`),
  );
  once('canonicalize a host of 500,000 dots', () =>
    canonicalize(`http://${'.'.repeat(sized(500_000))}a.com/`),
  );
  once('expressions of a host with 300,000 labels', () =>
    expressions(`http://${'a.'.repeat(sized(300_000))}example.com/`),
  );
}
