// Which refactor actions a URL gets, per kind, and why one can't apply: the code action provider
// turns each offer into an action (with its edit, or disabled with the reason).
import { classify } from '../../shared/classify';
import { format, type Localize } from '../../shared/localize';
import { makeTransform, type TransformSettings } from '../../shared/transforms';
import type { Target } from '../../shared/targets';
import type { WriteResult } from '../../shared/write-context';

export interface Offer {
  target: Target;
  title: string;
  /** Last part of the action's kind: `refactor.rewrite.ampUrl.<sub>`. */
  sub: string;
  /** The text to write in place of the URL, or why the action is disabled. */
  text?: string;
  reason?: string;
}

/** The URL found (absolute) and how a new URL is written in its place (write-context.ts). */
export interface UrlInPlace {
  url: string;
  write: (newUrl: string) => WriteResult;
}

/**
 * The offers for a URL, always the same three per kind so none goes silently missing: the
 * conversion (to the cache URL for a publisher URL, to the publisher URL for any AMP URL), then
 * Normalize and Canonicalize.
 */
export function codeActionOffers(
  at: UrlInPlace,
  s: TransformSettings,
  t: Localize = format,
): Offer[] {
  const kind = classify(at.url, s.caches).kind;
  const offers: Omit<Offer, 'text' | 'reason'>[] = [
    kind === 'publisher'
      ? { target: 'cache', title: t('Replace with AMP Cache URL'), sub: 'cache' }
      : { target: 'publisher', title: t('Replace with publisher URL'), sub: 'publisher' },
    { target: 'normalized', title: t('Normalize URL'), sub: 'normalize' },
    { target: 'canonical', title: t('Canonicalize URL'), sub: 'canonicalize' },
  ];
  return offers.map((o) => {
    const r = makeTransform(o.target, s, {}, t)(at.url);
    if (r.text === undefined) return { ...o, reason: r.skip };
    const w = at.write(r.text);
    return w.text === undefined ? { ...o, reason: w.refused } : { ...o, text: w.text };
  });
}

/** What `editor.codeActionsOnSave` may say to run a kind: `true` (legacy), explicit, always. */
const ON = new Set<unknown>([true, 'explicit', 'always']);

/**
 * Whether the user's own `editor.codeActionsOnSave` values (most specific first: the
 * language-specific user value, then the user value) ask for `kind` on save. Each value is an
 * object `{ kind: "explicit" | "always" | "never" | boolean }` or, in older settings, an array of
 * kinds. The first value that names the kind decides; workspace values are never passed here.
 */
export function userAsksOnSave(values: readonly unknown[], kind: string): boolean {
  for (const v of values) {
    if (Array.isArray(v)) {
      if (v.includes(kind)) return true;
      continue;
    }
    if (v && typeof v === 'object' && Object.hasOwn(v, kind))
      return ON.has((v as Record<string, unknown>)[kind]);
  }
  return false;
}
