// The hover's Markdown for one URL: a header line, then one line per form (label, value, links;
// a long value wraps), then the forms that need no line folded into one line each. Safe by
// construction:
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
export const MAX_OTHER_CACHE_ROWS = 1;

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
  form: string;
  actions: Action[];
}

interface Layout {
  rows: Row[];
  /** Forms equal to the URL, and refused forms grouped by reason. */
  same: string[];
  refused: Map<string, string[]>;
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
  return `${tableCode(shown)} ${escapeMarkdown(t('({0} chars)', groupDigits(value.length)))}`;
}

function note(text: string): string {
  return escapeMarkdown(shortenMiddle(text, MAX_NOTE_SHOWN));
}

/** The order rows come in: the form most likely wanted first, by the URL's kind. */
const ORDER = ['publisher', 'publisherDomain', 'cache', 'cacheOrigin', 'cache:', 'canonical'];

function rank(f: Form): number {
  const i = ORDER.findIndex((id) => (id.endsWith(':') ? f.id.startsWith(id) : f.id === id));
  return i < 0 ? ORDER.length : i;
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
      out.refused.set(reason, [...(out.refused.get(reason) ?? []), label]);
    } else if (f.value === forms.url || f.value === target?.expected) {
      out.same.push(label);
    } else if (
      f.id.startsWith('cacheOrigin:') ||
      (f.id.startsWith('cache:') && otherCacheRows++ >= MAX_OTHER_CACHE_ROWS)
    ) {
      out.hidden++;
    } else {
      out.rows.push({
        label,
        value: f.matched
          ? `${shownValue(f.value, t)} ${note(t('matched against the domains in this document'))}`
          : shownValue(f.value, t),
        form: f.id,
        actions: actionsFor(f),
      });
    }
  }
  hashRow(forms, out, t);
  return out;
}

/** One row for the most specific Safe Browsing expression; the others are behind Show all forms. */
function hashRow(forms: UrlForms, out: Layout, t: Localize): void {
  const h = forms.hashes;
  if (!h) return;
  const label = formName('hashPrefix', t);
  if (h.value === undefined) {
    out.refused.set(h.error, [...(out.refused.get(h.error) ?? []), label]);
    return;
  }
  if (h.value.length === 0) return;
  const first = h.value[0];
  out.rows.push({
    label,
    value: `${tableCode(shortenMiddle(first.expression, MAX_VALUE_SHOWN))} → ${codeSpan(first.hex)}`,
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

function actionLink(a: Action, t: Localize): { command: string; label: string; tooltip: string } {
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

function link(label: string, command: string, tooltip: string, encoded: string): string {
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

/** The hover's text, made once; links are added to it by `assemble`. */
interface Text {
  header: string;
  /** Each row's label (the first, the form most likely wanted, in bold) and its value. */
  cells: { label: string; value: string }[];
  folded: string[];
  /** "… and N more " before Show all forms. */
  more: string;
}

function text(forms: UrlForms, l: Layout, t: Localize): Text {
  const header = `${escapeMarkdown(t('AMP URL · {0}', kindName(forms.kind, t, forms.file)))}: ${shownValue(forms.url, t, MAX_HEADER_SHOWN)}`;
  const cells = l.rows.map((r, i) => {
    const label = escapeMarkdown(shortenMiddle(r.label, MAX_LABEL_SHOWN)).replace(/ /g, NBSP);
    return { label: i === 0 ? `**${label}**` : label, value: r.value };
  });
  const folded: string[] = [];
  // The reverse's warnings (a look-alike prefix, a path leaving the publisher's) come first.
  const notes = forms.forms.flatMap((f) => f.notes ?? []);
  for (const n of notes.slice(0, MAX_NAMED))
    folded.push(escapeMarkdown(shortenMiddle(t('Note: {0}', n), MAX_WARNING_SHOWN)));
  if (l.same.length) folded.push(note(t('Already in this form: {0}', named(l.same, t))));
  for (const [reason, labels] of [...l.refused].slice(0, MAX_NAMED))
    folded.push(
      escapeMarkdown(
        t('Not available for {0}: {1}', named(labels, t), shortenMiddle(reason, MAX_NOTE_SHOWN)),
      ),
    );
  const more = l.hidden > 0 ? `${escapeMarkdown(t('… and {0} more', l.hidden))} ` : '';
  return { header, cells, folded, more };
}

function length(x: Text): number {
  const cells = x.cells.map((c) => `${c.label} ${c.value}`);
  return [x.header, ...cells, ...x.folded, x.more].reduce((n, s) => n + s.length + 8, 0);
}

function assemble(
  x: Text,
  l: Layout,
  target: HoverTarget | undefined,
  level: LinkLevel,
  t: Localize,
): string {
  const on = target && level === 'all' ? target : undefined;
  // A line per form: label, links, value. The links come right after the label, so they are
  // always in the same place and never pushed past the hover's edge by a long value, which wraps.
  const lines = x.cells.map((c, i) => {
    const links = on ? rowLinks(l.rows[i], on, t) : '';
    return [c.label, links, c.value].filter(Boolean).join(' ');
  });
  const folded = [...x.folded];
  const all = target && level !== 'none' ? encodedTarget(target) : undefined;
  if (all !== undefined)
    folded.push(
      `${x.more}${link(t('Show all forms'), COMMAND.showAllForms, t('List every form'), all)}`,
    );
  if (target && level === 'showAll')
    folded.push(escapeMarkdown(t('Per-form links are left out: this URL is too long for them.')));
  if (target && level === 'none')
    folded.push(escapeMarkdown(t('Links are left out: this URL is too long for them.')));
  // The forms and the folded lines are one paragraph, a hard line break after each line: no
  // paragraph gaps, the most that fits VS Code's hover height (250 px) without scrolling.
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
 * it the hover is text only. Never longer than MAX_HOVER_CHARS.
 */
export function hoverMarkdown(forms: UrlForms, target?: HoverTarget, t: Localize = format): string {
  const refused = refusal(forms);
  if (refused !== undefined) return refusedMarkdown(forms.url, refused, t);
  const l = layout(forms, target, t);
  const x = text(forms, l, t);
  const links = l.rows.reduce((n, r) => n + r.actions.length, 0);
  const md = assemble(x, l, target, levelFor(length(x) + 200, links, target), t);
  if (md.length <= MAX_HOVER_CHARS) return md;
  // Not reached with the sizes above; kept so the budget holds even if they change.
  const plain = assemble(x, l, target, 'none', t);
  return plain.length <= MAX_HOVER_CHARS ? plain : x.header;
}

/** The reason when nothing at all could be computed (the core refused the URL). */
function refusal(forms: UrlForms): string | undefined {
  if (forms.forms.some((f) => f.value !== undefined) || forms.hashes?.value) return undefined;
  return forms.forms.find((f) => f.error)?.error ?? forms.hashes?.error;
}

/** A one-line hover for a URL the core refuses. */
export function refusedMarkdown(text: string, reason: string, t: Localize = format): string {
  const why = shortenMiddle(reason, MAX_NOTE_SHOWN);
  return `${escapeMarkdown(t('AMP URL: not a usable URL ({0})', why))}: ${shownValue(text, t, MAX_HEADER_SHOWN)}`;
}
