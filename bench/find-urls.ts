// `findUrls` throughput on ~10 MB of mixed text, and the adversarial inputs of issue 7 at n and 4n
// (a 4n/n time ratio near 4 means linear), with linkify-it on the same inputs for comparison.
import LinkifyIt from 'linkify-it';
import { findUrls, urlAt } from '../src/core/find-urls';
import { benchUrls, prng } from './urls';

/** Deterministic mixed text (code, Markdown, HTML, JSON, logs, CSS, prose) of about `bytes` characters. */
export function mixedText(bytes: number, seed = 7): string {
  const rnd = prng(seed);
  const urls = benchUrls(5000, seed);
  const url = (): string => urls[Math.floor(rnd() * urls.length)];
  const templates: (() => string)[] = [
    () => `  const endpoint = "${url()}"; // fetched once at start-up, see ${url()}`,
    () => `  return fetch(\`${url()}?page=\${page}\`).then((r) => r.json());`,
    () => `See [the docs](${url()}) and <${url()}>, or [this](${url()} "title").`,
    () => `<a href="${url()}" class="link">home</a> <img src='${url()}' alt="">`,
    () => `{"id": ${Math.floor(rnd() * 1e6)}, "url": "${url()}", "tags": ["a", "b"]},`,
    () => `2026-01-0${1 + Math.floor(rnd() * 9)}T12:00:00Z INFO GET ${url()} 200 ${Math.floor(rnd() * 900)}ms`,
    () => `.hero { background: url(${url()}) no-repeat; color: #333; }`,
    () => `# Plain prose without links: the quick brown fox jumps over the lazy dog, twice (really).`,
    () => `    if (value.length > limit && !options.allowHuge) { throw new Error('too long: ' + value.length); }`,
    () => `(see ${url()}). Wikipedia: https://en.wikipedia.org/wiki/Foo_(bar), www.example.com/x.`,
  ];
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = templates[Math.floor(rnd() * templates.length)]();
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** Best of `passes` runs of `fn`, in milliseconds. */
function bestMs(fn: () => unknown, passes = 3): number {
  let best = Infinity;
  for (let p = 0; p < passes; p++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const mbPerS = (chars: number, ms: number): string => `${(chars / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;

/** Adversarial inputs by size n (characters): issue 7's list plus the ones that hurt linkify-it. */
const ADVERSARIAL: { name: string; make: (n: number) => string }[] = [
  { name: 'no-space line of URL characters', make: (n) => noSpaceLine(n) },
  { name: 'no-space "http://a.com/x," repeated', make: (n) => 'http://a.com/x,'.repeat(n / 15) },
  { name: 'minified JSON of URLs', make: (n) => '["http://a.com/x","http://b.com/y"],'.repeat(n / 36) },
  { name: '"(" in a row', make: (n) => '('.repeat(n) },
  { name: '"(" around a URL', make: (n) => `${'('.repeat(n / 2)}https://a.com/x${')'.repeat(n / 2)}` },
  { name: '"http://" in a row', make: (n) => 'http://'.repeat(n / 7) },
  { name: '"www." in a row, then "www.a "', make: (n) => 'www.'.repeat(n / 8) + 'www.a '.repeat(n / 12) },
  { name: 'deep Markdown nesting', make: (n) => `${'[> *'.repeat(n / 8)}[x](https://a.com/x)${']*'.repeat(n / 8)}` },
  { name: 'lone surrogates, NUL, RTL', make: (n) => '\uD800https://a.com/\u05D0\u0645\uDC00\u0000 \u202Ehttp://\u0628.com/\u200F'.repeat(n / 38) },
];

function noSpaceLine(n: number): string {
  const rnd = prng(11);
  const alphabet = "htpsw:/.()[]{}'a,%-_=&?#";
  let s = 'https://a.com/';
  while (s.length < n) s += alphabet[Math.floor(rnd() * alphabet.length)];
  return s;
}

export function run(): void {
  const linkify = new LinkifyIt();
  const text = mixedText(10_000_000);
  const found = findUrls(text).length;
  const ms = bestMs(() => findUrls(text));
  console.log(`findUrls, ${(text.length / 1e6).toFixed(1)} MB mixed text (${found.toLocaleString('en-US')} URLs): ${mbPerS(text.length, ms)} (${ms.toFixed(0)} ms)`);
  const small = text.slice(0, 1_000_000);
  console.log(`  same text, first 1 MB: findUrls ${mbPerS(small.length, bestMs(() => findUrls(small)))}, linkify-it ${mbPerS(small.length, bestMs(() => linkify.match(small)))}`);

  console.log('\nAdversarial text (best of 3): n = 1M characters, then 4n; ratio ≈ 4 means linear');
  for (const { name, make } of ADVERSARIAL) {
    const [a, b] = [make(1_000_000), make(4_000_000)];
    const [ta, tb] = [bestMs(() => findUrls(a)), bestMs(() => findUrls(b))];
    console.log(`  ${name.padEnd(40)} ${ta.toFixed(1).padStart(7)} ms ${tb.toFixed(1).padStart(7)} ms  ×${(tb / ta).toFixed(1)}`);
  }

  // urlAt must cost the same on a 1 MB and a 4 MB line: it reads only a window around the offset.
  const [a, b] = [noSpaceLine(1_000_000), noSpaceLine(4_000_000)];
  const calls = 200;
  const at = (s: string): number => bestMs(() => { for (let k = 1; k <= calls; k++) urlAt(s, Math.floor((s.length * k) / (calls + 1))); }) / calls;
  console.log(`  urlAt in a no-space line, per call:        ${at(a).toFixed(3)} ms (1M) ${at(b).toFixed(3)} ms (4M)`);

  // linkify-it at n = 10k and 40k only: a ratio near 16 is quadratic, and 4 MB would take hours.
  console.log('\nlinkify-it 5 on the same adversarial text, n = 10k then 40k characters (1 pass)');
  for (const { name, make } of ADVERSARIAL) {
    const [sa, sb] = [make(10_000), make(40_000)];
    const [ta, tb] = [bestMs(() => linkify.match(sa), 1), bestMs(() => linkify.match(sb), 1)];
    console.log(`  ${name.padEnd(40)} ${ta.toFixed(1).padStart(7)} ms ${tb.toFixed(1).padStart(7)} ms  ×${(tb / Math.max(ta, 0.05)).toFixed(1)}`);
  }
}
