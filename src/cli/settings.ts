// The extension's settings from the command line: each option is read through the same
// readSettings as `ampUrl.*`, so both front ends sanitize alike, and a value readSettings would
// silently replace is refused here instead (a CI check must not guess).
import { NORMALIZE_PRESETS, NORMALIZE_STEPS, isServingType } from '../core';
import { CACHE_CHOICES, DEFAULT_CACHE_ID, REGISTERED_CACHE_IDS } from '../shared/cache-choices';
import { readSettings, type Settings } from '../shared/settings';
import {
  UsageError,
  flag,
  flags,
  quoteArg,
  type FlagSpec,
  type FlagSpecs,
  type ParsedArgs,
} from './args';

export type SettingFlag =
  'cache' | 'custom-cache' | 'serving-type' | 'image-width' | 'preset' | 'step';

/** The options that mirror the settings, each with its help lines. */
const SETTINGS: Readonly<Record<SettingFlag, { spec: FlagSpec; help: string }>> = {
  cache: {
    spec: { value: true },
    help: `  --cache ID              cache for conversions: ${[`${DEFAULT_CACHE_ID} (default)`, ...REGISTERED_CACHE_IDS.slice(1)].join(', ')}, custom (the first
                          --custom-cache) or a --custom-cache id`,
  },
  'custom-cache': {
    spec: { value: true, repeat: true },
    help: '  --custom-cache ID=DOMAIN  an extra cache (ampUrl.customCaches), e.g. --custom-cache my=cdn.example.net',
  },
  'serving-type': {
    spec: { value: true },
    help: '  --serving-type T        auto, c (default), v, wp, cert, i, ii, r',
  },
  'image-width': {
    spec: { value: true },
    help: '  --image-width N         maximum width for the ii serving type',
  },
  preset: {
    spec: { value: true },
    help: '  --preset P              normalize preset: safe (default), usuallySafe, aggressive',
  },
  step: {
    spec: { value: true, repeat: true },
    help: '  --step NAME[=false]     switch one normalize step on (or off), e.g. --step sortQuery; repeatable',
  },
};

/** The flags of the settings a command reads (a command accepts only what it reads). */
export function settingFlags(names: readonly SettingFlag[]): FlagSpecs {
  return Object.fromEntries(names.map((n) => [n, SETTINGS[n].spec]));
}

/** The help of those settings, or '' for none. */
export function settingHelp(names: readonly SettingFlag[]): string {
  if (names.length === 0) return '';
  return `Settings (as the extension's ampUrl.* settings):\n${names.map((n) => SETTINGS[n].help).join('\n')}\n\n`;
}

/** The settings the options give, or UsageError for a value the extension would not accept. */
export function settingsFromArgs(args: ParsedArgs): Settings {
  const customCaches = flags(args, 'custom-cache').map((spec) => {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new UsageError(`--custom-cache takes ID=DOMAIN (got ${quoteArg(spec)})`);
    return { id: spec.slice(0, eq), cacheDomain: spec.slice(eq + 1) };
  });
  const servingType = flag(args, 'serving-type');
  if (servingType !== undefined && servingType !== 'auto' && !isServingType(servingType))
    throw new UsageError(
      `--serving-type must be auto, c, v, wp, cert, i, ii or r (got ${quoteArg(servingType)})`,
    );
  const widthText = flag(args, 'image-width');
  const width = widthText === undefined ? undefined : Number(widthText);
  if (width !== undefined && !(Number.isInteger(width) && width > 0 && width <= 65535))
    throw new UsageError(`--image-width must be a whole number from 1 to 65535`);
  const preset = flag(args, 'preset');
  if (preset !== undefined && !Object.hasOwn(NORMALIZE_PRESETS, preset))
    throw new UsageError(
      `--preset must be one of ${Object.keys(NORMALIZE_PRESETS).join(', ')} (got ${quoteArg(preset)})`,
    );
  const steps: Record<string, boolean> = {};
  const known = new Set<string>(NORMALIZE_STEPS.map((s) => s.key));
  for (const spec of flags(args, 'step')) {
    const m = /^([A-Za-z]+)(?:=(true|false))?$/.exec(spec);
    if (!m || !known.has(m[1]))
      throw new UsageError(
        `--step takes a step name (${[...known].join(', ')}), optionally =false (got ${quoteArg(spec)})`,
      );
    steps[m[1]] = m[2] !== 'false';
  }
  const values: Record<string, unknown> = {
    cache: flag(args, 'cache'),
    customCaches,
    servingType,
    imageWidth: width,
    'normalize.preset': preset,
    'normalize.steps': steps,
  };
  const settings = readSettings((key) => values[key], true);
  // The same rule as ampUrl.cache (selectCache): a registered cache, custom (the first
  // --custom-cache) or a --custom-cache id; said with the flags' names, not the settings'.
  const cache = flag(args, 'cache');
  if (settings.cacheError !== undefined)
    throw new UsageError(
      cache === 'custom'
        ? `--cache custom takes the first --custom-cache ID=DOMAIN, and there is none`
        : `--cache must be ${CACHE_CHOICES.join(', ')} or a --custom-cache id (got ${quoteArg(cache ?? '')})`,
    );
  // readSettings falls back (and notes a problem) on a bad value: on a command line that is a mistake.
  if (settings.problems.length) throw new UsageError(settings.problems[0]);
  return settings;
}
