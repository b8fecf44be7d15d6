// The byte-level rules of a write, without `vscode`: which bytes a file's text is, which encodings
// write a text back byte for byte, which line endings survive VS Code's text model, and applying
// planned edits to a file's text or bytes so that every byte outside them stays. The workspace
// commands ask VS Code for its reading (src/extension/workspace/bytes.ts) and decide here; the command-line
// tool reads and writes the bytes itself with these functions. See docs/write-context.md.
import { format, type Localize } from './localize';
import { runToEnd } from './time-slice';
import type { FileSkip } from './workspace-plan';

/** The encodings a file is written back in byte for byte here: UTF-8, with or without its BOM, and UTF-16 with its BOM. */
export type FileEncoding = 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be';

/** The byte order mark at the start of `bytes`, as VS Code names the encoding it implies. */
export function bomOf(bytes: Uint8Array): Exclude<FileEncoding, 'utf8'> | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf8bom';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return undefined;
}

/** The length of the byte order mark of `encoding`. */
export function bomLength(encoding: FileEncoding): number {
  return encoding === 'utf8' ? 0 : encoding === 'utf8bom' ? 3 : 2;
}

/** Strict decoders: a byte sequence that is not valid in the encoding throws (no U+FFFD). */
const DECODERS = {
  utf8: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
  utf16le: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }),
  utf16be: new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }),
};

/** Bytes read to decide "binary" (as git does: a NUL byte in the first 8000). */
const BINARY_PROBE = 8000;

export type FileText =
  | { text: string; encoding: FileEncoding; skip?: undefined }
  | { text?: undefined; encoding?: undefined; skip: 'binary' | 'notUtf8' };

/**
 * The text of a file's bytes and the encoding that writes it back as the same bytes
 * (encodeFileText(text, encoding) equals `bytes`, BOM included), or why there is none: a NUL
 * byte in the first 8000 bytes of a file without a UTF-16 BOM is binary; bytes that are not valid
 * UTF-8 (or, after a UTF-16 BOM, valid UTF-16: an odd length, a lone surrogate) and UTF-32
 * (utf32Of, which `amp-url check` names) are "not UTF-8".
 * The BOM is not part of the text (as in VS Code's document).
 */
export function decodeFileBytes(bytes: Uint8Array): FileText {
  const bom = bomOf(bytes);
  const nul = bytes.subarray(0, BINARY_PROBE).includes(0);
  // UTF-32 (NULs in every character) is an encoding not read: its BOM FF FE 00 00 would
  // otherwise pass for UTF-16LE's, and without one it would count as binary.
  if (nul && utf32Of(bytes) !== undefined) return { skip: 'notUtf8' };
  if (nul && bom !== 'utf16le' && bom !== 'utf16be') return { skip: 'binary' };
  const encoding = bom ?? 'utf8';
  const body = bytes.subarray(bomLength(encoding));
  try {
    return { text: DECODERS[encoding === 'utf8bom' ? 'utf8' : encoding].decode(body), encoding };
  } catch {
    return { skip: 'notUtf8' };
  }
}

/**
 * Whether the bytes are UTF-32 (which no front end reads): its BOM (FF FE 00 00 would otherwise
 * pass for UTF-16LE with NULs between the characters), or, without one, a length that is a
 * multiple of 4 and only code points (no NUL, no surrogate) in its first 8000 bytes, which
 * would otherwise pass for binary.
 */
export function utf32Of(bytes: Uint8Array): string | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return 'UTF-32LE with a BOM';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'UTF-32BE with a BOM';
  if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
  const probe = bytes.subarray(0, BINARY_PROBE - (BINARY_PROBE % 4));
  if (!probe.includes(0)) return undefined;
  const view = new DataView(probe.buffer, probe.byteOffset, probe.length);
  const all = (littleEndian: boolean) => {
    for (let i = 0; i < probe.length; i += 4) {
      const u = view.getUint32(i, littleEndian);
      if (u === 0 || u > 0x10ffff || (u >= 0xd800 && u <= 0xdfff)) return false;
    }
    return true;
  };
  if (all(true)) return 'UTF-32LE';
  if (all(false)) return 'UTF-32BE';
  return undefined;
}

const UTF8 = new TextEncoder();

/** `text` as the bytes of `encoding`, its BOM first: the inverse of decodeFileBytes. */
export function encodeFileText(text: string, encoding: FileEncoding): Uint8Array {
  if (encoding === 'utf8') return UTF8.encode(text);
  if (encoding === 'utf8bom') {
    const body = UTF8.encode(text);
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const out = new Uint8Array(2 + 2 * text.length);
  const le = encoding === 'utf16le';
  out.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 + 2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
}

/** Whether two byte arrays are equal. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How many line breaks of each kind a text has: `\n`, `\r\n` and a lone `\r`. */
export interface LineEndings {
  lf: number;
  crlf: number;
  cr: number;
}

/** The line breaks of `text` by kind (indexOf-driven: native speed on large files). */
export function lineEndings(text: string): LineEndings {
  const counts: LineEndings = { lf: 0, crlf: 0, cr: 0 };
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) === 10) counts.crlf++;
    else counts.cr++;
  }
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) counts.lf++;
  counts.lf -= counts.crlf;
  return counts;
}

/**
 * Whether VS Code's text model keeps these line endings byte for byte when it loads and saves the
 * file: only when they are all `\n` or all `\r\n`. A file with a lone `\r`, or with both kinds,
 * is normalised to one kind as it is loaded (the piece tree's builder picks the majority, and a
 * lone `\r` always becomes `\r\n` or `\n`), so saving it after an edit would rewrite every other
 * line ending too.
 */
export function modelKeepsLineEndings(e: LineEndings): boolean {
  return e.cr === 0 && (e.lf === 0 || e.crlf === 0);
}

/** A replacement of `[start, end)` (UTF-16 offsets) by `newText`. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/**
 * `text` with `edits` applied and nothing else changed: line endings, BOM-free text and every
 * character outside the edits stay as they are. Edits must be sorted, must not overlap and must
 * lie inside the text (a RangeError says which one does not).
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [i, e] of edits.entries()) {
    if (!(e.start >= at && e.end >= e.start && e.end <= text.length))
      throw new RangeError(
        `edit ${i} [${e.start}, ${e.end}) is unsorted, overlapping or outside the text`,
      );
    parts.push(text.slice(at, e.start), e.newText);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** What VS Code says about a file that is not open, for editorWriteBack. */
export interface EditorReading {
  /** The file's bytes. */
  bytes: Uint8Array;
  /** The text VS Code's document would hold: `vscode.workspace.decode(bytes, { uri })`. */
  text: string;
  /**
   * That text encoded as VS Code would save it: in the encoding its BOM names when it has one
   * (VS Code reads a BOM before any setting and keeps it), else `encode(text, { uri })`.
   */
  reencoded: Uint8Array;
  /** Whether `files.autoGuessEncoding` may apply to the file (VS Code then reads it in an encoding it guessed). */
  guessing: boolean;
  /** Whether the encoding configured for the file writes non-ASCII as UTF-8. */
  configuredUtf8: boolean;
}

/**
 * Whether VS Code, editing a file that is not open and saving it, writes back every byte the
 * edits do not replace: the text it edits must encode back to exactly the bytes read (so no
 * setting such as `"[html]": { "files.encoding": "windows1252" }` or `utf16le` turns a UTF-8 page
 * into other bytes, and a BOM stays), the encoding must be one we can name (a guessed one can't be
 * checked unless it reads the file as UTF-8 does), and the line endings must survive the text
 * model (modelKeepsLineEndings). Returns the text to plan on (VS Code's, never another decoding)
 * and whether the new text may hold non-ASCII characters (only when the write encoding is known to
 * be UTF-8 or UTF-16; a legacy encoding may not hold them, or hold them as other bytes).
 */
export function editorWriteBack(r: EditorReading): WriteBack {
  return runToEnd(editorWriteBackSteps(r));
}

type WriteBack = { text: string; unicode: boolean; skip?: undefined } | { skip: FileSkip };

/**
 * editorWriteBack in steps, yielding between its passes over the bytes and the text (decoding,
 * comparing, counting line endings): each is a native or linear pass over the whole file, so the
 * workspace scan gives the event loop a turn between them (docs/benchmarks.md).
 */
export function* editorWriteBackSteps(r: EditorReading): Generator<void, WriteBack> {
  const own = decodeFileBytes(r.bytes);
  yield;
  if (!sameBytes(r.reencoded, r.bytes))
    return { skip: own.skip === 'notUtf8' ? 'notUtf8' : 'encoding' };
  yield;
  const bom = bomOf(r.bytes);
  if (r.guessing && !bom && own.text !== r.text) return { skip: 'encoding' };
  if (!modelKeepsLineEndings(lineEndings(r.text))) return { skip: 'lineEndings' };
  yield;
  // Read as UTF-8 reads it, with a non-ASCII character: the multi-byte sequences were read as
  // UTF-8, so the encoding is UTF-8. Pure ASCII reads the same in any of them: the setting says.
  const utf8 = own.text === r.text && (r.configuredUtf8 || NON_ASCII.test(r.text));
  return { text: r.text, unicode: bom !== undefined || utf8 };
}

const NON_ASCII = /[^\0-\x7f]/;

/** Whether a new text may be written in a file whose write encoding is not known to hold every character. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** Why a new URL with non-ASCII characters is not written into a file read in a legacy encoding. */
export function legacyEncodingRefusal(t: Localize = format): string {
  return t(
    "the file is read in a legacy encoding (files.encoding): the new URL's non-ASCII characters could be written as other bytes",
  );
}
