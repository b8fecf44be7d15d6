// Runs a core call and turns any refusal into a one-line reason: nothing here ever throws.
import { UrlError } from '../core';
import { format, type Localize } from './localize';

export type Outcome<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

export function attempt<T>(fn: () => T, t: Localize = format): Outcome<T> {
  try {
    return { value: fn() };
  } catch (e) {
    if (e instanceof UrlError) return { error: e.message };
    // A bug in the core must not break a hover or a command: report it as a reason.
    return { error: t('Unexpected error: {0}', e instanceof Error ? e.message : String(e)) };
  }
}
