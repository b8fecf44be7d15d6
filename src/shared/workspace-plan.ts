// The workspace commands' decisions, without `vscode` (which files a search covers is
// workspace-files/, which bytes are text file-bytes.ts): which URLs a file holds for a
// conversion, how they are grouped in the Refactor Preview, and where each edit lands (line and
// character). Every new URL is written through writeUrl.
import { urlsToPlan } from './amp-url-matches';
import { readUrlAt } from './read-url';
import { splitAuthority, splitUri } from '../core/common/uri';
import { hostToAscii, hostToUnicode } from '../core/common';
import type { AmpCache, ReverseWarningCode } from '../core';
import { classify } from './classify';
import { format, type Localize } from './localize';
import type { PlannedEdit, Skip } from './plan-edits';
import type { Transform } from './transforms';
import { writeUrl, type WriteResult } from './write-context';
import { textHashSteps } from './text-hash';
import { LineIndex } from './line-index';
import { runSliced, runToEnd, type SliceClock } from './time-slice';

export { textHash } from './text-hash';

export const WORKSPACE_TARGETS = ['publisher', 'cache'] as const;
export type WorkspaceTarget = (typeof WORKSPACE_TARGETS)[number];

/** Refactor Preview groups: one per conversion kind. */
export type EditGroup = 'cacheToPublisher' | 'viewerToPublisher' | 'publisherToCache';

/**
 * Why a file is not scanned, or not written: `encoding`, VS Code would not write its bytes back
 * as they were (its files.encoding, a guessed encoding); `lineEndings`, VS Code would normalise
 * its mixed line endings or lone CR (src/shared/file-bytes.ts); the symlink kinds and `special`
 * come from the walker (src/shared/workspace-files/); the last three count ignore files, lines and
 * globs not used. Each reason needs its words in fileSkipReason (the report lists them all).
 */
const FILE_SKIPS = [
  'binary',
  'tooLarge',
  'notUtf8',
  'unreadable',
  'encoding',
  'lineEndings',
  'symlinkOutside',
  'symlinkInside',
  'symlink',
  'special',
  'ignoreFileNotRead',
  'ignoreLineNotUsed',
  'globNotUsed',
] as const;
export type FileSkip = (typeof FILE_SKIPS)[number];

/** Every FileSkip counted 0: the start of a run's counts. */
export function noFileSkips(): Record<FileSkip, number> {
  return Object.fromEntries(FILE_SKIPS.map((skip) => [skip, 0])) as Record<FileSkip, number>;
}

/** Why a file was skipped, in words for the report ("{count} files skipped: {reason}"). */
export function fileSkipReason(skip: FileSkip, t: Localize = format): string {
  switch (skip) {
    case 'binary':
      return t('binary');
    case 'tooLarge':
      return t('over ampUrl.workspace.maxFileSize');
    case 'notUtf8':
      return t('not UTF-8');
    case 'unreadable':
      return t('unreadable');
    case 'encoding':
      return t(
        'VS Code would not write its bytes back unchanged (files.encoding or a guessed encoding)',
      );
    case 'lineEndings':
      return t('mixed line endings or a lone CR (VS Code would normalise them)');
    case 'symlinkOutside':
      return t('a symbolic link to outside the workspace folder: not followed');
    case 'symlinkInside':
      return t(
        'a symbolic link: not followed (its target in the folder is searched under its own name)',
      );
    case 'symlink':
      return t(
        'a symbolic link: not followed (nothing outside the workspace folder is read or written)',
      );
    case 'special':
      return t('a FIFO, device or socket: never opened');
    case 'ignoreFileNotRead':
      return t('an ignore file not read (not a regular file, over 1 MB or over 10,000 lines)');
    case 'ignoreLineNotUsed':
      return t('an ignore-file line not applied (invalid or too complex)');
    case 'globNotUsed':
      return t('an include or exclude glob not applied (invalid or too complex)');
  }
}

/** Why a change deserves a look before it is written (it starts unchecked in the preview). */
export type ReviewReason = 'lookAlike' | 'encodedQuery' | 'dotSegments' | 'warning';

/**
 * What each of the reverse's warning codes asks of the preview: null, no doubt about the page (a
 * retired cache's publisher URL is where the page lives). A code missing here still counts, as
 * 'warning'.
 */
const REVIEW_OF_WARNING: Partial<Record<ReverseWarningCode, ReviewReason | null>> = {
  'lookalike-host': 'lookAlike',
  'encoded-query': 'encodedQuery',
  'dot-segments': 'dotSegments',
  'retired-cache': null,
};

/**
 * The reason a change deserves a look, from the codes of the reverse's warnings (never their
 * wording): a look-alike host first, then an encoded query, then dot segments, then any other.
 */
export function reviewReason(
  codes: readonly ReverseWarningCode[] | undefined,
): ReviewReason | undefined {
  let reason: ReviewReason | undefined;
  for (const code of codes ?? []) {
    const review = REVIEW_OF_WARNING[code];
    if (review === 'lookAlike') return review;
    if (review === 'encodedQuery') reason = review;
    else if (review !== null) reason ??= review ?? 'warning';
  }
  return reason;
}

/** The Refactor Preview category of changes left unchecked for a look: the label says why. */
export function reviewLabel(reason: ReviewReason, t: Localize = format): string {
  switch (reason) {
    case 'lookAlike':
      return t("Check first: the cache host is not the publisher's own (look-alike?)");
    case 'encodedQuery':
      return t('Check first: an encoded ? (%3F) was read as the query (ambiguous)');
    case 'dotSegments':
      return t('Check first: the path resolves elsewhere in a browser (dot segments)');
    case 'warning':
      return t('Check first: the conversion warned');
  }
}

export interface WorkspaceEditPlan extends PlannedEdit {
  group: EditGroup;
  /** ASCII host of the old URL as a browser reads it (the host choice of the cache conversion). */
  host: string;
  /** What the conversion warned about (look-alike host, ambiguous query, …), for the report. */
  warnings?: string[];
  /** Set when the change deserves a look before it is written (see reviewReason). */
  review?: ReviewReason;
  /** Position of the edit: line and UTF-16 character, as VS Code counts them. */
  range: { startLine: number; startChar: number; endLine: number; endChar: number };
}

/** A URL of the conversion's kind left as it is, with where it is (line and UTF-16 character). */
export interface LocatedSkip extends Skip {
  line: number;
  character: number;
}

export interface FilePlan {
  edits: WorkspaceEditPlan[];
  skipped: LocatedSkip[];
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
 * Host of an absolute URL in the ASCII form a browser sends ('' when it has none), so a host
 * written in Unicode and in Punycode is one host; as written, lower-cased, if a browser refuses it.
 */
export function hostOf(url: string): string {
  const authority = splitUri(url).authority;
  if (!authority) return '';
  const host = splitAuthority(authority).host.toLowerCase();
  try {
    return hostToAscii(host);
  } catch {
    return host;
  }
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

/**
 * Whether a host is `wanted` or one of its subdomains (`wanted` undefined: every host), with
 * `wanted` normalised once: the edit of a file of 108,000 URLs asks it for every URL.
 */
export function hostMatcher(wanted: string | undefined): (host: string) => boolean {
  if (wanted === undefined) return () => true;
  let w = wanted.toLowerCase().replace(/^\.+|\.+$/g, '');
  try {
    w = hostToAscii(w); // `bücher.example` and `xn--bcher-kva.example` are one host
  } catch {
    /* compared as written */
  }
  const dotted = `.${w}`;
  return (host) => host === w || host.endsWith(dotted);
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
  const steps = filePlanSteps(plan, text, target, transform, caches, t, languageId);
  runToEnd(steps);
  return plan;
}

/** URLs planned between two looks at the clock (planFileSliced): a few milliseconds' work. */
const URLS_PER_STEP = 64;

/**
 * planFile in time slices: the same plan, made `URLS_PER_STEP` URLs at a time with `pause()`
 * (the event loop's turn) whenever `sliceMs` have passed. A large file of many URLs in one piece
 * would block the extension host for seconds (docs/benchmarks.md).
 */
export async function planFileSliced(
  text: string,
  target: WorkspaceTarget,
  transform: Transform,
  caches: readonly AmpCache[],
  t: Localize,
  languageId: string | undefined,
  clock: SliceClock,
): Promise<FilePlan> {
  const plan: FilePlan = { edits: [], skipped: [] };
  await runSliced(filePlanSteps(plan, text, target, transform, caches, t, languageId), clock);
  return plan;
}

/**
 * Fills `plan` with the edits of `text`, yielding every URLS_PER_STEP URLs and while it finds
 * line starts. Nothing is done for the whole text at once: URLs are found one at a time
 * (eachUrl) and line starts as far as the current URL (LineIndex), so no step of the sliced plan
 * grows with the file; no list of every URL found is kept beside the plan.
 */
function* filePlanSteps(
  plan: FilePlan,
  text: string,
  target: WorkspaceTarget,
  transform: Transform,
  caches: readonly AmpCache[],
  t: Localize,
  languageId: string | undefined,
): Generator<void> {
  let lines: LineIndex | undefined;
  let count = 0;
  // One string per distinct host: a list of 108,000 URLs of one host kept 108,000 copies. A
  // string of its own: the host is a slice of the text, and kept every planned file's text alive.
  const hosts = new Map<string, string>();
  const sameHost = (h: string) => {
    let known = hosts.get(h);
    if (known === undefined) hosts.set(h, (known = ownCopy(h)));
    return known;
  };
  for (const match of urlsToPlan(text, target === 'publisher', caches)) {
    if (++count % URLS_PER_STEP === 0) yield;
    // The URL its reader sees (`&amp;` in an attribute is `&`), and all the text written for it.
    const m = readUrlAt(text, match.start, match.end, languageId);
    const url = m.url;
    const group = groupFor(url, target, caches);
    if (!group) continue;
    const r = transform(url, { text, start: m.start });
    const w: WriteResult =
      r.skip === undefined
        ? writeUrl(text, m.start, m.end, r.text, t, languageId)
        : { refused: r.skip };
    lines ??= new LineIndex(text);
    while (!lines.reach(w.refused === undefined ? m.end : m.start)) yield;
    const starts = lines.starts;
    const found = ownCopy(text.slice(m.start, m.end));
    const startLine = lines.line(m.start);
    const startChar = m.start - starts[startLine];
    if (w.refused !== undefined) {
      const at = m.start;
      plan.skipped.push({
        url: found,
        reason: w.refused,
        at,
        line: startLine,
        character: startChar,
      });
      continue;
    }
    const endLine = lines.line(m.end);
    const edit: WorkspaceEditPlan = {
      start: m.start,
      end: m.end,
      oldText: found,
      newText: w.text,
      group,
      host: sameHost(hostOf(url)),
      range: { startLine, startChar, endLine, endChar: m.end - starts[endLine] },
    };
    if (r.warnings?.length) edit.warnings = r.warnings;
    const review = reviewReason(r.warningCodes);
    if (review) edit.review = review;
    plan.edits.push(edit);
  }
}

/**
 * `slice` as a string of its own. A slice of a text may keep the whole text alive (V8's sliced
 * strings): the plans of a large workspace held every file's text until the command ended
 * (docs/benchmarks.md).
 * Flattening a concatenation copies it; the slice of that copy refers to the copy alone.
 */
function ownCopy(slice: string): string {
  return ` ${slice}`.slice(1);
}

/**
 * Distinct hosts of the edits with their counts, most frequent first (the host quick pick): one
 * entry per host as a browser reads it (`host`, ASCII), shown in its Unicode form (`label`).
 */
export function hostCounts(
  edits: Iterable<{ host: string }>,
): { host: string; label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const e of edits) counts.set(e.host, (counts.get(e.host) ?? 0) + 1);
  return [...counts]
    .map(([host, count]) => ({ host, label: unicodeHost(host), count }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
}

function unicodeHost(host: string): string {
  try {
    return hostToUnicode(host);
  } catch {
    return host;
  }
}

/**
 * textHash in time slices, for the scan: a 9 MB text is hashed 262,144 characters at a time, with
 * `pause()` whenever `sliceMs` have passed (in one piece it held the extension host longer than a
 * slice).
 */
export function textHashSliced(text: string, clock: SliceClock): Promise<number> {
  return runSliced(textHashSteps(text), clock);
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
