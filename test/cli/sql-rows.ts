// The table the SQL engine tests run docs/sql.md's queries over, and what the library says each
// column of those queries must hold for a row.
import fc from 'fast-check';
import { benchUrls } from '../../bench/urls';
import { anyStringArb, cacheLikeUrlArb, hostileUrlArb, publisherUrlArb } from '../fuzz/arbitraries';

type Lib = typeof import('../../src/core');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built library itself
const lib = require('amp-url-toolkit') as Lib;

/** What crawl tables hold besides publisher URLs, written out: the cases the issue names. */
const EDGES: (string | null)[] = [
  null,
  '',
  ' ',
  '\t\n',
  'not a url',
  'https://cdn.ampproject.org/v0.js',
  'https://cdn.ampproject.org/v0/amp-carousel-0.1.js',
  'https://cdn.ampproject.org/lts/v0.js',
  'https://cdn.ampproject.org/rtv/012311161955000/v0.js',
  'https://cdn.ampproject.org/caches.json',
  'https://www-example-com.cdn.ampproject.org/v0.js',
  'https://www-example-com.cdn.ampproject.org',
  'https://www-example-com.cdn.ampproject.org/',
  'https://example-com.www.bing-amp.com',
  'https://d-123.ampproject.net/2106040121000/frame.html',
  'https://localhost.cdn.ampproject.org/c/s/localhost/secret',
  'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html?amp_js_v=0.1',
  'https://www.google.com/amp/s/example.com/article?amp_js_v=0.1#aoh=1',
  'https://www.bing.com/amp/s/example.com/a',
  'https://cdn.ampproject.org/c/s/www.example.com/a',
  'https://xn--bcher-kva-de.cdn.ampproject.org/c/s/xn--bcher-kva.de/',
  'http://münchen.de/straße',
  'https://例え.テスト/パス',
  'https://xn--mnchen-3ya.de/',
  'https://[2001:DB8::1]/x',
  'http://[::1]:8080/',
  'https://www.google.com/amp/s/[::1]/x',
  'http://0x7f.1/',
  'https://EXAMPLE.com:443/',
  'https://ex\u00ADample.com/',
  'javascript:alert(1)',
  'https://a.com/\u202Eevil',
  'https://evil.example%22onmouseover=alert(1)/',
  "https://a.com/'; DROP TABLE pages; --",
  'https://a.com/&amp;x=1&u=2',
  `https://a.com/${'x'.repeat(5000)}`,
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A crawl-like table: NULLs, empty strings, the AMP runtime, origins, cache, viewer, IDN, IPv6, hostile text. */
export function sqlTestRows(): (string | null)[] {
  const publishers = benchUrls(600, 30);
  const rows: (string | null)[] = [...EDGES, ...publishers];
  for (const [i, u] of publishers.entries()) {
    const derived = [
      () => lib.cacheUrl(u),
      () => lib.cacheUrl(u, { cacheDomain: 'www.bing-amp.com', servingType: 'i' }),
      () => lib.cacheOrigin(u),
      () => `https://www.google.com/amp/s/${u.replace(/^https?:\/\//, '')}`,
    ][i % 4];
    try {
      rows.push(derived());
    } catch {
      // a publisher URL without a cache form: it is in the table already
    }
    if (i % 50 === 0) rows.push(null, '');
  }
  rows.push(
    ...fc.sample(publisherUrlArb, { numRuns: 400, seed: 31 }),
    ...fc.sample(cacheLikeUrlArb, { numRuns: 400, seed: 32 }),
    ...fc.sample(hostileUrlArb, { numRuns: 300, seed: 33 }),
    ...fc.sample(anyStringArb, { numRuns: 200, seed: 34 }),
  );
  // A VARCHAR holds valid UTF-8 only: a lone surrogate can't be in a Parquet file.
  return rows.filter((u) => u === null || !LONE_SURROGATE.test(u));
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/**
 * What each column of docs/sql.md's queries holds for a row, by its name in the query, as the
 * library computes it from the row's `page_url` (or, for `prefixes`, from `canonical_url`).
 */
export const EXPECTED: Record<string, (url: unknown) => unknown> = {
  publisher_url: (u) => lib.deamp(u),
  kind: (u) => lib.ampUrlKind(u as string)?.kind ?? null,
  cache_url: (u) => attempt(() => lib.cacheUrl(u as string)),
  canonical_url: (u) => attempt(() => lib.canonicalize(u as string)),
  normalized_url: (u) =>
    attempt(() => lib.normalize(u as string, lib.NORMALIZE_PRESETS.usuallySafe)),
  prefixes: (u) => attempt(() => lib.hashPrefixes(u as string).map((h) => h.hex)) ?? [],
};
