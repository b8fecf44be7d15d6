// The forms a URL converts to (the commands' and the CLI's targets), and the Convert all picker's
// rows naming them.
import { format, type Localize } from './localize';
import { formName } from './names';

export const TARGETS = ['cache', 'publisher', 'canonical', 'normalized'] as const;
export type Target = (typeof TARGETS)[number];

/** A row of the Convert all target picker: the name of the form it converts to, and what it takes. */
export interface TargetItem {
  label: string;
  description: string;
  to: Target;
}

/**
 * The Convert all picker's rows, in `targets` order: each labelled with its form's one name (the
 * hover's, Show all forms'), described by the URLs it converts.
 */
export function targetItems(targets: readonly Target[], t: Localize = format): TargetItem[] {
  const of: Record<Target, string> = {
    cache: t('of each publisher URL'),
    publisher: t('of each AMP Cache or AMP viewer URL (the reverse)'),
    canonical: t('of each URL'),
    normalized: t('of each URL, with your ampUrl.normalize steps'),
  };
  return targets.map((to) => ({ label: formName(to, t), description: of[to], to }));
}
