// The workspace commands' decisions, without `vscode` (which files a search covers is
// workspace-files/): which bytes are text, which URLs a file holds for a
// conversion, how they are grouped in the Refactor Preview, and where each edit lands (line and
// character). Every new URL is written through writeUrl.
import { absoluteUrl, findUrls } from '../core';
import { splitAuthority, splitUri } from '../core/shared/uri';
import type { AmpCache } from '../core';
import { classify } from './classify';
import { format, type Localize } from './localize';
import type { PlannedEdit, Skip } from './plan-edits';
import type { Transform } from './transforms';
import { writeUrl } from './write-context';

export const WORKSPACE_TARGETS = ['publisher', 'cache'] as const;
export type WorkspaceTarget = (typeof WORKSPACE_TARGETS)[number];

/** Refactor Preview groups: one per conversion kind. */
export type EditGroup = 'cacheToPublisher' | 'viewerToPublisher' | 'publisherToCache';

/** Files larger than this many bytes are skipped unless `ampUrl.workspace.maxFileSize` says otherwise. */
export const DEFAULT_MAX_FILE_SIZE = 5_000_000;

/** Why a file is not scanned (the last three count ignore files, lines and globs not used). */
export type FileSkip =
  | 'binary'
  | 'tooLarge'
  | 'notUtf8'
  | 'unreadable'
  | 'symlinkOutside'
  | 'symlinkInside'
  | 'symlink'
  | 'special'
  | 'ignoreFileNotRead'
  | 'ignoreLineNotUsed'
  | 'globNotUsed';

/** Every FileSkip counted 0: the start of a run's counts. */
export function noFileSkips(): Record<FileSkip, number> {
  return {
    binary: 0,
    tooLarge: 0,
    notUtf8: 0,
    unreadable: 0,
    symlinkOutside: 0,
    symlinkInside: 0,
    symlink: 0,
    special: 0,
    ignoreFileNotRead: 0,
    ignoreLineNotUsed: 0,
    globNotUsed: 0,
  };
}

export interface WorkspaceEditPlan extends PlannedEdit {
  group: EditGroup;
  /** Lowercase host of the old URL (the "matching a host" choice of the cache conversion). */
  host: string;
  /** Position of the edit: line and UTF-16 character, as VS Code counts them. */
  range: { startLine: number; startChar: number; endLine: number; endChar: number };
}

export interface FilePlan {
  edits: WorkspaceEditPlan[];
  skipped: Skip[];
}

/** `ampUrl.workspace.maxFileSize`, sanitized. */
export function maxFileSize(raw: unknown): number {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0
    ? Math.floor(raw)
    : DEFAULT_MAX_FILE_SIZE;
}

/** One strict decoder for every file (decode() without `stream` starts afresh each call). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes read to decide "binary" (as git does: a NUL byte in the first 8000). */
const BINARY_PROBE = 8000;

/**
 * The text of a file's bytes, or why it is skipped: a NUL byte in the first 8000 bytes is
 * binary; a UTF-16 byte order mark or bytes that are not UTF-8 are "not UTF-8" (the edit would
 * have to re-encode the file). A UTF-8 byte order mark is dropped, as VS Code's document does.
 */
export function decodeText(
  bytes: Uint8Array,
  maxSize = DEFAULT_MAX_FILE_SIZE,
): { text: string; skip?: undefined } | { text?: undefined; skip: FileSkip } {
  if (bytes.length > maxSize) return { skip: 'tooLarge' };
  const probe = bytes.subarray(0, BINARY_PROBE);
  if ((probe[0] === 0xff && probe[1] === 0xfe) || (probe[0] === 0xfe && probe[1] === 0xff))
    return { skip: 'notUtf8' };
  if (probe.includes(0)) return { skip: 'binary' };
  try {
    return { text: UTF8.decode(bytes) };
  } catch {
    return { skip: 'notUtf8' };
  }
}

/** A byte budget shared by the scan's workers: `take` waits until `size` fits, `give` returns it. */
export class ByteBudget {
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async take(size: number): Promise<void> {
    // Over budget waits for others to finish; alone in flight always proceeds (no deadlock).
    while (this.used > 0 && this.used + size > this.limit)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.used += size;
  }

  give(size: number): void {
    this.used -= size;
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/** The patterns of an exclude setting (`files.exclude`, `search.exclude`) that are on. */
export function enabledGlobs(setting: unknown): string[] {
  if (!setting || typeof setting !== 'object' || Array.isArray(setting)) return [];
  // `{ "when": … }` values depend on sibling files: not expressible as one glob, so left out.
  return Object.entries(setting as Record<string, unknown>)
    .filter(([glob, on]) => on === true && glob.trim() !== '')
    .map(([glob]) => glob);
}

/**
 * Start offsets of the lines of `text` (after `\r\n`, `\n` or `\r`, as VS Code's model counts).
 * Line breaks are searched with indexOf (native): a file has thousands of lines and usually one
 * or two URLs to place.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let nl = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (nl >= 0 || cr >= 0) {
    if (cr < 0 || (nl >= 0 && nl < cr)) {
      starts.push(nl + 1);
      nl = text.indexOf('\n', nl + 1);
      continue;
    }
    const next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1; // \r\n is one break
    starts.push(next);
    if (next === cr + 2) nl = text.indexOf('\n', next);
    cr = text.indexOf('\r', next);
  }
  return starts;
}

/** Line and character of `offset`, given lineStarts(text). */
export function positionAt(starts: readonly number[], offset: number): [number, number] {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo, offset - starts[lo]];
}

/** Lowercase host of an absolute URL ('' when it has none). */
export function hostOf(url: string): string {
  const authority = splitUri(url).authority;
  return authority ? splitAuthority(authority).host.toLowerCase() : '';
}

/** The group an AMP URL's conversion belongs to, or undefined when the target leaves it alone. */
export function groupFor(
  url: string,
  target: WorkspaceTarget,
  caches: readonly AmpCache[],
): EditGroup | undefined {
  const kind = classify(url, caches).kind;
  if (target === 'cache') return kind === 'publisher' ? 'publisherToCache' : undefined;
  // A bare cache origin reverses to a domain without a scheme: not a URL to write in bulk.
  if (kind === 'cache') return 'cacheToPublisher';
  return kind === 'viewer' ? 'viewerToPublisher' : undefined;
}

/** Whether `host` is `wanted` or one of its subdomains (`wanted` undefined: every host). */
export function hostMatches(host: string, wanted: string | undefined): boolean {
  if (wanted === undefined) return true;
  const w = wanted.toLowerCase().replace(/^\.+|\.+$/g, '');
  return host === w || host.endsWith(`.${w}`);
}

/**
 * The edits of one file for `target`: every URL of the right kind converted by `transform` and
 * written by writeUrl, with its group, host and position; URLs it refuses are skipped with a
 * reason. URLs of other kinds are left out silently (a workspace is mostly other URLs).
 * `languageId` is the document's when it is open; a file read from disk has none, and writeUrl
 * then reads its context the careful way (refusing what it can't escape).
 */
export function planFile(
  text: string,
  target: WorkspaceTarget,
  transform: Transform,
  caches: readonly AmpCache[],
  t: Localize = format,
  languageId?: string,
): FilePlan {
  const plan: FilePlan = { edits: [], skipped: [] };
  let starts: number[] | undefined;
  for (const m of findUrls(text)) {
    const found = text.slice(m.start, m.end);
    const url = absoluteUrl(found);
    const group = groupFor(url, target, caches);
    if (!group) continue;
    const r = transform(url);
    if (r.skip !== undefined) {
      plan.skipped.push({ url: found, reason: r.skip });
      continue;
    }
    const w = writeUrl(text, m.start, m.end, r.text, t, languageId);
    if (w.refused !== undefined) {
      plan.skipped.push({ url: found, reason: w.refused });
      continue;
    }
    starts ??= lineStarts(text);
    const [startLine, startChar] = positionAt(starts, m.start);
    const [endLine, endChar] = positionAt(starts, m.end);
    plan.edits.push({
      start: m.start,
      end: m.end,
      oldText: found,
      newText: w.text,
      group,
      host: hostOf(url),
      range: { startLine, startChar, endLine, endChar },
    });
  }
  return plan;
}

/** Distinct hosts of the edits with their counts, most frequent first (the host quick pick). */
export function hostCounts(edits: Iterable<{ host: string }>): { host: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const e of edits) counts.set(e.host, (counts.get(e.host) ?? 0) + 1);
  return [...counts]
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
}

/** A 32-bit FNV-1a hash of a text: to tell a file changed between scan and apply. */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The labels of the Refactor Preview groups. */
export function groupLabel(group: EditGroup, t: Localize = format): string {
  switch (group) {
    case 'cacheToPublisher':
      return t('AMP Cache URL → publisher URL');
    case 'viewerToPublisher':
      return t('AMP viewer URL → publisher URL');
    case 'publisherToCache':
      return t('Publisher URL → AMP Cache URL');
  }
}

export interface WorkspaceCounts {
  files: number;
  changedFiles: number;
  edits: number;
  skippedFiles: Record<FileSkip, number>;
  staleFiles: number;
}

/** One line for the user about a workspace run. */
export function workspaceMessage(c: WorkspaceCounts, t: Localize = format): string {
  const parts = [t('{0} URLs in {1} of {2} files', c.edits, c.changedFiles, c.files)];
  const s = c.skippedFiles;
  if (s.binary) parts.push(t('{0} binary files skipped', s.binary));
  if (s.tooLarge) parts.push(t('{0} files over ampUrl.workspace.maxFileSize skipped', s.tooLarge));
  if (s.notUtf8) parts.push(t('{0} files not UTF-8 skipped', s.notUtf8));
  if (s.unreadable) parts.push(t('{0} unreadable files skipped', s.unreadable));
  if (s.symlinkOutside)
    parts.push(t('{0} symbolic links to outside the workspace folder skipped', s.symlinkOutside));
  if (s.symlinkInside)
    parts.push(
      t(
        '{0} symbolic links not followed (their targets in the folder are searched under their own names)',
        s.symlinkInside,
      ),
    );
  if (s.symlink)
    parts.push(
      t(
        '{0} symbolic links not followed (nothing outside the workspace folder is read or written)',
        s.symlink,
      ),
    );
  if (s.special) parts.push(t('{0} FIFOs, devices or sockets skipped', s.special));
  if (s.ignoreFileNotRead)
    parts.push(
      t(
        '{0} ignore files not read (not a regular file, over 1 MB or over 10,000 lines)',
        s.ignoreFileNotRead,
      ),
    );
  if (s.ignoreLineNotUsed)
    parts.push(
      t('{0} ignore-file lines not applied (invalid or too complex)', s.ignoreLineNotUsed),
    );
  if (s.globNotUsed)
    parts.push(
      t('{0} include or exclude globs not applied (invalid or too complex)', s.globNotUsed),
    );
  if (c.staleFiles) parts.push(t('{0} files changed since the scan, left untouched', c.staleFiles));
  return parts.join('; ');
}
