// SQL engines (issue 30): the standalone bundle beside the library in V8, side by side in one
// run (the bundle in a bare node:vm context, as the engines give it only the language), and rows
// per second in DuckDB for docs/sql.md's functions, each a DuckDB scalar function calling into
// such a context (test/cli/sql-harness.ts, as the test runs them).
import { readFileSync } from 'node:fs';
import * as vm from 'node:vm';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import * as lib from '../src/core';
import { readSqlDoc } from '../test/cli/sql-docs';
import {
  FULL_BUNDLE,
  NULL_IN,
  bareContext,
  bundleOf,
  compile,
  registerUdf,
} from '../test/cli/sql-harness';
import { publisherUrlArb } from '../test/fuzz/arbitraries';
import { bestPairMs, benchUrls, collectGarbage, printFigures, recordFigure, sized } from './urls';

type Core = typeof lib;

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** Publisher URLs and, for the reverse, their cache URLs: the shared set and a varied one. */
function urlSets(): { name: string; publishers: string[]; caches: string[] }[] {
  const cachesOf = (urls: string[]): string[] =>
    urls.map((u) => attempt(() => lib.cacheUrl(u))).filter((u) => u !== null);
  const shared = benchUrls(sized(100_000));
  const varied = fc.sample(publisherUrlArb, { numRuns: sized(20_000), seed: 30 });
  return [
    { name: 'shared bench URLs', publishers: shared, caches: cachesOf(shared) },
    {
      name: 'varied URLs (fuzz: case, IDN, odd hosts)',
      publishers: varied,
      caches: cachesOf(varied),
    },
  ];
}

/** The bundle beside the library on the same URLs, one figure per function and set. */
function sideBySide(): void {
  const context = bareContext(readFileSync(FULL_BUNDLE, 'utf8'));
  const bundle = vm.runInContext('AmpUrl', context) as Core;
  const loop =
    (core: Core, name: 'cacheUrl' | 'publisherUrl' | 'canonicalize' | 'deamp', urls: string[]) =>
    () => {
      for (const u of urls) attempt(() => core[name](u));
    };
  const rows = [];
  for (const set of urlSets()) {
    for (const name of ['cacheUrl', 'publisherUrl', 'canonicalize', 'deamp'] as const) {
      const urls = name === 'publisherUrl' || name === 'deamp' ? set.caches : set.publishers;
      const t = bestPairMs(loop(bundle, name, urls), loop(lib, name, urls), sized(9, 1));
      rows.push(
        recordFigure({
          figure: `bundle ${name}, ${urls.length.toLocaleString('en-US')} ${set.name}`,
          ours: urls.length / (t.ours / 1000),
          ceiling: urls.length / (t.ceiling / 1000),
          unit: '/s',
          ceilingName: 'the library',
          target: name === 'deamp' ? undefined : 0.5,
        }),
      );
    }
  }
  const hashed = benchUrls(sized(5_000));
  const t = bestPairMs(
    () => {
      for (const u of hashed) bundle.hashPrefixes(u);
    },
    () => {
      for (const u of hashed) lib.hashPrefixes(u);
    },
    sized(5, 1),
  );
  rows.push(
    recordFigure({
      figure: `bundle hashPrefixes, ${hashed.length.toLocaleString('en-US')} shared bench URLs`,
      ours: hashed.length / (t.ours / 1000),
      ceiling: hashed.length / (t.ceiling / 1000),
      unit: '/s',
      ceilingName: 'the library',
    }),
  );
  printFigures(rows);
}

/** A crawl-like column: a third AMP Cache URLs, a tenth viewer URLs, the rest publisher URLs. */
function crawlColumn(count: number): string[] {
  return benchUrls(count, 7).map((u, i) => {
    if (i % 3 === 0) return attempt(() => lib.cacheUrl(u)) ?? u;
    if (i % 10 === 1) return `https://www.google.com/amp/s/${u.replace(/^https?:\/\//, '')}`;
    return u;
  });
}

async function cpuMs(fn: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const t0 = process.cpuUsage();
  await fn();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

/** Best CPU time of `SELECT count(fn(page_url))` over `passes` runs (the first warms the JIT). */
async function queryMs(connection: DuckDBConnection, fn: string, passes: number): Promise<number> {
  let best = Infinity;
  for (let p = 0; p < passes; p++)
    best = Math.min(
      best,
      await cpuMs(() => connection.run(`SELECT count(${fn}(page_url)) FROM pages`)),
    );
  return best;
}

/** Rows per second in DuckDB for the page's functions, beside a JavaScript function that does nothing. */
async function inDuckDb(): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  const urls = crawlColumn(sized(100_000));
  await connection.run('CREATE TABLE pages (page_url VARCHAR)');
  const appender = await connection.createAppender('pages');
  for (const u of urls) {
    appender.appendVarchar(u);
    appender.endRow();
  }
  appender.closeSync();
  const functions = readSqlDoc().functions.filter((f) => f.engine === 'bigquery');
  const context = bareContext(readFileSync(bundleOf(functions[0]), 'utf8'));
  for (const fn of functions)
    registerUdf(connection, fn.name, fn.returns, compile(fn, context), NULL_IN.bigquery);
  registerUdf(connection, 'js_identity', 'STRING', (u) => u, null);
  const passes = sized(4, 1);
  const bridge = await queryMs(connection, 'js_identity', passes);
  const rows = [];
  for (const name of ['deamp', 'cache_url', 'sb_canonical', 'hash_prefixes']) {
    const ms = await queryMs(connection, name, name === 'hash_prefixes' ? sized(2, 1) : passes);
    rows.push(
      recordFigure({
        figure: `DuckDB ${name}, ${urls.length.toLocaleString('en-US')} crawl-like rows (threads=1)`,
        ours: urls.length / (ms / 1000),
        ceiling: urls.length / (bridge / 1000),
        unit: '/s',
        ceilingName: 'a JavaScript function returning its argument',
      }),
    );
  }
  printFigures(rows);
  connection.closeSync();
  instance.closeSync();
}

export async function run(): Promise<void> {
  sideBySide();
  await inDuckDb();
}
