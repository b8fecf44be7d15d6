// docs/sql.md run in real engines (issue 30): DuckDB writes a Parquet file of crawl-like URLs,
// each function of the page becomes a DuckDB scalar function calling into a bare context that holds
// only the bundle, the page's queries run as written, and every row is compared with the library;
// QuickJS, an engine that is not V8, gives the same values; and each bundle stays within the
// engines' size limits and the syntax level the page promises.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import * as acorn from 'acorn';
import { PASTE_MARKER, parseSqlDoc, readSqlDoc, type DocFunction, type SqlDoc } from './sql-docs';
import {
  DEAMP_BUNDLE,
  FULL_BUNDLE,
  NULL_IN,
  bareContext,
  bundleOf,
  compile,
  crawlPages,
  quickJs,
  registerUdf,
  spliceWithShellLine,
  writeParquet,
} from './sql-harness';
import { EXPECTED, sqlTestRows } from './sql-rows';

type Row = Record<string, unknown>;

/** `fn(column) AS alias` in the page's queries: which column of EXPECTED each function fills. */
function aliasesOf(doc: SqlDoc): Map<string, string> {
  const map = new Map<string, string>();
  for (const q of doc.queries)
    for (const m of q.matchAll(/(\w+)\((?:\w+\.)?\w+\) AS (\w+)/g)) map.set(m[1], m[2]);
  return map;
}

/** The functions a query calls that the page defines. */
function callsOf(query: string, functions: readonly DocFunction[]): string[] {
  const names = new Set(functions.map((f) => f.name));
  return [...names].filter((n) => new RegExp(`\\b${n}\\(`).test(query));
}

const sortKey = (v: unknown): string => (v === undefined ? 'undefined' : JSON.stringify(v));

/** Every row's columns as the library computes them; the rows are the table's, or for a query joining the hashes, those with a canonical URL. */
function checkRows(query: string, rows: Row[], table: readonly (string | null)[]): void {
  const expectedUrls = query.includes('JOIN hashed')
    ? table.filter((u) => EXPECTED.canonical_url(u) !== null)
    : table;
  assert.deepEqual(
    rows.map((r) => sortKey(r.page_url)).sort(),
    expectedUrls.map(sortKey).sort(),
    `the rows of ${query}`,
  );
  const wrong: string[] = [];
  for (const row of rows) {
    const url = row.page_url as string | null;
    for (const [alias, value] of Object.entries(row)) {
      if (alias === 'page_url') continue;
      const expected = EXPECTED[alias](url);
      if (sortKey(value) !== sortKey(expected) && wrong.length < 3)
        wrong.push(`${alias}(${sortKey(url)}): ${sortKey(value)}, library ${sortKey(expected)}`);
    }
  }
  assert.deepEqual(wrong, [], query);
}

describe('SQL engines: docs/sql.md in DuckDB and QuickJS', function () {
  this.timeout(300_000);
  const doc = readSqlDoc();
  const bigquery = doc.functions.filter((f) => f.engine === 'bigquery');
  const [snowflakeTemplate] = doc.functions.filter((f) => f.engine === 'snowflake');
  const aliases = aliasesOf(doc);
  const table = sqlTestRows();
  let dir: string;
  let parquet: string;
  let snowflake: DocFunction;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'amp-url-duckdb-'));
    parquet = path.join(dir, 'pages.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await writeParquet(connection, table, parquet);
    connection.closeSync();
    instance.closeSync();
    const spliced = spliceWithShellLine(snowflakeTemplate.statement, doc.shellLine);
    const [parsed] = parseSqlDoc(`\`\`\`sql\n${spliced}\n\`\`\`\n`).functions;
    snowflake = parsed;
  });

  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A DuckDB connection over the Parquet file with `functions` registered, each in its engine's form. */
  async function duckdb(
    functions: readonly DocFunction[],
  ): Promise<{ connection: DuckDBConnection; close: () => void }> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await crawlPages(connection, parquet);
    const contexts = new Map<string, ReturnType<typeof bareContext>>();
    for (const fn of functions) {
      // BigQuery loads the library file once, beside the bodies; Snowflake's body holds the bundle.
      const library = fn.engine === 'bigquery' ? bundleOf(fn) : '';
      const ctx = contexts.get(library) ?? bareContext(library && readFileSync(library, 'utf8'));
      contexts.set(library, ctx);
      registerUdf(connection, fn.name, fn.returns, compile(fn, ctx), NULL_IN[fn.engine]);
    }
    return {
      connection,
      close: () => {
        connection.closeSync();
        instance.closeSync();
      },
    };
  }

  it('the page shows each function and query the engines run, in each engine’s form', () => {
    assert.deepEqual(
      bigquery.map((f) => f.name),
      ['deamp', 'amp_url_kind', 'cache_url', 'sb_canonical', 'normalized_url', 'hash_prefixes'],
    );
    for (const f of bigquery) {
      assert.match(f.statement, /\nDETERMINISTIC\nLANGUAGE js\n/, f.name);
      assert.equal(bundleOf(f), FULL_BUNDLE, f.name);
      assert.ok(Buffer.byteLength(f.body) < 32 * 1024, `${f.name}: BigQuery's inline limit`);
      assert.ok(aliases.has(f.name), `${f.name} is used by a query`);
    }
    assert.match(snowflakeTemplate.statement, /\nLANGUAGE JAVASCRIPT\nIMMUTABLE\n/);
    assert.equal(bundleOf(snowflakeTemplate), DEAMP_BUNDLE);
    assert.equal(doc.queries.length, 4);
    assert.doesNotMatch(doc.shellLine, /head -n -|tail -n \+/, 'POSIX tools only');
  });

  it('DuckDB writes and reads back every generated row in Parquet', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await crawlPages(connection, parquet);
    const read = await connection.runAndReadAll('SELECT page_url FROM crawl.pages ORDER BY id');
    assert.deepEqual(
      read.getRowObjectsJS().map((r) => r.page_url),
      table,
    );
    connection.closeSync();
    instance.closeSync();
    assert.ok(table.length > 2000 && table.includes(null) && table.includes(''));
  });

  it('DuckDB, BigQuery’s functions: every query of the page gives the library’s value in every row', async () => {
    const { connection, close } = await duckdb(bigquery);
    try {
      for (const query of doc.queries) {
        const rows = (await connection.runAndReadAll(query)).getRowObjectsJS();
        checkRows(query, rows, table);
      }
    } finally {
      close();
    }
  });

  it('DuckDB, Snowflake’s function as the shell line writes it: its query, every row', async () => {
    assert.ok(snowflake.body.includes(readFileSync(DEAMP_BUNDLE, 'utf8').trim()));
    assert.doesNotMatch(snowflake.body, PASTE_MARKER);
    const { connection, close } = await duckdb([snowflake]);
    try {
      const queries = doc.queries.filter(
        (q) => callsOf(q, doc.functions).join() === snowflake.name,
      );
      assert.equal(queries.length, 1);
      for (const query of queries)
        checkRows(query, (await connection.runAndReadAll(query)).getRowObjectsJS(), table);
    } finally {
      close();
    }
  });

  it('QuickJS: each function of the page gives the library’s value for every row', async () => {
    // BigQuery's functions share the library, loaded once; Snowflake's body brings its bundle.
    const sessions = [
      { session: await quickJs(readFileSync(FULL_BUNDLE, 'utf8')), functions: bigquery },
      { session: await quickJs(''), functions: [snowflake] },
    ];
    for (const { session, functions } of sessions) {
      for (const fn of functions) {
        const column = aliases.get(fn.name) ?? '';
        // A SHA-256 per expression in an interpreter: a sample keeps the suite quick.
        const values = fn.name === 'hash_prefixes' ? table.slice(0, 300) : table;
        const results = session.run(fn, values);
        const wrong = values
          .map((v, i) => [v, results[i], EXPECTED[column](v)] as const)
          .filter(([, got, expected]) => sortKey(got) !== sortKey(expected));
        assert.deepEqual(wrong.slice(0, 3), [], `${fn.engine} ${fn.name}`);
      }
      session.dispose();
    }
  });

  it('each bundle, as the package exports it, within its engine’s size limit', () => {
    assert.equal(require.resolve('amp-url-toolkit/standalone'), FULL_BUNDLE);
    assert.equal(require.resolve('amp-url-toolkit/standalone/deamp'), DEAMP_BUNDLE);
    const full = readFileSync(FULL_BUNDLE);
    const deamp = readFileSync(DEAMP_BUNDLE);
    assert.ok(full.length < 1_000_000, `BigQuery takes library files up to 1 MB: ${full.length}`);
    const gzipped = gzipSync(deamp).length;
    assert.ok(gzipped < 100_000, `Snowflake: under 100 KB compressed, not ${gzipped}`);
  });

  it('each bundle: an ECMAScript 2020 script, nothing an engine or client would rewrite', () => {
    assert.match(doc.text, /Both are ECMAScript 2020 scripts/);
    for (const file of [FULL_BUNDLE, DEAMP_BUNDLE]) {
      const code = readFileSync(file, 'utf8');
      assert.doesNotThrow(
        () => acorn.parse(code, { ecmaVersion: 2020, sourceType: 'script' }),
        file,
      );
      // `$$` would end Snowflake's body; `&{` and `<%` are the Snowflake CLI's templates.
      for (const token of ['$$', '&{', '<%']) assert.ok(!code.includes(token), `${file}: ${token}`);
    }
  });
});
