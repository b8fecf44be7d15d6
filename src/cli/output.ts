// Writing results: whole chunks to stdout with back-pressure (a 10 GB list never piles up in
// memory), and the record formats (NDJSON, a JSON array, CSV) every command shares.
import { once } from 'node:events';
import { escapedForLine, inertJson } from '../shared/inert-text';

/**
 * stdout closed by the reader (`| head`): stop quietly, with no message, and exit 141 as a Unix
 * filter killed by SIGPIPE does (128 + 13), so a pipeline with `pipefail` sees the output cut.
 */
export class ClosedOutput extends Error {}
export const CLOSED_OUTPUT_EXIT = 141;

/** stdout did not take the output (a full disk, a device error): one line, exit 2. */
export class OutputError extends Error {}

/** A stream written in chunks; `write` waits when the reader is slower. */
export class Output {
  private failure: NodeJS.ErrnoException | undefined;
  private last: Promise<void> = Promise.resolve();
  private readonly closed: Promise<void>;
  constructor(private readonly stream: NodeJS.WritableStream) {
    // A failed write is told to its callback and as an 'error' event: both are kept, reported by
    // the next write or by `finish` (an unhandled 'error' would end the process with a stack).
    stream.on('error', (e: NodeJS.ErrnoException) => {
      this.failure ??= e;
    });
    this.closed = new Promise((resolve) => stream.once('close', resolve));
  }

  async write(text: string): Promise<void> {
    this.check();
    if (text === '') return;
    let flushed = (): void => undefined;
    this.last = new Promise((resolve) => {
      flushed = resolve;
    });
    const accepted = this.stream.write(text, (e?: Error | null) => {
      if (e) this.failure ??= e;
      flushed();
    });
    if (!accepted) await Promise.race([once(this.stream, 'drain'), this.closed]);
    this.check();
  }

  /** Waits until everything written is flushed; throws when any of it failed. */
  async finish(): Promise<void> {
    await this.last;
    // An 'error' event comes on the next tick after the callback.
    await new Promise((resolve) => setImmediate(resolve));
    this.check();
  }

  private check(): void {
    const e = this.failure;
    if (e === undefined) return;
    if (e.code === 'EPIPE') throw new ClosedOutput();
    const what = e.code
      ? `${e.code}: ${e.message.replace(/^[A-Z]+: /, '').split(',')[0]}`
      : e.message;
    throw new OutputError(`could not write to stdout (${what}): the output is incomplete`);
  }
}

/** Writes `text` whole and waits until it is flushed (help texts, one-piece reports). */
export async function writeWhole(stream: NodeJS.WritableStream, text: string): Promise<void> {
  const out = new Output(stream);
  await out.write(text);
  await out.finish();
}

/**
 * One line for stderr: `who: text`, everything in `text` a file or URL brought made inert (a
 * message never splits into lines nor controls the terminal).
 */
export function problemLine(who: string, text: string): string {
  return `${who}: ${escapedForLine(text)}\n`;
}

/** Text a file or URL brings, as one line of text output: see escapedForLine. */
export function textLine(text: string): string {
  return `${escapedForLine(text)}\n`;
}

export const RECORD_FORMATS = ['ndjson', 'json', 'csv'] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/**
 * One CSV field (RFC 4180), made inert: controls escaped as in text output (a CSV is read in
 * terminals and logs too), a text a spreadsheet would run as a formula (starting with `=`, `+`,
 * `-`, `@`, tab or CR: OWASP's rule) prefixed with `'`, and quoted when it holds a comma or a
 * quote or was prefixed.
 */
export function csvField(value: unknown): string {
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
export class RecordWriter {
  private count = 0;
  constructor(
    private readonly format: RecordFormat,
    private readonly columns: readonly string[],
  ) {}

  /** The text of the next records (to be written in one piece). */
  records(records: readonly object[]): string {
    let out = '';
    for (const r of records) {
      const first = this.count++ === 0;
      if (this.format === 'ndjson') out += `${inertJson(r)}\n`;
      else if (this.format === 'json') out += `${first ? '[\n' : ',\n'}${inertJson(r)}`;
      else {
        if (first) out += `${this.columns.join(',')}\r\n`;
        out += `${this.columns.map((c) => csvField((r as Record<string, unknown>)[c])).join(',')}\r\n`;
      }
    }
    return out;
  }

  /** What ends the output: the JSON array's `]` (or `[]` when empty), a CSV header alone. */
  close(): string {
    if (this.format === 'json') return this.count === 0 ? '[]\n' : '\n]\n';
    if (this.format === 'csv' && this.count === 0) return `${this.columns.join(',')}\r\n`;
    return '';
  }
}
