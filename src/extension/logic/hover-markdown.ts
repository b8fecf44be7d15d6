// The hover's Markdown for one URL: a header line, then one line per form (label, value, links;
// a long value wraps), then the forms that need no line folded into one line each; only as many
// lines as fit VS Code's hover height without scrolling (hover-fit.ts), the rest counted behind
// "Show all forms". Safe by construction:
// - document text only ever appears escaped (escape.ts), in code spans that are always closed;
// - the only links are `command:` links to our four commands, whose single argument is a
//   LinkTarget (link-args.ts) naming where the URL is and which form: never a value;
// - the whole Markdown stays under MAX_HOVER_CHARS, far below the 100,000 characters where VS Code's
//   renderer cuts a MarkdownString (a cut could leave a code span open). Values past
//   MAX_VALUE_SHOWN are shortened in the middle, links are dropped before text, and full values
//   stay reachable through Copy and "Show all forms".
import { COMMAND } from '../command-ids';
import {
  codeSpan,
  commandArgs,
  escapeMarkdown,
  groupDigits,
  shortenMiddle,
  tableCode,
} from './escape';
import type { Form, UrlForms } from '../../shared/forms';
import { HOVER_LINES, linesOf, type Piece } from './hover-fit';
import { parseLinkTarget, type LinkTarget } from './link-args';
import { format, type Localize } from '../../shared/localize';
import { formName, kindName } from '../../shared/names';

/** The commands hover links may run: the `enabledCommands` of the hover's MarkdownString. */
export const HOVER_COMMANDS = [
  COMMAND.copy,
  COMMAND.replace,
  COMMAND.open,
  COMMAND.showAllForms,
] as const;
type HoverCommand = (typeof HOVER_COMMANDS)[number];

/** The most Markdown a hover ever holds, whatever the URL and the settings. */
export const MAX_HOVER_CHARS = 30_000;

/**
 * Longest value shown whole; longer ones are shortened in the middle. Every form of a URL of
 * normal length (up to about 150 characters: a cache URL adds about 45) is shown whole, so what
 * the settings change (`/c/s/`, `/i/`, the cache's host) is always visible. Each form has a line
 * of its own, in which the value wraps: a table would keep a value on one line and make the
 * hover scroll sideways (a table cell's narrowest width is its longest unbreakable run).
 */
export const MAX_VALUE_SHOWN = 240;

/** What " (12,345 chars)" takes. */
const LENGTH_NOTE = 14;

/** Longest URL shown in the header line. */
const MAX_HEADER_SHOWN = MAX_VALUE_SHOWN;

/** Longest reason or note shown (a reason may quote the URL). */
const MAX_NOTE_SHOWN = 160;
/** Longest reverse warning shown: they name two hosts, which must stay readable. */
const MAX_WARNING_SHOWN = 400;

/** Longest label shown (cache names come from settings). */
const MAX_LABEL_SHOWN = 60;

/** Other caches given a row of their own; the rest are behind "Show all forms". */
const MAX_OTHER_CACHE_ROWS = 1;

/** Forms named in a folded line before "and N more". */
const MAX_NAMED = 4;

/** Keeps a label, and a row's links, on one line: the value is what wraps. */
const NBSP = '\u00a0';

/** Where the hovered URL is: the LinkTarget of every link, without its form. */
export type HoverTarget = Omit<LinkTarget, 'form'>;

type Action = 'copy' | 'replace' | 'open';

interface Row {
  label: string;
  /** Markdown of the value (escaped, closed). */
  value: string;
  /** The value as shown, for the estimate of its lines (hover-fit.ts). */
  shown: Piece[];
  form: string;
  actions: Action[];
}

interface Layout {
  rows: Row[];
  /** Forms equal to the URL, and refused forms grouped by reason. */
  same: string[];
  /** By reason: the forms' labels, and the rank (`rank`) of the most wanted of them. */
  refused: Map<string, { labels: string[]; rank: number }>;
  /** How many forms "Show all forms" lists that have no row. */
  hidden: number;
}

/** A value as a row shows it: whole, or shortened in the middle leaving room for its length. */
export function shortValue(value: string, max = MAX_VALUE_SHOWN): string {
  // More of the start: a URL's host says more than the middle of its path.
  return value.length <= max ? value : shortenMiddle(value, max - LENGTH_NOTE, 0.6);
}

/** A value as Markdown: shortened in the middle when long, with its full length. */
function shownValue(value: string, t: Localize, max = MAX_VALUE_SHOWN): string {
  const shown = shortValue(value, max);
  if (shown === value) return tableCode(value);
  return `${tableCode(shown)} ${escapeMarkdown(lengthNote(value, t))}`;
}

function lengthNote(value: string, t: Localize): string {
  return t('({0} chars)', groupDigits(value.length));
}

/** What `shownValue` shows, as pieces for the estimate of its lines. */
function valuePieces(value: string, t: Localize, max = MAX_VALUE_SHOWN): Piece[] {
  const shown = shortValue(value, max);
  return shown === value ? [{ code: value }] : [{ code: shown }, { text: lengthNote(value, t) }];
}

function note(text: string): string {
  return escapeMarkdown(shortenMiddle(text, MAX_NOTE_SHOWN));
}

/** The order rows come in: the form most likely wanted first, by the URL's kind. */
const ORDER = ['publisher', 'publisherDomain', 'cache', 'cacheOrigin', 'cache:', 'canonical'];

function rank(f: Pick<Form, 'id'>): number {
  const i = ORDER.findIndex((id) => (id.endsWith(':') ? f.id.startsWith(id) : f.id === id));
  return i < 0 ? ORDER.length : i;
}

function refuse(out: Layout, reason: string, label: string, r: number): void {
  const known = out.refused.get(reason);
  if (known) {
    known.labels.push(label);
    known.rank = Math.min(known.rank, r);
  } else out.refused.set(reason, { labels: [label], rank: r });
}

function actionsFor(f: Form): Action[] {
  return f.openable ? ['copy', 'replace', 'open'] : ['copy', 'replace'];
}

function layout(forms: UrlForms, target: HoverTarget | undefined, t: Localize): Layout {
  const out: Layout = { rows: [], same: [], refused: new Map(), hidden: 0 };
  let otherCacheRows = 0;
  const sorted = [...forms.forms].sort((a, b) => rank(a) - rank(b));
  for (const f of sorted) {
    const label = f.label;
    if (f.value === undefined) {
      const reason = f.error ?? '';
      refuse(out, reason, label, rank(f));
    } else if (f.value === forms.url || f.value === target?.expected) {
      out.same.push(label);
    } else if (
      f.id.startsWith('cacheOrigin:') ||
      (f.id.startsWith('cache:') && otherCacheRows++ >= MAX_OTHER_CACHE_ROWS)
    ) {
      out.hidden++;
    } else {
      const matched = t('matched against the domains in this document');
      out.rows.push({
        label,
        value: f.matched ? `${shownValue(f.value, t)} ${note(matched)}` : shownValue(f.value, t),
        shown: [...valuePieces(f.value, t), ...(f.matched ? [{ text: matched }] : [])],
        form: f.id,
        actions: actionsFor(f),
      });
    }
  }
  hashRow(forms, out, t);
  return out;
}

/**
 * One row for the most specific Safe Browsing expression; the others are behind Show all forms.
 * It comes before other caches' rows: it says what no other row says, in a line or two, where
 * another cache's URL repeats the first row on another host (the hover lists what fits).
 */
function hashRow(forms: UrlForms, out: Layout, t: Localize): void {
  const h = forms.hashes;
  if (!h) return;
  const label = formName('hashPrefix', t);
  if (h.value === undefined) {
    refuse(out, h.error, label, rank({ id: 'hash:0' }));
    return;
  }
  if (h.value.length === 0) return;
  const first = h.value[0];
  const expression = shortenMiddle(first.expression, MAX_VALUE_SHOWN);
  const before = out.rows.findIndex((r) => r.form.startsWith('cache:'));
  out.rows.splice(before < 0 ? out.rows.length : before, 0, {
    label,
    value: `${tableCode(expression)} → ${codeSpan(first.hex)}`,
    shown: [{ code: expression }, { text: '→' }, { code: first.hex }],
    form: 'hash:0',
    actions: ['copy'],
  });
  out.hidden += h.value.length - 1;
}

/** Labels named once: "A, B, C and 2 more". */
function named(labels: string[], t: Localize): string {
  const shown = labels
    .slice(0, MAX_NAMED)
    .map((l) => shortenMiddle(l, MAX_LABEL_SHOWN))
    .join(', ');
  return labels.length > MAX_NAMED
    ? t('{0} and {1} more', shown, labels.length - MAX_NAMED)
    : shown;
}

function actionLink(
  a: Action,
  t: Localize,
): { command: HoverCommand; label: string; tooltip: string } {
  switch (a) {
    case 'copy':
      return { command: COMMAND.copy, label: t('Copy'), tooltip: t('Copy to the clipboard') };
    case 'replace':
      return {
        command: COMMAND.replace,
        label: t('Replace'),
        tooltip: t('Replace the URL in the document with this'),
      };
    case 'open':
      return { command: COMMAND.open, label: t('Open'), tooltip: t('Open in the browser') };
  }
}

/**
 * The encoded argument of a link: one checked LinkTarget, encoded once and shared by a row's
 * links; undefined when the target is not one (then the row has no links).
 */
function encodedTarget(arg: LinkTarget): string | undefined {
  const checked = parseLinkTarget(arg);
  return checked && commandArgs([checked]);
}

function link(label: string, command: HoverCommand, tooltip: string, encoded: string): string {
  const title = tooltip.replace(/["\\()]/g, '');
  return `[${escapeMarkdown(label)}](command:${command}?${encoded} "${title}")`;
}

function rowLinks(row: Row, target: HoverTarget, t: Localize): string {
  const encoded = encodedTarget({ ...target, form: row.form });
  if (encoded === undefined) return '';
  return row.actions
    .map((a) => {
      const { command, label, tooltip } = actionLink(a, t);
      return link(label, command, tooltip, encoded);
    })
    .join(NBSP);
}

/** Which links a hover carries: all, only "Show all forms", or none (the URL is too long). */
type LinkLevel = 'all' | 'showAll' | 'none';

/** A line that needs no row of its own: a note, the forms already equal, a refusal. */
interface Folded {
  md: string;
  /** The line as read, for the estimate of its lines. */
  plain: string;
  /** The forms it names: counted in "… and N more" when the line is left out. */
  forms: number;
  /** Notes (the reverse's warnings) are always shown; refusals say why a form is missing. */
  kind: 'note' | 'same' | 'refused';
  /** A refusal of a form more wanted than every row (the hover's answer is why it is missing). */
  first?: boolean;
}

/** The hover's text, made once; links are added to it by `assemble`. */
interface Text {
  header: string;
  headerPieces: Piece[];
  /** Each row's label (the first, the form most likely wanted, in bold) and its value. */
  cells: { label: string; value: string; pieces: Piece[] }[];
  folded: Folded[];
  /** How many forms "Show all forms" lists that no line names. */
  hidden: number;
}

/**
 * Whether the header repeats the URL: when it is read differently from the document's text (an
 * HTML attribute's `&amp;` decoded, a string's escapes: the reader's URL, which every form is
 * computed from), or when it fits on the header line. Otherwise it is the text under the
 * pointer, and its lines go to the forms.
 */
function headerShowsUrl(forms: UrlForms, kind: string, target: HoverTarget | undefined): boolean {
  if (forms.url !== target?.expected) return true;
  // A URL longer than a line never fits it (and a huge one is not measured).
  return forms.url.length <= 100 && linesOf([{ text: `${kind}:` }, { code: forms.url }]) === 1;
}

function text(forms: UrlForms, l: Layout, target: HoverTarget | undefined, t: Localize): Text {
  const kind = t('AMP URL · {0}', kindName(forms.kind, t, forms.file));
  const withUrl = headerShowsUrl(forms, kind, target);
  const header = withUrl
    ? `${escapeMarkdown(kind)}: ${shownValue(forms.url, t, MAX_HEADER_SHOWN)}`
    : escapeMarkdown(kind);
  const headerPieces: Piece[] = withUrl
    ? [{ text: `${kind}:` }, ...valuePieces(forms.url, t, MAX_HEADER_SHOWN)]
    : [{ text: kind }];
  const cells = l.rows.map((r, i) => {
    const shortLabel = shortenMiddle(r.label, MAX_LABEL_SHOWN);
    const label = escapeMarkdown(shortLabel).replace(/ /g, NBSP);
    const links = r.actions.map((a) => actionLink(a, t).label).join(' ');
    const style = i === 0 ? ('bold' as const) : undefined;
    return {
      label: i === 0 ? `**${label}**` : label,
      value: r.value,
      pieces: [{ keep: shortLabel, style }, { keep: links }, ...r.shown],
    };
  });
  const folded: Folded[] = [];
  const add = (plain: string, forms: number, kind: Folded['kind'], first = false) =>
    folded.push({ md: escapeMarkdown(plain), plain, forms, kind, first });
  // The reverse's warnings (a look-alike prefix, a path leaving the publisher's) come first.
  const notes = forms.forms.flatMap((f) => f.notes ?? []);
  for (const n of notes.slice(0, MAX_NAMED))
    add(shortenMiddle(t('Note: {0}', n), MAX_WARNING_SHOWN), 0, 'note');
  if (l.same.length)
    add(
      shortenMiddle(t('Already in this form: {0}', named(l.same, t)), MAX_NOTE_SHOWN),
      l.same.length,
      'same',
    );
  const firstRow = l.rows.length ? rank({ id: l.rows[0].form }) : Infinity;
  for (const [reason, r] of [...l.refused].slice(0, MAX_NAMED))
    add(
      t('Not available for {0}: {1}', named(r.labels, t), shortenMiddle(reason, MAX_NOTE_SHOWN)),
      r.labels.length,
      'refused',
      r.rank < firstRow,
    );
  return { header, headerPieces, cells, folded, hidden: l.hidden };
}

/**
 * The lines that fit the hover's height (hover-fit.ts) without scrolling: the header, the form
 * most likely wanted, the warnings and the line with "Show all forms" always; then, each while
 * it fits, why a form more wanted than the first row is missing (a hashed cache origin's
 * publisher domain, the cache URL of a URL with a password), the other forms in the order they
 * are most likely wanted, the other refusals and the forms already equal. What is left out is
 * counted in "… and N more": Show all forms lists it.
 */
function fit(x: Text, rows: Row[]): { x: Text; rows: Row[] } {
  const rowLines = x.cells.map((c) => linesOf(c.pieces));
  const foldedLines = x.folded.map((f) => linesOf([{ text: f.plain }]));
  const keepRow = x.cells.map((_, i) => i === 0);
  const keepFolded = x.folded.map((f) => f.kind === 'note');
  let used = linesOf(x.headerPieces) + 1 + (rowLines[0] ?? 0);
  keepFolded.forEach((k, i) => (used += k ? foldedLines[i] : 0));
  const folded = (kind: Folded['kind'], first: boolean) =>
    x.folded
      .map((f, i) => ({ keep: keepFolded, i, lines: foldedLines[i], f }))
      .filter((o) => o.f.kind === kind && o.f.first === first);
  const optional = [
    ...folded('refused', true),
    ...x.cells.map((_, i) => ({ keep: keepRow, i, lines: rowLines[i] })).slice(1),
    ...folded('refused', false),
    ...folded('same', false),
  ];
  for (const o of optional) {
    if (used + o.lines > HOVER_LINES) continue;
    o.keep[o.i] = true;
    used += o.lines;
  }
  const dropped =
    keepRow.filter((k) => !k).length +
    x.folded.reduce((n, f, i) => n + (keepFolded[i] ? 0 : f.forms), 0);
  return {
    x: {
      header: x.header,
      headerPieces: x.headerPieces,
      cells: x.cells.filter((_, i) => keepRow[i]),
      folded: x.folded.filter((_, i) => keepFolded[i]),
      hidden: x.hidden + dropped,
    },
    rows: rows.filter((_, i) => keepRow[i]),
  };
}

function length(x: Text): number {
  const cells = x.cells.map((c) => `${c.label} ${c.value}`);
  const folded = x.folded.map((f) => f.md);
  return [x.header, ...cells, ...folded, '… and 99 more'].reduce((n, s) => n + s.length + 8, 0);
}

function assemble(
  x: Text,
  rows: Row[],
  target: HoverTarget | undefined,
  level: LinkLevel,
  t: Localize,
): string {
  const on = target && level === 'all' ? target : undefined;
  // A line per form: label, links, value. The links come right after the label, so they are
  // always in the same place and never pushed past the hover's edge by a long value, which wraps.
  const lines = x.cells.map((c, i) => {
    const links = on ? rowLinks(rows[i], on, t) : '';
    return [c.label, links, c.value].filter(Boolean).join(' ');
  });
  const folded = x.folded.map((f) => f.md);
  const all = target && level !== 'none' ? encodedTarget(target) : undefined;
  const more = x.hidden > 0 ? `${escapeMarkdown(t('… and {0} more', x.hidden))} · ` : '';
  if (all !== undefined)
    folded.push(
      `${more}${link(t('Show all forms'), COMMAND.showAllForms, t('List every form'), all)}`,
    );
  if (target && level === 'showAll')
    folded.push(escapeMarkdown(t('Per-form links are left out: this URL is too long for them.')));
  if (target && level === 'none')
    folded.push(escapeMarkdown(t('Links are left out: this URL is too long for them.')));
  // The forms and the folded lines are one paragraph, a hard line break after each line: no
  // paragraph gaps, so more fits VS Code's hover height (250 px) without scrolling.
  const body = [...lines, ...folded].join('  \n');
  return [x.header, body].filter((b) => b !== '').join('\n\n');
}

/** The cost of one link, from the encoded size of its argument (every link names the same URL). */
function linkCost(target: HoverTarget): number {
  return commandArgs([{ ...target, form: 'cacheOrigin:' + 'x'.repeat(64) }]).length + 160;
}

function levelFor(textOnly: number, links: number, target: HoverTarget | undefined): LinkLevel {
  if (!target || !parseLinkTarget(target)) return 'none';
  const cost = linkCost(target);
  if (textOnly + (links + 1) * cost <= MAX_HOVER_CHARS) return 'all';
  return textOnly + cost <= MAX_HOVER_CHARS ? 'showAll' : 'none';
}

/**
 * The hover for `forms`. `target` (the URL's place in the document) enables the links; without
 * it the hover is text only. Never longer than MAX_HOVER_CHARS; lists only the forms that fit
 * VS Code's hover height, the rest behind "Show all forms".
 */
export function hoverMarkdown(forms: UrlForms, target?: HoverTarget, t: Localize = format): string {
  const refused = refusal(forms);
  if (refused !== undefined) return refusedMarkdown(forms.url, refused, t);
  const l = layout(forms, target, t);
  const { x, rows } = fit(text(forms, l, target, t), l.rows);
  const links = rows.reduce((n, r) => n + r.actions.length, 0);
  const md = assemble(x, rows, target, levelFor(length(x) + 200, links, target), t);
  if (md.length <= MAX_HOVER_CHARS) return md;
  // Not reached with the sizes above; kept so the budget holds even if they change.
  const plain = assemble(x, rows, target, 'none', t);
  return plain.length <= MAX_HOVER_CHARS ? plain : x.header;
}

/** The reason when nothing at all could be computed (the core refused the URL). */
function refusal(forms: UrlForms): string | undefined {
  if (forms.forms.some((f) => f.value !== undefined) || forms.hashes?.value) return undefined;
  return forms.forms.find((f) => f.error)?.error ?? forms.hashes?.error;
}

/** A one-line hover for a URL the core refuses. */
function refusedMarkdown(text: string, reason: string, t: Localize = format): string {
  const why = shortenMiddle(reason, MAX_NOTE_SHOWN);
  return `${escapeMarkdown(t('AMP URL: not a usable URL ({0})', why))}: ${shownValue(text, t, MAX_HEADER_SHOWN)}`;
}
