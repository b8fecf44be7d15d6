// What an editing command reports: the result object (for tests and callers) and its message.
import { format, type Localize } from './localize';
import type { Skip } from './plan-edits';

export interface EditSummary {
  changed: number;
  skipped: Skip[];
  /** Set when nothing was written because the document changed, closed or the user cancelled. */
  aborted?: string;
  /** Worth telling about URLs that were replaced: warnings, removed parameters (see transforms.ts). */
  notes?: Skip[];
  /** What the command did with its URLs: `insert` reports "Inserted" (default: "Replaced"). */
  verb?: 'insert';
}

/** Skip reasons with their counts, most frequent first. */
function groupReasons(
  skipped: readonly Skip[],
): { reason: string; count: number; example: string }[] {
  const groups = new Map<string, { reason: string; count: number; example: string }>();
  for (const s of skipped) {
    const g = groups.get(s.reason);
    if (g) g.count++;
    else groups.set(s.reason, { reason: s.reason, count: 1, example: s.url });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** One line for the user, e.g. "Replaced 2 URLs; skipped 1: not an AMP Cache or AMP viewer URL (1)". */
export function summaryMessage(summary: EditSummary, t: Localize = format, maxReasons = 3): string {
  const message = baseMessage(summary, t, maxReasons);
  if (summary.aborted || !summary.notes?.length) return message;
  const groups = groupReasons(summary.notes);
  const notes = groups.slice(0, maxReasons).map((g) => `${g.reason} (${g.count})`);
  if (groups.length > maxReasons) notes.push(t('{0} other notes', groups.length - maxReasons));
  return t('{0}. Notes: {1}', message, notes.join('; '));
}

function baseMessage(summary: EditSummary, t: Localize, maxReasons: number): string {
  if (summary.aborted) return summary.aborted;
  const changed =
    summary.verb === 'insert'
      ? summary.changed === 1
        ? t('Inserted 1 URL')
        : t('Inserted {0} URLs', summary.changed)
      : summary.changed === 1
        ? t('Replaced 1 URL')
        : t('Replaced {0} URLs', summary.changed);
  if (summary.skipped.length === 0) return changed;
  const groups = groupReasons(summary.skipped);
  const reasons = groups.slice(0, maxReasons).map((g) => `${g.reason} (${g.count})`);
  if (groups.length > maxReasons) reasons.push(t('{0} other reasons', groups.length - maxReasons));
  const onlyOne = summary.changed === 0 && summary.skipped.length === 1;
  const url = summary.skipped[0].url;
  if (onlyOne && summary.verb === 'insert')
    return t('Nothing inserted: {0}', summary.skipped[0].reason);
  if (onlyOne)
    return url
      ? t('Nothing replaced: {0}: {1}', clip(url), summary.skipped[0].reason)
      : t('Nothing replaced: {0}', summary.skipped[0].reason);
  return t('{0}; skipped {1}: {2}', changed, summary.skipped.length, reasons.join(', '));
}

function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
