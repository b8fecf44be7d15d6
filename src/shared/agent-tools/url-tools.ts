// The URL tools' answers (definitions.ts): plain data built by the same functions as the hover,
// Show all forms and the command-line tool, with the same settings. Never Markdown: a URL's text
// is a value in the answer, never markup around it (the answer is JSON, json.ts).
import {
  NORMALIZE_PRESETS,
  absoluteUrl,
  canonicalize,
  hashPrefixes,
  type HashPrefixLength,
} from '../../core';
import { cacheOriginOf } from '../cache-origins';
import { classify } from '../classify';
import { computeForms } from '../forms';
import { format, type Localize } from '../localize';
import { attempt } from '../outcome';
import type { Settings } from '../settings';
import { makeConversion } from '../transforms';
import type { ToolName } from './definitions';

/** What a URL tool needs of the settings (the editor's `ampUrl.*`, or the CLI's flags). */
export type ToolSettings = Pick<
  Settings,
  'cache' | 'cacheError' | 'caches' | 'servingType' | 'imageWidth' | 'normalizeOptions'
>;

/** A tool's answer, or why it refused the input as a whole. */
export type ToolAnswer = { data: unknown; error?: undefined } | { error: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function formsOf(input: Record<string, unknown>, s: ToolSettings, t: Localize): ToolAnswer {
  const url = absoluteUrl(str(input.url) ?? '');
  const r = computeForms(url, s, { t });
  return {
    data: {
      url: r.url,
      kind: r.kind,
      ...(r.file === undefined ? {} : { ampProjectFile: r.file }),
      forms: r.forms.map((f) => ({
        id: f.id,
        name: f.label,
        value: f.value ?? null,
        error: f.error ?? null,
        ...(f.notes?.length ? { notes: f.notes } : {}),
      })),
      hashPrefixes: r.hashes?.value?.map((h) => ({ expression: h.expression, hex: h.hex })) ?? null,
      ...(r.hashes?.error === undefined ? {} : { hashPrefixesError: r.hashes.error }),
    },
  };
}

/** One URL de-AMPed: an AMP Cache or viewer page URL to its publisher URL, any other unchanged. */
function deampOne(input: string, s: ToolSettings, t: Localize) {
  const url = absoluteUrl(input);
  const kind = classify(url, s.caches).kind;
  if (kind !== 'cache' && kind !== 'viewer')
    return { input, kind, output: input, changed: false, error: null };
  const r = makeConversion('publisher', s, {}, t)(url);
  if (r.skip !== undefined) return { input, kind, output: null, changed: false, error: r.skip };
  return {
    input,
    kind,
    output: r.text,
    changed: true,
    error: null,
    ...(r.notes?.length ? { notes: r.notes } : {}),
  };
}

function deamp(input: Record<string, unknown>, s: ToolSettings, t: Localize): ToolAnswer {
  const urls = Array.isArray(input.urls) ? input.urls.map((u) => String(u)) : [];
  return { data: { results: urls.map((u) => deampOne(u, s, t)) } };
}

function cacheOf(input: Record<string, unknown>, s: ToolSettings, t: Localize): ToolAnswer {
  const url = absoluteUrl(str(input.url) ?? '');
  const id = str(input.cache);
  let settings = s;
  if (id !== undefined) {
    const cache = s.caches.find((c) => c.id === id);
    if (!cache)
      return {
        error: `amp_url_cache: no cache ${JSON.stringify(id)}; caches: ${s.caches.map((c) => c.id).join(', ')}`,
      };
    settings = { ...s, cache, cacheError: undefined };
  }
  const kind = classify(url, s.caches).kind;
  const converted =
    kind === 'publisher' ? makeConversion('cache', settings, {}, t)(url) : undefined;
  const origin = cacheOriginOf(url, settings, t);
  return {
    data: {
      url,
      kind,
      cache: settings.cache?.name ?? null,
      cacheUrl: converted?.text ?? null,
      cacheUrlError:
        converted === undefined
          ? t('not a publisher URL: only a publisher page has an AMP Cache URL')
          : (converted.skip ?? null),
      cacheOrigin: origin.value?.origin ?? null,
      cacheOriginError: origin.error ?? null,
    },
  };
}

function safeBrowsing(input: Record<string, unknown>, t: Localize): ToolAnswer {
  const url = absoluteUrl(str(input.url) ?? '');
  const length = (typeof input.hashLength === 'number' ? input.hashLength : 4) as HashPrefixLength;
  const canonical = attempt(() => canonicalize(url), t);
  const hashes = attempt(() => hashPrefixes(url, length), t);
  return {
    data: {
      url,
      canonical: canonical.value ?? null,
      error: canonical.error ?? hashes.error ?? null,
      hashLength: length,
      expressions:
        hashes.value?.map((h) => ({ expression: h.expression, hex: h.hex, base64: h.base64 })) ??
        [],
    },
  };
}

function normalized(input: Record<string, unknown>, s: ToolSettings, t: Localize): ToolAnswer {
  const url = absoluteUrl(str(input.url) ?? '');
  const preset = str(input.preset);
  const options =
    preset !== undefined && Object.hasOwn(NORMALIZE_PRESETS, preset)
      ? NORMALIZE_PRESETS[preset as keyof typeof NORMALIZE_PRESETS]
      : s.normalizeOptions;
  const r = makeConversion('normalized', s, { normalizeOptions: options }, t)(url);
  return {
    data: {
      url,
      preset: preset ?? 'configured',
      normalized: r.text ?? null,
      error: r.skip ?? null,
    },
  };
}

/**
 * The answer of a URL tool to an input already checked (checkInput). The workspace search reads
 * files, which each front end does its own way: it is not answered here.
 */
export function answerUrlTool(
  name: Exclude<ToolName, 'amp_url_find_amp_urls'>,
  input: Record<string, unknown>,
  s: ToolSettings,
  t: Localize = format,
): ToolAnswer {
  switch (name) {
    case 'amp_url_forms':
      return formsOf(input, s, t);
    case 'amp_url_deamp':
      return deamp(input, s, t);
    case 'amp_url_cache':
      return cacheOf(input, s, t);
    case 'amp_url_safe_browsing':
      return safeBrowsing(input, t);
    case 'amp_url_normalize':
      return normalized(input, s, t);
  }
}
