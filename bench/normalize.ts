// `normalize` per second, default options and the aggressive preset, side by side with normalize-url
// on the same URLs; then a table of inputs where normalize-url departs from RFC 3986.
import { normalize, NORMALIZE_PRESETS } from '../src/core/normalize/normalize';
import { benchUrls, perSecond, rate, sized } from './urls';

type NormalizeUrl = (url: string, options?: Record<string, unknown>) => string;

// normalize-url is ESM-only; tsc turns this import() into require(), which Node 20.19+ runs for ESM.
async function loadNormalizeUrl(): Promise<NormalizeUrl> {
  const mod = await import('normalize-url');
  return mod.default;
}

// normalize-url options closest to our aggressive preset (its defaults already strip www, sort the
// query, drop utm_ parameters and the trailing slash).
const NORMALIZE_URL_AGGRESSIVE = {
  forceHttps: true,
  stripHash: true,
  removeDirectoryIndex: true,
  removeQueryParameters: NORMALIZE_PRESETS.aggressive.removeQueryParams,
};

// Each input shows one way normalize-url departs from RFC 3986 (6.2.2, 6.2.3) with its defaults.
const DEVIATIONS: [string, string][] = [
  ['http://example.com/foo%2a', 'decodes a reserved character (`*`)'],
  ['http://example.com/?q=%26&r=1', 'decodes `%26` to `&`: a new parameter appears'],
  ['http://example.com/?q=a%20b', 'rewrites `%20` as `+` (form encoding)'],
  ['http://example.com/a b', 'percent-encodes what the user wrote'],
  ['http://bücher.de/', 'converts the host to punycode'],
  ['http://example.com/', 'drops the root `/`'],
  ['http://example.com/a/', 'drops a trailing slash (semantics-changing) by default'],
  ['HTTP://User@Example.COM/Foo', 'removes the userinfo'],
  ['http://www.example.com/?b=2&a=1', 'removes `www`, sorts the query by default'],
  ['http://example.com/a//b', 'merges duplicate slashes by default'],
  ['http://example.com/?a', 'keeps `?a` (both agree)'],
];

// The machine is shared: alternating the contenders pass by pass gives both the same background
// load, and the best pass of each is kept.
function bestOfInterleaved(
  urls: string[],
  contenders: [string, (u: string) => unknown][],
  rounds = sized(4, 1),
): [string, number][] {
  const best = contenders.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    contenders.forEach(([, fn], i) => (best[i] = Math.max(best[i], perSecond(urls, fn, 1))));
  }
  return contenders.map(([name], i) => [name, best[i]]);
}

export async function run(): Promise<void> {
  const urls = benchUrls(sized(200_000));
  const normalizeUrl = await loadNormalizeUrl();
  const rows = bestOfInterleaved(urls, [
    ['normalize (default: RFC 3986 safe steps)', (u) => normalize(u)],
    ['normalize-url (defaults)', (u) => normalizeUrl(u)],
    ['normalize (aggressive preset)', (u) => normalize(u, NORMALIZE_PRESETS.aggressive)],
    ['normalize-url (aggressive options)', (u) => normalizeUrl(u, NORMALIZE_URL_AGGRESSIVE)],
  ]);
  console.log(`${urls.length.toLocaleString('en-US')} URLs from benchUrls\n`);
  console.log('| function | URLs per second |\n|---|---:|');
  for (const [name, n] of rows) console.log(`| ${name} | ${rate(n)} |`);
  console.log(
    `\nspeed-up: ${(rows[0][1] / rows[1][1]).toFixed(1)}× (default), ${(rows[2][1] / rows[3][1]).toFixed(1)}× (aggressive)\n`,
  );

  console.log(
    '| input | normalize (default) | normalize-url (defaults) | normalize-url |\n|---|---|---|---|',
  );
  for (const [input, what] of DEVIATIONS)
    console.log(
      `| \`${input}\` | \`${normalize(input)}\` | \`${normalizeUrl(input)}\` | ${what} |`,
    );
}
