import * as assert from 'node:assert/strict';
import { parseArgs, UsageError } from '../../../src/cli/args';
import {
  formatHelp,
  formatWriter,
  offeredFormats,
  readFormat,
  type CommandOutput,
} from '../../../src/cli/formats';

interface Row {
  name: string;
  n: number;
}
const OUTPUT: CommandOutput<Row> = { columns: ['name', 'n'], textLine: (r) => `${r.name}=${r.n}` };
const ROWS: Row[] = [
  { name: 'a\u001b', n: 1 },
  { name: '=b', n: 2 },
];
const written = (format: Parameters<typeof formatWriter>[0], output = OUTPUT) => {
  const w = formatWriter(format, output);
  return w.records(ROWS.slice(0, 1)) + w.records(ROWS.slice(1)) + w.close();
};

describe('CLI output formats (one registry)', () => {
  it('every command offers text and the record formats; check adds its documents', () => {
    assert.deepEqual(offeredFormats(), ['text', 'ndjson', 'json', 'csv']);
    assert.deepEqual(offeredFormats(['sarif', 'report']), [
      'text',
      'ndjson',
      'json',
      'csv',
      'sarif',
      'report',
    ]);
  });

  it('--format: text by default, an offered one, anything else a usage error', () => {
    const offered = offeredFormats();
    assert.equal(readFormat(parseArgs([], { format: { value: true } }), offered), 'text');
    assert.equal(
      readFormat(parseArgs(['--format', 'csv'], { format: { value: true } }), offered),
      'csv',
    );
    assert.throws(
      () => readFormat(parseArgs(['--format', 'sarif'], { format: { value: true } }), offered),
      UsageError,
    );
  });

  it('json is the ndjson records as one array, in every command', () => {
    const ndjson = written('ndjson');
    assert.deepEqual(
      JSON.parse(written('json')),
      ndjson
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l) as unknown),
    );
    assert.equal(formatWriter('json', OUTPUT).close(), '[]\n');
  });

  it('text and csv are made inert; csv has its header even when empty', () => {
    assert.equal(written('text'), 'a\\x1b=1\n=b=2\n');
    assert.equal(written('csv'), 'name,n\r\na\\x1b,1\r\n"\'=b",2\r\n');
    assert.equal(formatWriter('csv', OUTPUT).close(), 'name,n\r\n');
  });

  it('a document is written whole at the end, by the command that offers it', () => {
    const sarif = formatWriter('sarif', { ...OUTPUT, documents: { sarif: () => '{}\n' } });
    assert.equal(sarif.records(ROWS), '');
    assert.equal(sarif.close(), '{}\n');
    assert.throws(() => formatWriter('report', OUTPUT), UsageError);
  });

  it('the help lists what is offered, wrapped as the other options', () => {
    assert.equal(
      formatHelp(offeredFormats(), [
        'file',
        'line',
        'column',
        'endLine',
        'endColumn',
        'kind',
        'url',
        'text',
      ]),
      `  --format F              text (default), ndjson, json or csv (file, line,
                          column, endLine, endColumn, kind, url, text)`,
    );
    assert.equal(
      formatHelp(offeredFormats(['sarif']), ['x']),
      `  --format F              text (default), ndjson, json, csv (x) or sarif (SARIF
                          2.1.0, for GitHub code scanning)`,
    );
  });
});
