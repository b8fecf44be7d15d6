// For a file that is not open and has edits planned: the text VS Code will edit when it applies
// them, or why the file is skipped. VS Code loads the file into a text model (its encoding from
// files.encoding, a language's override, a byte order mark or a guess; its line endings
// normalised when mixed) and saves that; the plan must be made on that text, and the write must
// give back every byte the edits do not replace. The decisions are in src/shared/file-bytes.ts;
// here VS Code is asked how it reads and writes the bytes, or, where its settings make that
// UTF-8 for every file of the folder, its answer is told without the three round trips.
import * as vscode from 'vscode';
import {
  bomOf,
  decodeFileBytes,
  editorWriteBackSteps,
  type EditorReading,
} from '../../shared/file-bytes';
import { languageOfPath } from '../../shared/language-of-path';
import { macrotask } from '../../shared/time-slice';
import { asciiOnly } from '../../shared/scan-bytes';
import type { FilePlan, FileSkip } from '../../shared/workspace-plan';

/** One character per byte (WHATWG's windows-1252 decoder maps every byte to one code point). */
const BYTE_PER_CHAR = new TextDecoder('windows-1252');

/** Whether files.autoGuessEncoding may apply to `uri`, for its language or any. */
function guessing(uri: vscode.Uri): boolean {
  const languageId = languageOfPath(uri.path);
  const scopes: vscode.ConfigurationScope[] = [uri];
  if (languageId) scopes.push({ uri, languageId });
  return scopes.some(
    (scope) => vscode.workspace.getConfiguration('files', scope).get('autoGuessEncoding') === true,
  );
}

const E_ACUTE_UTF8 = [0xc3, 0xa9];

/** From this size on, editorText gives the event loop a turn between its passes (each is linear in the size). */
const PAUSE_FROM_BYTES = 1 << 20;

/** Whether `key` of the `files` section has `value` for `uri` in every language (overrides too). */
function sameInEveryLanguage(uri: vscode.Uri, key: string, value: unknown): boolean {
  const files = vscode.workspace.getConfiguration('files', uri);
  if (files.get(key) !== value) return false;
  const languageIds = files.inspect(key)?.languageIds ?? [];
  return languageIds.every(
    (languageId) =>
      vscode.workspace.getConfiguration('files', { uri, languageId }).get(key) === value,
  );
}

/** utf8Folder's answers by workspace folder, forgotten when a setting changes. */
const utf8Folders = new Map<string, boolean>();
let forgetOnChange: vscode.Disposable | undefined;

/**
 * Whether VS Code reads and writes every file of `uri`'s workspace folder as UTF-8: files.encoding
 * `utf8` in every language, files.autoGuessEncoding off in every language. A resource's setting
 * is its workspace folder's, so the answer is asked once per folder (three getConfiguration
 * calls per file were a measurable share of the scan).
 */
export function utf8Folder(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri ?? uri;
  const key = folder.toString();
  let known = utf8Folders.get(key);
  if (known === undefined) {
    forgetOnChange ??= vscode.workspace.onDidChangeConfiguration(() => {
      utf8Folders.clear();
    });
    known =
      sameInEveryLanguage(folder, 'encoding', 'utf8') &&
      sameInEveryLanguage(folder, 'autoGuessEncoding', false);
    utf8Folders.set(key, known);
  }
  return known;
}

/**
 * VS Code's reading of UTF-8 bytes (no BOM, or UTF-8's) in a folder that reads and writes UTF-8
 * (utf8Folder), told here: its decoder then gives the strict UTF-8 text (there is no NUL byte
 * for its binary or UTF-16 guess: firstRead skipped those files) and its encoder gives the very
 * bytes back, so VS Code's decode and two encodes (three round trips to the window per file)
 * would answer what editorWriteBackSteps is given here. Undefined: VS Code is asked.
 */
function utf8Reading(uri: vscode.Uri, bytes: Uint8Array): EditorReading | undefined {
  const bom = bomOf(bytes);
  if ((bom !== undefined && bom !== 'utf8bom') || !utf8Folder(uri)) return undefined;
  const own = decodeFileBytes(bytes);
  if (own.skip !== undefined) return undefined;
  return { bytes, text: own.text, reencoded: bytes, guessing: false, configuredUtf8: true };
}

/**
 * The text VS Code's document of `uri` would hold, and whether a new text there may hold
 * non-ASCII characters; or why the file is skipped (src/shared/file-bytes.ts editorWriteBack).
 */
export async function editorText(
  uri: vscode.Uri,
  bytes: Uint8Array,
): Promise<{ text: string; unicode: boolean; skip?: undefined } | { skip: FileSkip }> {
  const reading = utf8Reading(uri, bytes) ?? (await askEditor(uri, bytes));
  if ('skip' in reading) return reading;
  const steps = editorWriteBackSteps(reading);
  // A turn of the event loop between its passes over a large file's bytes and text (a small
  // file's passes take microseconds: no pause, which costs a timer's millisecond).
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (bytes.length >= PAUSE_FROM_BYTES) await macrotask();
  }
}

/** VS Code's own reading of `bytes` as the file `uri`: its decode, its encode back, its encoding. */
async function askEditor(
  uri: vscode.Uri,
  bytes: Uint8Array,
): Promise<EditorReading | { skip: FileSkip }> {
  let text: string;
  try {
    text = await vscode.workspace.decode(bytes, { uri });
  } catch {
    return { skip: 'binary' }; // decode throws when VS Code takes the bytes for binary
  }
  const bom = bomOf(bytes);
  // VS Code reads a BOM before any setting and saves in the encoding it read, BOM included.
  const reencoded = bom
    ? await vscode.workspace.encode(text, { encoding: bom })
    : await vscode.workspace.encode(text, { uri });
  const probe = await vscode.workspace.encode('\u00e9', { uri });
  return {
    bytes,
    text,
    reencoded,
    guessing: guessing(uri),
    configuredUtf8:
      probe.length === 2 && probe[0] === E_ACUTE_UTF8[0] && probe[1] === E_ACUTE_UTF8[1],
  };
}

/**
 * The first reading of a file not open: too large, binary, or its text for a first look (the
 * scan plans on it, and only a file with edits planned pays for editorText).
 */
export function firstRead(
  bytes: Uint8Array,
  maxSize: number,
): { text: string; skip?: undefined } | { skip: FileSkip } {
  if (bytes.length > maxSize) return { skip: 'tooLarge' };
  const r = decodeFileBytes(bytes);
  if (r.skip === 'binary') return { skip: 'binary' };
  // The strict reading when the bytes are UTF-8 (or UTF-16 with a BOM), else one character per
  // byte, which finds the same ASCII URLs. Never the text edits are placed on: editorText is.
  return { text: r.text ?? BYTE_PER_CHAR.decode(bytes) };
}

/**
 * `plan` (made on the first look at `bytes`) remade on the text VS Code will edit, or why the
 * file is skipped. In a file whose write encoding may not hold every character, an edit whose
 * new text is not ASCII is left out with the reason.
 */
async function planOnEditorText(
  uri: vscode.Uri,
  bytes: Uint8Array,
  firstText: string,
  plan: FilePlan,
  planText: (text: string) => FilePlan | Promise<FilePlan>,
): Promise<{ text: string; plan: FilePlan; skip?: undefined } | { skip: FileSkip }> {
  const r = await editorText(uri, bytes);
  if (r.skip !== undefined) return r;
  const p = r.text === firstText ? plan : await planText(r.text);
  return { text: r.text, plan: r.unicode ? p : asciiOnly(p, vscode.l10n.t) };
}

/** The encodings of TextDocument.encoding that hold every character. */
const UNICODE_ENCODINGS = new Set(['utf8', 'utf8bom', 'utf16le', 'utf16be']);

/**
 * The plan of a file read by the scan: made on its text, and, for a file read from disk with
 * edits planned, made again on the text VS Code will edit (or the file skipped with the reason).
 * `encoding`: an open document's.
 */
export async function planChecked(
  uri: vscode.Uri,
  read: { text: string; bytes?: Uint8Array; encoding?: string },
  planText: (text: string) => FilePlan | Promise<FilePlan>,
): Promise<{ text: string; plan: FilePlan; skip?: undefined } | { skip: FileSkip }> {
  const plan = await planText(read.text);
  // An open document is edited as the document it is, in its encoding: a legacy one may not
  // hold a non-ASCII character of a new URL (VS Code would save it as `?`).
  if (!read.bytes) {
    const legacy = read.encoding !== undefined && !UNICODE_ENCODINGS.has(read.encoding);
    return { text: read.text, plan: legacy ? asciiOnly(plan, vscode.l10n.t) : plan };
  }
  if (plan.edits.length === 0) return { text: read.text, plan };
  return planOnEditorText(uri, read.bytes, read.text, plan, planText);
}
