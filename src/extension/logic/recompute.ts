// What a hover link's command may do, decided from the document, never from its arguments: the
// URL must still be exactly at the link's range, and the form is computed again from it with the
// current settings. A link's arguments only say where and which form (link-args.ts).
import type { LinkTarget } from './link-args';
import { format, type Localize } from '../../shared/localize';
import { urlNear, SCAN_WINDOW } from '../../shared/locate';
import { computeForms, type FormSettings } from '../../shared/forms';

/** A window of the line holding the target, as read from the document. */
export interface LineWindow {
  /** Document offset of the line's first character, and the line's length. */
  lineStart: number;
  lineLength: number;
  /** Offset in the line where `text` starts. */
  from: number;
  text: string;
  /** The document's language: how the URL is read there (read-url). */
  languageId?: string;
}

/** The part of the target's line to read: the target and SCAN_WINDOW characters on each side. */
export function windowFor(
  target: Pick<LinkTarget, 'start' | 'end'>,
  lineStart: number,
  lineLength: number,
): { from: number; to: number } {
  return {
    from: Math.max(0, target.start - lineStart - SCAN_WINDOW),
    to: Math.min(lineLength, target.end - lineStart + SCAN_WINDOW),
  };
}

export type Found = { url: string; refused?: undefined } | { url?: undefined; refused: string };

/** The absolute URL found exactly at the target, or why the target does not hold one now. */
export function urlAtTarget(w: LineWindow, target: LinkTarget, t: Localize = format): Found {
  const changed = {
    refused: t('The URL changed since the hover was shown; nothing was done.'),
  };
  const start = target.start - w.lineStart;
  const end = target.end - w.lineStart;
  // A URL never spans lines: a target reaching past its line's end names something else.
  if (start < 0 || end > w.lineLength || start < w.from || end > w.from + w.text.length)
    return changed;
  if (w.text.slice(start - w.from, end - w.from) !== target.expected) return changed;
  // Asked one character in, so a URL ending right at `start` can't answer for this one.
  const found = urlNear(w.text, w.from, w.lineLength, start + 1, w.languageId);
  if (found?.start !== start || found.end !== end) return changed;
  return { url: found.url };
}

export interface FormValue {
  url: string;
  value: string;
  /** An http(s) URL the core computed: the only thing Open may open. */
  openable: boolean;
}

export type Recomputed =
  (FormValue & { refused?: undefined }) | { value?: undefined; refused: string };

export interface RecomputeOptions {
  /** Hosts that may be behind a hashed cache prefix (the document's URLs). */
  candidates?: () => Iterable<string>;
  t?: Localize;
}

/**
 * The form `id` of `url` with the current settings: a form id of forms.ts, or `hash:<i>`, the
 * i-th Safe Browsing hash prefix (hex). Refused when the settings no longer produce it.
 */
export function recomputeForm(
  url: string,
  id: string,
  s: FormSettings,
  o: RecomputeOptions = {},
): Recomputed {
  const t = o.t ?? format;
  const all = computeForms(url, s, { candidates: o.candidates, t });
  const none = { refused: t('This form is not available for this URL with the current settings.') };
  const hash = /^hash:(\d+)$/.exec(id);
  if (hash) {
    const h = all.hashes?.value?.[Number(hash[1])];
    return h ? { url, value: h.hex, openable: false } : none;
  }
  const f = all.forms.find((x) => x.id === id);
  if (!f) return none;
  if (f.value === undefined) return { refused: f.error ?? none.refused };
  return { url, value: f.value, openable: f.openable && isWebUrl(f.value) };
}

/** Whether `value` is an absolute http(s) URL as the browser parses it (nothing else is opened). */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\u0000-\u0020\u007f]/.test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The target's URL and the recomputed form, or why the link's command does nothing. */
export function resolveLink(
  w: LineWindow,
  target: LinkTarget,
  s: FormSettings,
  o: RecomputeOptions = {},
): Recomputed {
  const t = o.t ?? format;
  if (target.form === undefined)
    return { refused: t('This link names no form; nothing was done.') };
  const found = urlAtTarget(w, target, t);
  if (found.url === undefined) return found;
  return recomputeForm(found.url, target.form, s, o);
}

/** Whether Replace may write `r`: a form that differs from the URL and the text there now. */
export function replaceRefusal(
  r: FormValue,
  expected: string,
  t: Localize = format,
): string | undefined {
  if (r.value === r.url || r.value === expected)
    return t('The URL is already in this form; nothing was replaced.');
  return undefined;
}

/** Whether Open may open `r`: only an http(s) URL that was computed. */
export function openRefusal(r: FormValue, t: Localize = format): string | undefined {
  return r.openable ? undefined : t('Only http and https URLs are opened.');
}
