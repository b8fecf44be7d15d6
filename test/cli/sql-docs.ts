// What docs/sql.md shows, read from the page itself so the tests run exactly that: the functions
// (their engine, name, parameter, SQL return type and JavaScript body), the queries, and the shell
// line that puts the Snowflake bundle into its function body.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './paths';

export const SQL_DOC = path.join(ROOT, 'docs', 'sql.md');

export type Engine = 'bigquery' | 'snowflake';

export interface DocFunction {
  engine: Engine;
  name: string;
  param: string;
  /** The SQL return type as written: `STRING`, `ARRAY<STRING>`. */
  returns: string;
  /** The whole CREATE FUNCTION statement. */
  statement: string;
  /** The JavaScript between the delimiters (`r"""…"""`, `$$…$$`). */
  body: string;
}

export interface SqlDoc {
  text: string;
  functions: DocFunction[];
  /** Every other statement of the SQL blocks: the queries. */
  queries: string[];
  /** The `sh` block's line. */
  shellLine: string;
}

const BIGQUERY =
  /CREATE TEMP FUNCTION (\w+)\((\w+) \w+\)\s+RETURNS ([\w<>]+)[\s\S]*?\bAS r"""([\s\S]*?)""";/g;
const SNOWFLAKE =
  /CREATE OR REPLACE FUNCTION (\w+)\((\w+) \w+\)\s+RETURNS ([\w<>]+)[\s\S]*?\bAS \$\$([\s\S]*?)\$\$;/g;

function blocks(text: string, language: string): string[] {
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm');
  return [...text.matchAll(fence)].map((m) => m[1]);
}

/** The functions of one SQL block, and what is left of it once they are cut out. */
function splitBlock(block: string): { functions: DocFunction[]; rest: string } {
  const functions: DocFunction[] = [];
  let rest = block;
  for (const [engine, pattern] of [
    ['bigquery', BIGQUERY],
    ['snowflake', SNOWFLAKE],
  ] as const) {
    for (const m of block.matchAll(pattern)) {
      functions.push({
        engine,
        name: m[1],
        param: m[2],
        returns: m[3],
        statement: m[0],
        body: m[4],
      });
      rest = rest.replace(m[0], '');
    }
  }
  return { functions, rest };
}

export function readSqlDoc(file = SQL_DOC): SqlDoc {
  return parseSqlDoc(readFileSync(file, 'utf8'));
}

/** The functions, queries and shell line of Markdown text. */
export function parseSqlDoc(text: string): SqlDoc {
  const functions: DocFunction[] = [];
  const queries: string[] = [];
  for (const block of blocks(text, 'sql')) {
    const split = splitBlock(block);
    functions.push(...split.functions);
    for (const statement of split.rest.split(';')) {
      const query = statement.trim();
      if (query !== '' && !queries.includes(query)) queries.push(query);
    }
  }
  const [shellLine] = blocks(text, 'sh').map((b) => b.trim());
  return { text, functions, queries, shellLine };
}

/** The line of a function body where Snowflake's statement wants the bundle pasted. */
export const PASTE_MARKER = /^.*paste dist\/standalone\/(amp-url[\w-]*\.js) here.*$/m;
