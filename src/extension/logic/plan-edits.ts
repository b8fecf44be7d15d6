// What an editing command does to a document: for each selection, the URLs it covers and their
// replacements, or why a URL is skipped. Edits cover URL text only and never overlap.
import { absoluteUrl, findUrls, urlAt } from '../../core';
import { format, type Localize } from './localize';
import type { Transform } from './transforms';

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
}

export interface Plan {
  edits: PlannedEdit[];
  skipped: Skip[];
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

/** URLs a selection covers: at a cursor, the URL under it; otherwise every URL overlapping the selection. */
export function urlsInSelection(text: string, sel: OffsetRange): Match[] {
  if (sel.start === sel.end) {
    const line = lineBounds(text, sel.start);
    const m = urlAt(text.slice(line.start, line.end), sel.start - line.start);
    return m ? [{ start: line.start + m.start, end: line.start + m.end, url: absoluteUrl(m) }] : [];
  }
  // Whole lines, so a URL partly selected is found complete (URL detection depends on context).
  const from = lineBounds(text, sel.start).start;
  const to = lineBounds(text, Math.max(sel.start, sel.end - 1)).end;
  const out: Match[] = [];
  for (const m of findUrls(text.slice(from, to))) {
    const start = from + m.start;
    const end = from + m.end;
    if (start < sel.end && end > sel.start) out.push({ start, end, url: absoluteUrl(m) });
  }
  return out;
}

/** Plans the replacements of `transform` over the URLs the selections cover. */
export function planEdits(text: string, selections: readonly OffsetRange[], transform: Transform, t: Localize = format): Plan {
  const matches = selections.flatMap((sel) => urlsInSelection(text, sel)).sort((a, b) => a.start - b.start || a.end - b.end);
  const plan: Plan = { edits: [], skipped: [] };
  if (matches.length === 0) {
    plan.skipped.push({ url: '', reason: t('no URL at the cursor or in the selection') });
    return plan;
  }
  let lastEnd = -1;
  for (const m of matches) {
    if (m.start < lastEnd) continue; // the same URL under two cursors: edit it once
    lastEnd = m.end;
    const r = transform(m.url);
    if (r.skip !== undefined) plan.skipped.push({ url: text.slice(m.start, m.end), reason: r.skip });
    else plan.edits.push({ start: m.start, end: m.end, oldText: text.slice(m.start, m.end), newText: r.text });
  }
  return plan;
}
