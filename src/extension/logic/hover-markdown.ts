// The hover's Markdown for one URL. All document text is escaped (escape.ts); the only links
// are `command:` links to our own commands, with JSON arguments.
import type { UrlKind } from './classify';
import { commandArgs, escapeMarkdown, showText } from './escape';
import type { Form, HashLine, UrlForms } from './forms';
import { format, type Localize } from './localize';
import { HOVER_SECTIONS } from './settings';

/** The commands hover links may run: the `enabledCommands` of the hover's MarkdownString. */
export const HOVER_COMMANDS = [
  'ampUrl.copy',
  'ampUrl.replace',
  'ampUrl.open',
  'ampUrl.showAllForms',
] as const;

/** Longest encoded arguments put in a link; longer values get no links (the hover stays small). */
export const MAX_LINK_ARGS = 16 * 1024;

/** Hash prefix lines shown before the rest is collapsed into "N more". */
export const MAX_LIST_ITEMS = 5;

/** Where the hovered URL is, for "Replace" links. */
export interface HoverTarget {
  uri: string;
  start: number;
  end: number;
  oldText: string;
}

function link(
  label: string,
  command: string,
  args: unknown[],
  tooltip: string,
): string | undefined {
  const encoded = commandArgs(args);
  if (encoded.length > MAX_LINK_ARGS) return undefined;
  return `[${escapeMarkdown(label)}](command:${command}?${encoded} "${tooltip.replace(/["\\]/g, '')}")`;
}

function links(
  value: string,
  target: HoverTarget | undefined,
  openable: boolean,
  t: Localize,
): string {
  const parts = [link(t('Copy'), 'ampUrl.copy', [value], t('Copy to the clipboard'))];
  if (target) {
    const { uri, start, end, oldText } = target;
    parts.push(
      link(
        t('Replace'),
        'ampUrl.replace',
        [uri, start, end, oldText, value],
        t('Replace the URL in the document with this'),
      ),
    );
  }
  if (openable) parts.push(link(t('Open'), 'ampUrl.open', [value], t('Open in the browser')));
  const shown = parts.filter((p): p is string => p !== undefined);
  return shown.length === parts.length
    ? shown.join(' · ')
    : `${shown.join(' · ')} ${escapeMarkdown(t('(too long for links)'))}`.trim();
}

function formBlock(f: Form, target: HoverTarget | undefined, t: Localize): string {
  const label = `**${escapeMarkdown(f.label)}**`;
  if (f.value === undefined) return `${label}: ${escapeMarkdown(f.error ?? '')}`;
  // No "Replace" with the text already there.
  const replaceable = target && target.oldText !== f.value ? target : undefined;
  return `${label}  \n${showText(f.value)}  \n${links(f.value, replaceable, f.openable, t)}`;
}

function hashBlock(forms: UrlForms, hashes: HashLine[], t: Localize): string {
  const head = `**${escapeMarkdown(t('Safe Browsing expressions and 4-byte hash prefixes'))}**`;
  const lines = hashes.slice(0, MAX_LIST_ITEMS).map((h) => {
    const copy = link(t('Copy'), 'ampUrl.copy', [h.hex], t('Copy the hash prefix')) ?? '';
    return `${showText(h.expression)} → ${escapeMarkdown(h.hex)} ${copy}`;
  });
  if (hashes.length > MAX_LIST_ITEMS) {
    const all =
      link(
        t('Show all forms'),
        'ampUrl.showAllForms',
        [{ url: forms.url }],
        t('List every form'),
      ) ?? '';
    lines.push(`${escapeMarkdown(t('… and {0} more', hashes.length - MAX_LIST_ITEMS))} ${all}`);
  }
  return [head, ...lines].join('  \n');
}

function kindLine(kind: UrlKind, url: string, t: Localize): string {
  const what = {
    publisher: t('URL'),
    cache: t('AMP Cache URL'),
    cacheOrigin: t('AMP Cache origin'),
    viewer: t('AMP viewer URL'),
  }[kind];
  return `${escapeMarkdown(t('AMP URL · {0}', what))}: ${showText(url, 120)}`;
}

/**
 * The hover for `forms`, sections in a fixed order. `target` (the URL's place in the document)
 * enables "Replace" links; without it only Copy and Open are offered.
 */
export function hoverMarkdown(forms: UrlForms, target?: HoverTarget, t: Localize = format): string {
  const refused = refusal(forms);
  if (refused !== undefined) return refusedMarkdown(forms.url, refused, t);
  const blocks = [kindLine(forms.kind, forms.url, t)];
  for (const section of HOVER_SECTIONS) {
    if (section === 'hashPrefixes' && forms.hashes) {
      const h = forms.hashes;
      blocks.push(
        h.value
          ? hashBlock(forms, h.value, t)
          : `**${escapeMarkdown(t('Safe Browsing hash prefixes'))}**: ${escapeMarkdown(h.error)}`,
      );
    }
    for (const f of forms.forms) if (f.section === section) blocks.push(formBlock(f, target, t));
  }
  return blocks.join('\n\n');
}

/** The reason when nothing at all could be computed (the core refused the URL). */
function refusal(forms: UrlForms): string | undefined {
  if (forms.forms.some((f) => f.value !== undefined) || forms.hashes?.value) return undefined;
  return forms.forms.find((f) => f.error)?.error ?? forms.hashes?.error;
}

/** A one-line hover for a URL the core refuses. */
export function refusedMarkdown(text: string, reason: string, t: Localize = format): string {
  return `${escapeMarkdown(t('AMP URL: not a usable URL ({0})', reason))}: ${showText(text, 120)}`;
}
