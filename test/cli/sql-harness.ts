// The engines the SQL tests and benchmark run the bundles in: a bare node:vm context (what V8
// gives a BigQuery or Snowflake function: the language and nothing else), DuckDB scalar functions
// that call into such a context, and QuickJS, an engine that is not V8.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import {
  DuckDBConnection,
  DuckDBScalarFunction,
  LIST,
  VARCHAR,
  listValue,
  type DuckDBType,
} from '@duckdb/node-api';
import { getQuickJS } from 'quickjs-emscripten';
import { PASTE_MARKER, type DocFunction, type Engine } from './sql-docs';
export { bareContext } from './bare-context';
import { ROOT } from './paths';

export const FULL_BUNDLE = path.join(ROOT, 'dist', 'standalone', 'amp-url.js');
export const DEAMP_BUNDLE = path.join(ROOT, 'dist', 'standalone', 'amp-url-deamp.js');

/** How each engine hands SQL NULL to JavaScript: BigQuery `null`, Snowflake `undefined`. */
export const NULL_IN: Record<Engine, null | undefined> = { bigquery: null, snowflake: undefined };

export type RowFunction = (value: string | null | undefined) => unknown;

/** A function of docs/sql.md as its engine defines it, compiled in `ctx`. */
export function compile(fn: DocFunction, ctx: vm.Context): RowFunction {
  return vm.runInContext(`(function (${fn.param}) {\n${fn.body}\n})`, ctx, {
    filename: `${fn.name}.js`,
  }) as RowFunction;
}

/**
 * Snowflake's CREATE FUNCTION statement with the bundle in place, written by docs/sql.md's shell
 * line itself (`sh`, in a folder holding the statement as `deamp.sql` and this repository's
 * `dist`).
 */
export function spliceWithShellLine(statement: string, shellLine: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'amp-url-sql-'));
  try {
    writeFileSync(path.join(dir, 'deamp.sql'), statement);
    symlinkSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'));
    const run = spawnSync('sh', ['-c', shellLine], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`The shell line failed: ${run.stderr}`);
    return readFileSync(path.join(dir, 'deamp-full.sql'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bundle a function's statement names: the library file, or the file to paste. */
export function bundleOf(fn: DocFunction): string {
  const pasted = PASTE_MARKER.exec(fn.body)?.[1];
  const named = /library = \['gs:\/\/YOUR_BUCKET\/([\w-]+\.js)'\]/.exec(fn.statement)?.[1];
  return path.join(ROOT, 'dist', 'standalone', pasted ?? named ?? '(no bundle named)');
}

const SQL_TYPES: Record<string, DuckDBType> = { STRING: VARCHAR, 'ARRAY<STRING>': LIST(VARCHAR) };

/**
 * Registers `fn` as a DuckDB scalar function of one VARCHAR: it sees NULL as its engine passes
 * it (special handling: DuckDB would otherwise answer NULL without calling it), and a throw
 * fails the query.
 */
export function registerUdf(
  connection: DuckDBConnection,
  name: string,
  returns: string,
  fn: RowFunction,
  nullIn: null | undefined,
): void {
  const returnType = SQL_TYPES[returns] as DuckDBType | undefined;
  if (!returnType) throw new Error(`No DuckDB type for ${returns}`);
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name,
      returnType,
      parameterTypes: [VARCHAR],
      specialHandling: true,
      mainFunction: (info, input, output) => {
        const column = input.getColumnVector(0);
        for (let row = 0; row < input.rowCount; row++) {
          const value = column.getItem(row) as string | null;
          let result: unknown;
          try {
            result = fn(value ?? nullIn);
          } catch (e) {
            info.setError(`${name}(${JSON.stringify(value)}) threw: ${String(e)}`);
            return;
          }
          output.setItem(row, toDuckDB(result));
        }
        output.flush();
      },
    }),
  );
}

function toDuckDB(result: unknown): string | null | ReturnType<typeof listValue> {
  if (result === null || result === undefined) return null;
  if (Array.isArray(result)) return listValue(result as string[]);
  if (typeof result === 'string') return result;
  throw new TypeError(`A string, a list or NULL, not ${typeof result}`);
}

/** `CREATE SCHEMA crawl` and a view `crawl.pages (id, page_url)` over a Parquet file. */
export async function crawlPages(connection: DuckDBConnection, parquet: string): Promise<void> {
  await connection.run(
    `CREATE SCHEMA crawl; CREATE VIEW crawl.pages AS SELECT id, page_url FROM read_parquet(${sqlString(parquet)})`,
  );
}

/** The rows, written by DuckDB as a Parquet file. */
export async function writeParquet(
  connection: DuckDBConnection,
  rows: readonly (string | null)[],
  file: string,
): Promise<void> {
  await connection.run('CREATE TEMP TABLE generated (id INTEGER, page_url VARCHAR)');
  const appender = await connection.createAppender('generated');
  for (const [id, url] of rows.entries()) {
    appender.appendInteger(id);
    if (url === null) appender.appendNull();
    else appender.appendVarchar(url);
    appender.endRow();
  }
  appender.closeSync();
  await connection.run(
    `COPY (SELECT * FROM generated ORDER BY id) TO ${sqlString(file)} (FORMAT parquet)`,
  );
  await connection.run('DROP TABLE generated');
}

const sqlString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** A QuickJS context, a library loaded first as the engine would (none: ''). */
export interface QuickJsSession {
  /**
   * `fn` of docs/sql.md over every value, in one call (values in and results out as JSON);
   * `undefined` comes back as null.
   */
  run: (fn: DocFunction, values: readonly (string | null)[]) => unknown[];
  dispose: () => void;
}

export async function quickJs(library: string): Promise<QuickJsSession> {
  const runtime = (await getQuickJS()).newRuntime();
  runtime.setMemoryLimit(512 * 1024 * 1024);
  const context = runtime.newContext();
  context.unwrapResult(context.evalCode(library, 'library.js')).dispose();
  const run = (fn: DocFunction, values: readonly (string | null)[]): unknown[] => {
    const nullIn = fn.engine === 'bigquery' ? 'null' : 'undefined';
    const each = `(function (${fn.param}) {\n${fn.body}\n})`;
    const batch = context.unwrapResult(
      context.evalCode(
        `(json) => { const f = ${each}; return JSON.stringify(JSON.parse(json).map((v) => { const r = f(v === null ? ${nullIn} : v); return r === undefined ? null : r; })); }`,
        `${fn.name}.js`,
      ),
    );
    const input = context.newString(JSON.stringify(values));
    const output = context.unwrapResult(context.callFunction(batch, context.undefined, input));
    const json = context.getString(output);
    for (const handle of [output, input, batch]) handle.dispose();
    return JSON.parse(json) as unknown[];
  };
  return {
    run,
    dispose: () => {
      context.dispose();
      runtime.dispose();
    },
  };
}
