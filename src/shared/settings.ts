// The extension's settings as typed values: raw configuration in, sanitized settings out.
// Pure, so the defaults and the handling of bad values are unit-tested.
import {
  AMP_CACHES,
  NORMALIZE_PRESETS,
  isServingType,
  type AmpCache,
  type NormalizeOptions,
} from '../core';
import { CACHE_CHOICES, DEFAULT_CACHE_ID, REGISTERED_CACHE_IDS } from './cache-choices';
import { format, type Localize } from './localize';
import { orList } from './word-lists';
import { maxFileSize } from './file-size-limit';
import type { ServingTypeSetting } from './classify';

export const HOVER_SECTIONS = [
  'cache',
  'otherCaches',
  'publisher',
  'canonical',
  'hashPrefixes',
  'normalized',
] as const;
export type HoverSection = (typeof HOVER_SECTIONS)[number];

export type NormalizePreset = keyof typeof NORMALIZE_PRESETS;

export interface Limits {
  /** Longer lines get no hover and no context key. */
  maxLineLength: number;
  /** Larger documents get no hover and no context key; batch commands ask first. */
  maxDocumentSize: number;
}

export interface Settings {
  /**
   * The cache `ampUrl.cache` selects, or `undefined` when it selects none (`custom` without a
   * custom cache, an unknown id): then `cacheError` says why, and every conversion to the
   * configured cache refuses with that reason instead of quietly using another cache.
   */
  cache: AmpCache | undefined;
  cacheError?: string;
  /** Registered caches plus the custom ones (when the workspace is trusted). */
  caches: readonly AmpCache[];
  servingType: ServingTypeSetting;
  imageWidth?: number;
  hoverEnabled: boolean;
  hoverSections: ReadonlySet<HoverSection>;
  normalizePreset: NormalizePreset;
  normalizeOptions: NormalizeOptions;
  /** Language ids, or `undefined` for every language. */
  languages?: ReadonlySet<string>;
  limits: Limits;
  /** `ampUrl.diagnostics.enabled`: the opt-in Problems. */
  diagnosticsEnabled: boolean;
  /** `ampUrl.workspace.maxFileSize`: workspace commands skip larger files (bytes). */
  workspaceMaxFileSize: number;
  /** Problems found while reading the settings, for the log / a one-time warning. */
  problems: string[];
}

export const DEFAULT_LIMITS: Limits = { maxLineLength: 100_000, maxDocumentSize: 10_000_000 };

/** Reads one setting; `undefined` when unset. Matches `WorkspaceConfiguration.get`. */
export type ConfigGetter = (key: string) => unknown;

/**
 * Settings a repository must not choose for the user (package.json `restrictedConfigurations`,
 * kept equal by a unit test): custom caches name hosts, limits of 1e12 switch off the ask-first
 * prompt, the normalize steps rewrite URLs (forceHttp, query removal) without the user seeing,
 * a workspace maxFileSize of 1e12 makes the workspace commands read and plan any file, and the
 * Problems (with the fix-all they drive) are work on every keystroke the user did not ask for.
 */
export const RESTRICTED_SETTINGS = [
  'customCaches',
  'limits.maxLineLength',
  'limits.maxDocumentSize',
  'normalize.preset',
  'normalize.steps',
  'diagnostics.enabled',
  'workspace.maxFileSize',
] as const;

/** The levels of a setting that an untrusted workspace cannot write (`WorkspaceConfiguration.inspect`). */
export interface UserLevels {
  defaultValue?: unknown;
  globalValue?: unknown;
}

/**
 * The getter `readSettings` reads through. In an untrusted workspace a restricted setting comes
 * from the user's settings (or its default) only, whatever the workspace or folder sets: VS Code
 * already skips restricted workspace values, but an older or other host might not, so the
 * extension does not rely on it.
 */
export function trustAwareGetter(
  get: ConfigGetter,
  inspect: (key: string) => UserLevels | undefined,
  trusted: boolean,
): ConfigGetter {
  if (trusted) return get;
  const restricted = new Set<string>(RESTRICTED_SETTINGS);
  return (key) => {
    if (!restricted.has(key)) return get(key);
    const levels = inspect(key);
    return levels?.globalValue ?? levels?.defaultValue;
  };
}

// A DNS name: labels of letters, digits and hyphens. Custom cache domains must be one.
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

function customCaches(raw: unknown, problems: string[], t: Localize): AmpCache[] {
  if (!Array.isArray(raw)) return [];
  const out: AmpCache[] = [];
  for (const item of raw as unknown[]) {
    const rec = (item ?? {}) as Record<string, unknown>;
    const id = typeof rec.id === 'string' ? rec.id.trim() : '';
    const domain =
      typeof rec.cacheDomain === 'string'
        ? rec.cacheDomain.trim().toLowerCase().replace(/\.$/, '')
        : '';
    if (!id || !HOSTNAME.test(domain)) {
      problems.push(
        t('ampUrl.customCaches: ignored an entry without a valid "id" and "cacheDomain".'),
      );
      continue;
    }
    const name = typeof rec.name === 'string' && rec.name.trim() ? rec.name.trim() : id;
    out.push({ id, name, cacheDomain: domain });
  }
  return out;
}

/** A setting's value for a message: JSON, at most 40 characters. */
function settingValue(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined for undefined or a function
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function positiveInt(raw: unknown, fallback: number): number {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : fallback;
}

function sections(raw: unknown): Set<HoverSection> {
  if (!Array.isArray(raw)) return new Set(HOVER_SECTIONS);
  return new Set(
    raw.filter((s): s is HoverSection => (HOVER_SECTIONS as readonly unknown[]).includes(s)),
  );
}

function languages(raw: unknown): Set<string> | undefined {
  if (!Array.isArray(raw)) return undefined;
  const ids = raw.filter((s): s is string => typeof s === 'string' && s.length > 0);
  return ids.length === 0 || ids.includes('*') ? undefined : new Set(ids);
}

function normalizeOptions(preset: NormalizePreset, steps: unknown): NormalizeOptions {
  const options: Record<string, unknown> = { ...NORMALIZE_PRESETS[preset] };
  if (steps && typeof steps === 'object' && !Array.isArray(steps)) {
    // Only boolean steps are taken: a step set here overrides the preset.
    for (const [key, value] of Object.entries(steps))
      if (typeof value === 'boolean') options[key] = value;
  }
  return options;
}

/**
 * The cache a value of `ampUrl.cache` (or `--cache`) selects among `custom` (the custom caches in
 * force: none in an untrusted workspace). A custom cache's own id still selects it, as it did
 * before `custom` existed; anything else is refused with a one-line reason naming the setting.
 */
function selectCache(
  value: unknown,
  custom: readonly AmpCache[],
  trusted: boolean,
  t: Localize = format,
): { value: AmpCache; error?: undefined } | { value?: undefined; error: string } {
  const id = value ?? DEFAULT_CACHE_ID;
  const registered = AMP_CACHES.find((c) => c.id === id);
  if (registered) return { value: registered };
  // The registered caches named from the table: `google or bing`.
  const registeredIds = orList(REGISTERED_CACHE_IDS);
  if (id === 'custom') {
    if (custom.length) return { value: custom[0] };
    return {
      error: trusted
        ? t(
            'ampUrl.cache is "custom" but ampUrl.customCaches has no valid cache: add one, or choose {0}.',
            registeredIds,
          )
        : t(
            'ampUrl.cache is "custom" but custom caches are ignored in Restricted Mode: trust the workspace, or choose {0}.',
            registeredIds,
          ),
    };
  }
  const legacy = custom.find((c) => c.id === id);
  if (legacy) return { value: legacy };
  // The value comes from workspace settings (any repository): quoted and cut, never rendered.
  return {
    error: trusted
      ? t('ampUrl.cache: unknown cache {0}: choose {1}.', settingValue(id), orList(CACHE_CHOICES))
      : t(
          'ampUrl.cache: unknown cache {0} (custom caches are ignored in Restricted Mode): choose {1}.',
          settingValue(id),
          registeredIds,
        ),
  };
}

/** Sanitizes raw settings. `trusted` is false in an untrusted workspace: custom caches are ignored. */
export function readSettings(get: ConfigGetter, trusted: boolean, t: Localize = format): Settings {
  const problems: string[] = [];
  const custom = trusted ? customCaches(get('customCaches'), problems, t) : [];
  const caches = [...AMP_CACHES, ...custom];
  const selected = selectCache(get('cache'), custom, trusted, t);
  if (selected.error !== undefined) problems.push(selected.error);
  const servingRaw = get('servingType');
  const servingType: ServingTypeSetting =
    servingRaw === 'auto' || isServingType(servingRaw) ? servingRaw : 'c';
  const width = get('imageWidth');
  const presetRaw = get('normalize.preset');
  const normalizePreset: NormalizePreset =
    typeof presetRaw === 'string' && presetRaw in NORMALIZE_PRESETS
      ? (presetRaw as NormalizePreset)
      : 'safe';
  return {
    cache: selected.value,
    cacheError: selected.error,
    caches,
    servingType,
    imageWidth:
      typeof width === 'number' && Number.isInteger(width) && width > 0 ? width : undefined,
    hoverEnabled: get('hover.enabled') !== false,
    hoverSections: sections(get('hover.sections')),
    normalizePreset,
    normalizeOptions: normalizeOptions(normalizePreset, get('normalize.steps')),
    languages: languages(get('languages')),
    limits: {
      maxLineLength: positiveInt(get('limits.maxLineLength'), DEFAULT_LIMITS.maxLineLength),
      maxDocumentSize: positiveInt(get('limits.maxDocumentSize'), DEFAULT_LIMITS.maxDocumentSize),
    },
    diagnosticsEnabled: get('diagnostics.enabled') === true,
    workspaceMaxFileSize: maxFileSize(get('workspace.maxFileSize')),
    problems,
  };
}
