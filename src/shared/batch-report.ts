// The full report of a batch or workspace command, as lines for the "AMP URL" output channel:
// what changed, what was left and why, each warning at its `file:line:column` (which VS Code's
// output view turns into a link). Document text in it is made inert: no line breaks or invisible
// characters, long URLs shortened in the middle.
import { shownAsCodePoints } from './inert-text';
import { format, type Localize } from './localize';
import type { Skip } from './plan-edits';

/** Most items listed per section; the rest are counted. */
const MAX_ITEMS = 2000;
/** Longest URL shown whole. */
const MAX_URL = 300;

export interface ReportItem {
  /** `path:line:column` (1-based), or '' when the place is unknown. */
  where: string;
  text: string;
}

export interface ReportSection {
  title: string;
  items: ReportItem[];
  /** How many there are when `items` holds only the first of them (default: items.length). */
  total?: number;
}

/** A place as the output view links it: `path:line:column`, 1-based, from 0-based numbers. */
export function place(path: string, line: number, character: number): string {
  return `${path}:${line + 1}:${character + 1}`;
}

/**
 * A file or folder name for one report line: as `inert` makes document text, never shortened. A
 * name is the repository's to choose: a line break in it must not start a line of its own (a
 * forged change, or a `path:line:column` the output view would link).
 */
export function inertPath(path: string): string {
  return inert(path, Infinity);
}

/** Document text for one report line: invisible characters shown as code points, shortened. */
export function inert(text: string, max = MAX_URL): string {
  const visible = shownAsCodePoints(text);
  if (visible.length <= max) return visible;
  const half = Math.floor((max - 1) / 2);
  return `${visible.slice(0, half)}…${visible.slice(visible.length - half)} (${visible.length})`;
}

/** The report's lines: the header, then each non-empty section with its items. */
export function reportLines(
  header: readonly string[],
  sections: readonly ReportSection[],
  t: Localize = format,
  maxItems = MAX_ITEMS,
): string[] {
  const lines = [...header];
  for (const s of sections) {
    const total = s.total ?? s.items.length;
    if (total === 0) continue;
    lines.push(`${s.title} (${total}):`);
    const shown = s.items.slice(0, maxItems);
    for (const item of shown)
      lines.push(item.where ? `  ${item.where}  ${item.text}` : `  ${item.text}`);
    if (total > shown.length) lines.push(t('  … and {0} more', total - shown.length));
  }
  return lines;
}

/**
 * A section of the skips and notes of one document that are not quiet (`at` offsets placed by
 * `locate`): only the first `maxItems` are made into lines (a list of 100,000 URLs has as many
 * notes), the rest counted.
 */
export function skipSection(
  title: string,
  skips: readonly Skip[],
  locate: (offset: number) => string,
  maxItems = MAX_ITEMS,
): ReportSection {
  const items: ReportItem[] = [];
  let total = 0;
  for (const s of skips) {
    if (s.quiet) continue;
    if (++total > maxItems) continue;
    items.push({
      where: s.at === undefined ? '' : locate(s.at),
      text: s.url ? `${inert(s.url)}: ${s.reason}` : s.reason,
    });
  }
  return { title, items, total };
}

/** Counts of quiet skips per reason: "{count} URLs left as they are: {reason}". */
export function quietCounts(skips: readonly Skip[], t: Localize = format): string[] {
  const counts = new Map<string, number>();
  for (const s of skips) if (s.quiet) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => t('{0} URLs left as they are: {1}', n, reason));
}

/** One line for the notification: the counts that mean something, joined. */
export function oneLine(parts: readonly (string | false | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('; ');
}
