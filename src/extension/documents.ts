// Cheap questions about documents: is it in scope, is it within the limits, which URL is at a
// position. Only a bounded window of the line is read.
import * as vscode from 'vscode';
import { CANDIDATE_SCAN_CHARS, documentHosts } from '../shared/candidates';
import type { LinkTarget } from './logic/link-args';
import { urlNear, windowAround, type UrlAtCursor } from '../shared/locate';
import { windowFor, type LineWindow } from './logic/recompute';
import type { OffsetRange } from '../shared/plan-edits';
import type { Settings } from '../shared/settings';

const sizes = new WeakMap<vscode.TextDocument, { version: number; size: number }>();

/** Document length in characters, computed once per version. */
export function documentSize(doc: vscode.TextDocument): number {
  const known = sizes.get(doc);
  if (known?.version === doc.version) return known.size;
  const size = doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
  sizes.set(doc, { version: doc.version, size });
  return size;
}

/** Length of the longest line, for the "ask first" check of batch commands (one pass, no copies). */
export function longestLine(doc: vscode.TextDocument): number {
  let max = 0;
  for (let i = 0; i < doc.lineCount; i++) max = Math.max(max, doc.lineAt(i).range.end.character);
  return max;
}

/** Whether hovers, context keys and code actions run for `doc` at `line` (languages and limits). */
export function inScope(doc: vscode.TextDocument, line: number, s: Settings): boolean {
  if (s.languages && !s.languages.has(doc.languageId)) return false;
  if (line >= doc.lineCount || doc.lineAt(line).text.length > s.limits.maxLineLength) return false;
  return documentSize(doc) <= s.limits.maxDocumentSize;
}

/** The URL at `pos`, looking only at a window of its line. */
export function urlAtPosition(
  doc: vscode.TextDocument,
  pos: vscode.Position,
): UrlAtCursor | undefined {
  const lineLength = doc.lineAt(pos.line).range.end.character;
  const w = windowAround(lineLength, pos.character);
  const text = doc.getText(new vscode.Range(pos.line, w.start, pos.line, w.end));
  return urlNear(text, w.start, lineLength, pos.character, doc.languageId);
}

/** Selections as document offsets. */
export function selectionOffsets(
  doc: vscode.TextDocument,
  selections: readonly vscode.Selection[],
): OffsetRange[] {
  return selections.map((s) => ({ start: doc.offsetAt(s.start), end: doc.offsetAt(s.end) }));
}

/** The open document a target names, or undefined (a link never opens or creates one). */
export function openDocument(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === uri);
}

/** The window of `doc`'s line around the target (bounded: lines can be megabytes long). */
export function lineWindow(
  doc: vscode.TextDocument,
  target: Pick<LinkTarget, 'start' | 'end'>,
): LineWindow | undefined {
  if (target.end > documentSize(doc)) return undefined;
  const line = doc.lineAt(doc.positionAt(target.start).line);
  const lineStart = doc.offsetAt(line.range.start);
  const lineLength = line.range.end.character;
  const { from, to } = windowFor(target, lineStart, lineLength);
  const text = doc.getText(new vscode.Range(line.lineNumber, from, line.lineNumber, to));
  return { lineStart, lineLength, from, text, languageId: doc.languageId };
}

/** Hosts in the document, read (bounded) only when a hashed cache prefix needs them. */
export function candidatesOf(doc: vscode.TextDocument): () => string[] {
  return () =>
    documentHosts(
      doc.getText(
        new vscode.Range(new vscode.Position(0, 0), doc.positionAt(CANDIDATE_SCAN_CHARS)),
      ),
    );
}

/**
 * Reads `doc` between two offsets (clamped to it): how writeUrlAt sees a document. positionAt()
 * puts an offset between \r and \n at the line's end, before the \r: read from there, every
 * offset in the text would be one off, so the text is read from the position's own offset and
 * trimmed to exactly [from, to).
 */
export function textReader(doc: vscode.TextDocument): (from: number, to: number) => string {
  return (from, to) => {
    const start = doc.positionAt(from);
    const skip = Math.max(0, from - doc.offsetAt(start));
    const text = doc.getText(new vscode.Range(start, doc.positionAt(to + 1)));
    return text.slice(skip, skip + Math.max(0, to - from));
  };
}
