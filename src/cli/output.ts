// Writing results: whole chunks to stdout with back-pressure (a 10 GB list never piles up in
// memory), and lines made inert. The formats themselves are in formats.ts.
import { once } from 'node:events';
import { escapedForLine } from '../shared/inert-text';

/**
 * stdout closed by the reader (`| head`): stop quietly, with no message, and exit 141 as a Unix
 * filter killed by SIGPIPE does (128 + 13), so a pipeline with `pipefail` sees the output cut.
 */
export class ClosedOutput extends Error {}
export const CLOSED_OUTPUT_EXIT = 141;

/** stdout did not take the output (a full disk, a device error): one line, exit 2. */
class OutputError extends Error {}

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
