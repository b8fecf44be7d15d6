// The CLI's output formats, listed once with their writers. Every command offers `text` and the
// record formats (its results as objects of fixed columns); `check` adds its documents. A command
// reads `--format` (readFormat), describes it (formatHelp) and writes through formatWriter, so a
// format added here is offered, described and written by every command that lists its kind.
import { escapedForLine, inertJson } from '../shared/inert-text';
import { orList } from '../shared/word-lists';
import { UsageError, choice, type ParsedArgs } from './args';
import { textLine } from './output';

/**
 * Every format and what it writes. `json` means one shape in every command: the records of
 * `ndjson` (one object per result, the same keys), as one JSON array.
 */
const OUTPUT_FORMATS = {
  text: { kind: 'text' },
  ndjson: { kind: 'records' },
  json: { kind: 'records' },
  csv: { kind: 'records' },
  sarif: { kind: 'document', help: 'SARIF 2.1.0, for GitHub code scanning' },
  report: { kind: 'document', help: "check's former JSON: rules, findings, fixed, skipped" },
} as const satisfies Record<string, { kind: 'text' | 'records' | 'document'; help?: string }>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;
type KindOf<F extends OutputFormat> = (typeof OUTPUT_FORMATS)[F]['kind'];
export type RecordFormat = {
  [F in OutputFormat]: KindOf<F> extends 'records' ? F : never;
}[OutputFormat];
export type DocumentFormat = {
  [F in OutputFormat]: KindOf<F> extends 'document' ? F : never;
}[OutputFormat];

const NAMES = Object.keys(OUTPUT_FORMATS) as OutputFormat[];

/** What a command offers: text (the default), every record format, and the documents it writes. */
export function offeredFormats(documents: readonly DocumentFormat[] = []): OutputFormat[] {
  return NAMES.filter(
    (f) => OUTPUT_FORMATS[f].kind !== 'document' || documents.includes(f as DocumentFormat),
  );
}

/** The `--format` the command line asks for, among those offered (text when not given). */
export function readFormat(args: ParsedArgs, offered: readonly OutputFormat[]): OutputFormat {
  return choice(args, 'format', offered, 'text');
}

const HELP_WIDTH = 79;
const HELP_INDENT = 26;

/**
 * The help of `--format`: the formats offered, the record formats followed by their `columns`,
 * each document by what it is; wrapped as the other options' help.
 */
export function formatHelp(offered: readonly OutputFormat[], columns: readonly string[]): string {
  const lastRecord = offered.filter((f) => OUTPUT_FORMATS[f].kind === 'records').at(-1);
  const words = offered.map((f) => {
    if (f === 'text') return 'text (default)';
    if (f === lastRecord) return `${f} (${columns.join(', ')})`;
    const entry = OUTPUT_FORMATS[f];
    return 'help' in entry ? `${f} (${entry.help})` : f;
  });
  return wrapped('  --format F', orList(words));
}

function wrapped(option: string, text: string): string {
  const lines: string[] = [];
  let line = option.padEnd(HELP_INDENT - 1);
  for (const word of text.split(' ')) {
    // Each line takes at least one word; a word that would pass the width starts the next.
    if (line.length >= HELP_INDENT && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = ' '.repeat(HELP_INDENT - 1);
    }
    line += ` ${word}`;
  }
  return [...lines, line].join('\n');
}

/** The text of the next results (written in one piece), then the text that ends the output. */
export interface FormatWriter<R extends object> {
  records(records: readonly R[]): string;
  close(): string;
}

/** How a command writes what the registry cannot know: its text lines and its documents. */
export interface CommandOutput<R extends object> {
  columns: readonly string[];
  /** The text format's line of one result (escaped by the writer). */
  textLine: (record: R) => string;
  /** The documents the command offers, each written whole at the end from what it holds. */
  documents?: Partial<Record<DocumentFormat, () => string>>;
}

/** The writer of `format` for a command. */
export function formatWriter<R extends object>(
  format: OutputFormat,
  command: CommandOutput<R>,
): FormatWriter<R> {
  if (format === 'text')
    return {
      records: (rs) => rs.map((r) => textLine(command.textLine(r))).join(''),
      close: () => '',
    };
  if (OUTPUT_FORMATS[format].kind === 'records')
    return new RecordWriter(format as RecordFormat, command.columns);
  const document = command.documents?.[format as DocumentFormat];
  if (document === undefined) throw new UsageError(`--format ${format} is not offered here`);
  return { records: () => '', close: document };
}

/**
 * One CSV field (RFC 4180), made inert: controls escaped as in text output (a CSV is read in
 * terminals and logs too), a text a spreadsheet would run as a formula (starting with `=`, `+`,
 * `-`, `@`, tab or CR: OWASP's rule) prefixed with `'`, and quoted when it holds a comma or a
 * quote or was prefixed.
 */
function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return csvField(JSON.stringify(value));
  const text = escapedForLine(value);
  const formula = /^[=+\-@\t\r]/.test(text);
  return formula || /[",]/.test(text) ? `"${formula ? "'" : ''}${text.replace(/"/g, '""')}"` : text;
}

/**
 * Writes records in one of the formats: NDJSON (one object a line), a JSON array (opened on the
 * first record, closed by `close`), or CSV with a header of `columns`.
 */
class RecordWriter {
  private count = 0;
  constructor(
    private readonly format: RecordFormat,
    private readonly columns: readonly string[],
  ) {}

  /** The text of the next records (to be written in one piece). */
  records(records: readonly object[]): string {
    let out = '';
    for (const r of records) out += this.record(r, this.count++ === 0);
    return out;
  }

  // One case per record format: a format added to OUTPUT_FORMATS without its case fails to compile.
  private record(r: object, first: boolean): string {
    switch (this.format) {
      case 'ndjson':
        return `${inertJson(r)}\n`;
      case 'json':
        return `${first ? '[\n' : ',\n'}${inertJson(r)}`;
      case 'csv': {
        const row = this.columns.map((c) => csvField((r as Record<string, unknown>)[c])).join(',');
        return `${first ? `${this.columns.join(',')}\r\n` : ''}${row}\r\n`;
      }
    }
  }

  /** What ends the output: the JSON array's `]` (or `[]` when empty), a CSV header alone. */
  close(): string {
    if (this.format === 'json') return this.count === 0 ? '[]\n' : '\n]\n';
    if (this.format === 'csv' && this.count === 0) return `${this.columns.join(',')}\r\n`;
    return '';
  }
}
