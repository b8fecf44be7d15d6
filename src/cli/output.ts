// Writing results: whole chunks to stdout with back-pressure (a 10 GB list never piles up in
// memory), and the record formats (NDJSON, a JSON array, CSV) every command shares.
import { once } from 'node:events';

/** stdout closed by the reader (`| head`): stop quietly, as other filters do. */
export class ClosedOutput extends Error {}

/** A stream written in chunks; `write` waits when the reader is slower. */
export class Output {
  private closed = false;
  constructor(private readonly stream: NodeJS.WritableStream) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      // EPIPE: the reader went away. Anything else is reported by the next write.
      this.closed = true;
      if (e.code !== 'EPIPE') this.error = e;
    });
  }

  error: Error | undefined;

  async write(text: string): Promise<void> {
    if (this.error) throw this.error;
    if (this.closed) throw new ClosedOutput();
    if (text === '') return;
    if (!this.stream.write(text)) await Promise.race([once(this.stream, 'drain'), this.end()]);
  }

  /** Resolves when the stream has flushed everything written (or failed). */
  private end(): Promise<void> {
    return new Promise((resolve) => this.stream.once('close', resolve));
  }
}

export const RECORD_FORMATS = ['ndjson', 'json', 'csv'] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: unknown): string {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
      if (this.format === 'ndjson') out += `${JSON.stringify(r)}\n`;
      else if (this.format === 'json') out += `${first ? '[\n' : ',\n'}${JSON.stringify(r)}`;
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
