// What an editing command does to a document: for each selection, the URLs it covers and their
// replacements, or why a URL is skipped. Edits cover URL text only and never overlap.
import { findUrls, urlAt } from '../core';
import { readUrlAt } from './read-url';
import { format, type Localize } from './localize';
import type { Transform } from './transforms';
import { writeUrl } from './write-context';

/** A selection as document offsets; `start === end` is a cursor. */
export interface OffsetRange {
  start: number;
  end: number;
}

export interface PlannedEdit extends OffsetRange {
  oldText: string;
  newText: string;
}

export interface Skip {
  url: string;
  reason: string;
  /** Offset of the URL in the planned-from text (for the report's line:column). */
  at?: number;
  /** A skip that tells nothing (see TransformResult): counted, not listed. */
  quiet?: boolean;
  /** A note that is one of the conversion's warnings (not a removed parameter). */
  warning?: boolean;
}

export interface Plan {
  edits: PlannedEdit[];
  skipped: Skip[];
  /** What the transform noted about URLs it replaced (warnings, removed parameters). */
  notes?: Skip[];
}

interface Match extends OffsetRange {
  url: string;
}

/** Bounds of the line holding `offset` (without its line break). */
export function lineBounds(text: string, offset: number): OffsetRange {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  let end = nl < 0 ? text.length : nl;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return { start, end };
}

/**
 * URLs a selection covers: at a cursor, the URL under it; otherwise every URL overlapping the
 * selection. Each is read as a document of `languageId` reads it (read-url): `url` is what its
 * reader sees, `[start, end)` the text written for it.
 */
export function urlsInSelection(text: string, sel: OffsetRange, languageId?: string): Match[] {
  if (sel.start === sel.end) {
    const line = lineBounds(text, sel.start);
    const m = urlAt(text.slice(line.start, line.end), sel.start - line.start);
    if (!m) return [];
    return [readUrlAt(text, line.start + m.start, line.start + m.end, languageId)];
  }
  // Whole lines, so a URL partly selected is found complete (URL detection depends on context).
  const from = lineBounds(text, sel.start).start;
  const to = lineBounds(text, Math.max(sel.start, sel.end - 1)).end;
  const out: Match[] = [];
  for (const m of findUrls(text.slice(from, to))) {
    const r = readUrlAt(text, from + m.start, from + m.end, languageId);
    if (r.start < sel.end && r.end > sel.start) out.push(r);
  }
  return out;
}

/** Characters of a selection searched per step, so a long plan can pause in between. */
export const CHUNK_CHARS = 16 * 1024;
/** URLs transformed per step. */
const CHUNK_URLS = 200;

/** Line-aligned pieces of a selection, each at most about CHUNK_CHARS long (URLs never span lines). */
function* chunks(text: string, sel: OffsetRange): Generator<OffsetRange> {
  if (sel.start === sel.end) {
    yield sel;
    return;
  }
  let start = sel.start;
  while (start < sel.end) {
    let end = Math.min(sel.end, start + CHUNK_CHARS);
    if (end < sel.end) {
      const nl = text.indexOf('\n', end);
      end = nl < 0 || nl + 1 >= sel.end ? sel.end : nl + 1;
    }
    yield { start, end };
    start = end;
  }
}

/**
 * The plan, computed in steps: the generator yields (the share done, 0..1) after each chunk of
 * text or URLs, so an editor can keep responsive on a huge document; it returns the plan.
 * `languageId` (the document's) tells writeUrl how strings and markup are written there.
 */
export function* planSteps(
  text: string,
  selections: readonly OffsetRange[],
  transform: Transform,
  t: Localize = format,
  languageId?: string,
): Generator<number, Plan> {
  const matches: Match[] = [];
  const cursorsOnly = selections.every((s) => s.start === s.end);
  for (const sel of selections) {
    for (const piece of chunks(text, sel)) {
      matches.push(...urlsInSelection(text, piece, languageId));
      yield (0.2 * piece.end) / Math.max(1, text.length);
    }
  }
  matches.sort((a, b) => a.start - b.start || a.end - b.end);
  const plan: Plan = { edits: [], skipped: [] };
  if (matches.length === 0) {
    plan.skipped.push({ url: '', reason: t('no URL at the cursor or in the selection') });
    return plan;
  }
  let lastEnd = -1;
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i];
    if (i % CHUNK_URLS === CHUNK_URLS - 1) yield 0.2 + (0.8 * i) / matches.length;
    if (m.start < lastEnd) continue; // the same URL under two cursors: edit it once
    lastEnd = m.end;
    // A URL under a cursor was asked for by name; in a selection, its place may leave it.
    const r = transform(m.url, cursorsOnly ? undefined : { text, start: m.start });
    const oldText = text.slice(m.start, m.end);
    const w =
      r.skip === undefined ? writeUrl(text, m.start, m.end, r.text, t, languageId) : undefined;
    const at = m.start;
    if (r.skip !== undefined)
      plan.skipped.push({ url: oldText, reason: r.skip, at, ...(r.quiet ? { quiet: true } : {}) });
    else if (w?.refused !== undefined) plan.skipped.push({ url: oldText, reason: w.refused, at });
    else if (w) {
      plan.edits.push({ start: m.start, end: m.end, oldText, newText: w.text });
      for (const note of r.notes ?? []) {
        const warning = r.warnings?.includes(note) === true;
        (plan.notes ??= []).push({
          url: oldText,
          reason: note,
          at,
          ...(warning ? { warning } : {}),
        });
      }
    }
  }
  return plan;
}
