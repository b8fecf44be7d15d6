// Every URL of a file with where it stands and what it is (the command line's `find`), and the
// findings of a check (`amp-url check`): AMP Cache and viewer URLs, and optionally URLs not in
// canonical or normalized form, each with the form to use instead and the text a fix would write
// there (writeUrl, as every editor write) or why it can't be written. Data only: the front end
// words the messages.
import type { AmpCache, UrlMatch } from '../core';
import { eachUrl } from '../core/find/find-urls';
import { ampHostsIn, mayBeAmpUrlAt } from './amp-prefilter';
import { eachMatchOnLines } from './amp-url-matches';
import { classify, type UrlKind } from './classify';
import { format, type Localize } from './localize';
import { readUrlAt } from './read-url';
import { makeTransform, type TransformSettings } from './transforms';
import { lineStarts, positionAt } from './line-index';
import { writeUrl } from './write-context';

/** Where a URL stands: 0-based offsets, 1-based lines and UTF-16 columns (as editors and SARIF count). */
export interface UrlSpan {
  start: number;
  end: number;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface FoundUrl extends UrlSpan {
  /** The URL as written in the file. */
  text: string;
  /**
   * The URL as its reader reads it (`www.` gets `http://`; `&amp;` in an HTML attribute is `&`, a
   * JSON or JS escape is unescaped: readUrlAt).
   */
  url: string;
  kind: UrlKind;
}

/**
 * Every URL of `text` (in `languageId`, languageOfPath) with its place and kind; with `only`,
 * just the matches it keeps (the others are not read at all).
 */
export function findUrlsIn(
  text: string,
  caches: readonly AmpCache[],
  languageId?: string,
  only?: (match: UrlMatch) => boolean,
  matches: Iterable<UrlMatch> = eachUrl(text),
): FoundUrl[] {
  return [...eachFoundUrl(text, caches, languageId, only, matches)];
}

/** findUrlsIn a batch of at most `size` URLs at a time (`amp-url find` reports each in turn). */
export function* foundUrlBatches(
  text: string,
  caches: readonly AmpCache[],
  languageId: string | undefined,
  size: number,
): Generator<FoundUrl[]> {
  let batch: FoundUrl[] = [];
  for (const found of eachFoundUrl(text, caches, languageId, undefined, eachUrl(text))) {
    batch.push(found);
    if (batch.length < size) continue;
    yield batch;
    batch = [];
  }
  if (batch.length) yield batch;
}

function* eachFoundUrl(
  text: string,
  caches: readonly AmpCache[],
  languageId: string | undefined,
  only: ((match: UrlMatch) => boolean) | undefined,
  matches: Iterable<UrlMatch>,
): Generator<FoundUrl> {
  const located = new Locator(text);
  for (const read of eachUrlRead(text, caches, languageId, only, matches))
    yield located.found(read);
}

/** A URL read: where it stands (offsets only), the URL its reader sees, its kind. */
interface UrlRead {
  start: number;
  end: number;
  url: string;
  kind: UrlKind;
}

/**
 * The URLs of `text` one at a time, as their reader reads them (readUrlAt, as the editor's
 * commands read them), with offsets only: a check places and copies out only its findings. A
 * place and a slice of the text for each URL of a one-line file of a million URLs outlived the
 * young generation and took several times the file's size until the next full collection.
 */
function* eachUrlRead(
  text: string,
  caches: readonly AmpCache[],
  languageId: string | undefined,
  only: ((match: UrlMatch) => boolean) | undefined,
  matches: Iterable<UrlMatch>,
): Generator<UrlRead> {
  for (const match of matches) {
    if (only && !only(match)) continue;
    const m = readUrlAt(text, match.start, match.end, languageId);
    yield { start: m.start, end: m.end, url: m.url, kind: classify(m.url, caches).kind };
  }
}

/** Places URLs read in `text`: its line starts are found once, when the first is placed. */
class Locator {
  private starts: number[] | undefined;
  constructor(private readonly text: string) {}

  found(read: UrlRead): FoundUrl {
    this.starts ??= lineStarts(this.text);
    return {
      ...place(this.starts, read.start, read.end),
      text: this.text.slice(read.start, read.end),
      url: read.url,
      kind: read.kind,
    };
  }
}

function place(starts: readonly number[], start: number, end: number): UrlSpan {
  const [sl, sc] = positionAt(starts, start);
  const [el, ec] = positionAt(starts, end);
  return {
    start,
    end,
    startLine: sl + 1,
    startColumn: sc + 1,
    endLine: el + 1,
    endColumn: ec + 1,
  };
}

/** What a check looks for. */
export const CHECK_RULES = [
  'amp-cache-url',
  'amp-viewer-url',
  'not-canonical',
  'not-normalized',
  // An AMP Cache or viewer URL with no publisher URL (an image on a cache host, a cache origin):
  // nothing to write instead, so its own rule, a warning by default (suppress/repo-config.ts).
  'amp-no-publisher-url',
] as const;
export type CheckRule = (typeof CHECK_RULES)[number];

export interface Finding extends FoundUrl {
  rule: CheckRule;
  /** The form to use instead (the publisher URL; the canonical or normalized URL). */
  suggestion?: string;
  /** Why there is no suggestion (the reverse refused it). */
  reason?: string;
  /** What a fix writes in place of `text` (encoded for its context), when it can. */
  fix?: string;
  /** Why a fix can't write the suggestion here (the context can't hold it). */
  refused?: string;
  /** What the conversion noted (the reverse's warnings, parameters it removed). */
  notes?: string[];
}

/**
 * The findings of `text` for `rules`: AMP Cache and viewer URLs (a bare cache origin is a CORS
 * value, not a page: left alone, as the workspace commands do), and with the form rules every
 * other URL whose canonical or normalized form differs. `languageId` is the file's language
 * (languageOfPath), which tells writeUrl how strings and markup are written there.
 */
export function checkText(
  text: string,
  rules: ReadonlySet<CheckRule>,
  s: TransformSettings,
  languageId?: string,
  t: Localize = format,
): Finding[] {
  const toPublisher = makeTransform('publisher', s, {}, t);
  const toCanonical = rules.has('not-canonical') ? makeTransform('canonical', s, {}, t) : undefined;
  const toNormalized = rules.has('not-normalized')
    ? makeTransform('normalized', s, {}, t)
    : undefined;
  const out: Finding[] = [];
  // Without the form rules only AMP Cache and viewer URLs are reported: a URL whose authority
  // surely is no AMP host's (amp-prefilter.ts) is not read nor classified, and only the lines
  // where such an authority starts are searched for URLs.
  const ampOnly = !toCanonical && !toNormalized;
  const only = ampOnly ? (m: UrlMatch) => mayBeAmpUrlAt(text, m.start, s.caches) : undefined;
  // Matches one at a time: an array of every URL of a one-line file of a million URLs would
  // outweigh the file many times over.
  const matches = ampOnly ? eachMatchOnLines(text, ampHostsIn(text, s.caches)) : eachUrl(text);
  const located = new Locator(text);
  for (const found of eachUrlRead(text, s.caches, languageId, only, matches)) {
    if (found.kind === 'cache' || found.kind === 'viewer') {
      const rule = found.kind === 'cache' ? 'amp-cache-url' : 'amp-viewer-url';
      if (!rules.has(rule)) continue;
      const r = toPublisher(found.url);
      const noPublisher = r.skip !== undefined && rules.has('amp-no-publisher-url');
      if (r.skip !== undefined && !noPublisher) continue;
      out.push(
        finding(
          text,
          located.found(found),
          noPublisher ? 'amp-no-publisher-url' : rule,
          r,
          t,
          languageId,
        ),
      );
      continue;
    }
    if (found.kind !== 'publisher') continue;
    // One finding per URL: canonical first (the stricter form), normalized otherwise.
    for (const [rule, transform] of [
      ['not-canonical', toCanonical],
      ['not-normalized', toNormalized],
    ] as const) {
      if (!transform) continue;
      const r = transform(found.url);
      // Refused (not a URL these forms apply to) or already in that form: nothing to report.
      if (r.skip !== undefined) continue;
      out.push(finding(text, located.found(found), rule, r, t, languageId));
      break;
    }
  }
  return out;
}

function finding(
  text: string,
  found: FoundUrl,
  rule: CheckRule,
  r: ReturnType<ReturnType<typeof makeTransform>>,
  t: Localize,
  languageId: string | undefined,
): Finding {
  if (r.skip !== undefined) return { ...found, rule, reason: r.skip };
  const f: Finding = { ...found, rule, suggestion: r.text };
  if (r.notes?.length) f.notes = r.notes;
  const w = writeUrl(text, found.start, found.end, r.text, t, languageId);
  if (w.refused !== undefined) f.refused = w.refused;
  else f.fix = w.text;
  return f;
}
