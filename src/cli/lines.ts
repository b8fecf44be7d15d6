// Lines of a stream, in batches as they arrive: memory stays bounded by one chunk plus one line,
// and a line longer than the limit is skipped without being kept (a 10 GB file with no line break
// costs no more than a short list). Each chunk is checked in one piece (native `isAscii`,
// `isUtf8`) and each line decoded alone, into a string of its own: the URL readers then go
// through it faster than through a slice of the chunk's text. Per-line work is left to the
// command, which is what a long list costs.
import { isAscii, isUtf8 } from 'node:buffer';
import type { StdinChunks } from './streams';

/** Characters of one line kept; a longer line is reported as too long. */
const MAX_LINE_CHARS = 1_000_000;

/** A line that is not read, and why (the command reports it with its line number). */
export interface UnreadLine {
  kind: 'too-long' | 'not-utf8';
  unread: string;
}

/** A line's text (without its line break), or why it was not read. */
export type Line = string | UnreadLine;

const LF = 10;
const CR = 13;

/**
 * Batches of lines. CRLF, LF and a lone CR each end a line, as a person sees lines (and as `find`
 * and `check` read files). A line longer than `maxLine` characters, or that is not valid UTF-8,
 * is an UnreadLine that says why: bytes that are not UTF-8 never become U+FFFD in an output.
 */
export async function* lineBatches(
  stream: StdinChunks,
  maxLine = MAX_LINE_CHARS,
): AsyncGenerator<Line[]> {
  const reader = new LineReader(maxLine);
  for await (const chunk of stream) {
    const batch = reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    if (batch.length) yield batch;
  }
  const last = reader.end();
  if (last.length) yield last;
}

/** The state between chunks: the bytes of an unfinished line, and what the last break was. */
class LineReader {
  private rest: Buffer = Buffer.alloc(0);
  /** The bytes seen ended with a CR: an LF right after it ends no other line. */
  private afterCr = false;
  /** Inside a line already over the limit: its bytes are dropped until its end. */
  private skipping = false;

  constructor(private readonly maxLine: number) {}

  push(chunk: Buffer): Line[] {
    if (chunk.length === 0) return [];
    let bytes = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    // A CR ended the last chunk (so nothing is left of it): an LF now completes that CRLF.
    if (this.afterCr && bytes[0] === LF) bytes = bytes.subarray(1);
    this.afterCr = false;
    const cut = Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR)) + 1;
    const lines = cut > 0 ? this.lines(bytes.subarray(0, cut)) : [];
    this.rest = bytes.subarray(cut);
    if (cut > 0) this.afterCr = bytes[cut - 1] === CR;
    // UTF-8 takes at most 4 bytes a character: past that, the line is over the limit for sure.
    if (this.rest.length > 4 * this.maxLine + 4) {
      this.rest = Buffer.alloc(0);
      this.skipping = true;
    }
    return lines;
  }

  end(): Line[] {
    if (this.skipping) return [this.tooLong()];
    if (this.rest.length === 0) return [];
    const lines = this.lines(this.rest, true);
    this.rest = Buffer.alloc(0);
    return lines;
  }

  /** The lines of `bytes`, which end with a line break (or the input). */
  private lines(bytes: Buffer, atEnd = false): Line[] {
    // ASCII (the common list) is its own Latin-1, which decodes as a plain copy.
    const ascii = isAscii(bytes);
    const lines =
      ascii || isUtf8(bytes) ? splitValid(bytes, ascii ? 'latin1' : 'utf8') : splitBytes(bytes);
    // The break at the end of `bytes` ended the last line: no empty line after it.
    if (!atEnd) lines.pop();
    if (this.skipping) {
      lines[0] = this.tooLong();
      this.skipping = false;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (typeof line === 'string' && line.length > this.maxLine) lines[i] = this.tooLong();
    }
    return lines;
  }

  private tooLong(): UnreadLine {
    return {
      kind: 'too-long',
      unread: `the line is longer than ${this.maxLine} characters: not read`,
    };
  }
}

/**
 * The lines of valid UTF-8 `bytes` split at CRLF, LF and lone CR (the part after the last break
 * last), each decoded alone (LF and CR are never part of a multi-byte character).
 */
function splitValid(bytes: Buffer, encoding: 'latin1' | 'utf8'): string[] {
  const lines: string[] = [];
  let from = 0;
  let cr = bytes.indexOf(CR);
  for (;;) {
    let lf = bytes.indexOf(LF, from);
    if (lf < 0) lf = bytes.length;
    if (cr >= 0 && cr < from) cr = bytes.indexOf(CR, from);
    const end = cr >= 0 && cr < lf ? cr : lf;
    lines.push(bytes.toString(encoding, from, end));
    if (end === bytes.length) return lines;
    from = end === cr && bytes[cr + 1] === LF ? cr + 2 : end + 1;
  }
}

/** splitValid for bytes that are not all UTF-8: each line decoded alone, or refused with where it fails. */
function splitBytes(bytes: Buffer): Line[] {
  const lines: Line[] = [];
  let from = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = i < bytes.length ? bytes[i] : LF;
    if (b !== LF && b !== CR) continue;
    const line = bytes.subarray(from, i);
    lines.push(isUtf8(line) ? line.toString('utf8') : notUtf8(line));
    from = b === CR && bytes[i + 1] === LF ? ++i + 1 : i + 1;
  }
  return lines;
}

/** Why a line is not UTF-8: where its first invalid sequence starts (1-based, as columns are). */
function notUtf8(line: Buffer): UnreadLine {
  const at = firstInvalidUtf8(line);
  const hex = line[at].toString(16).padStart(2, '0');
  return {
    kind: 'not-utf8',
    unread: `the line is not valid UTF-8 (byte ${at + 1} is 0x${hex}): not read`,
  };
}

/**
 * The index of the first byte that starts no valid UTF-8 sequence (RFC 3629: no overlong forms,
 * no surrogates, nothing above U+10FFFF), or the length. Only lines isUtf8 refused come here.
 */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const n = c < 0x80 ? 0 : c < 0xc2 ? -1 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : c < 0xf5 ? 3 : -1;
    if (n < 0 || i + n >= b.length) return i;
    // The second byte's range depends on the first (overlong forms, surrogates, the top).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return b.length;
}
