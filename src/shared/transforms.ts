// The four conversions the commands apply to a URL, as functions that never throw: each
// gives the new text or the reason the URL is skipped.
import {
  cacheUrl,
  canonicalize,
  normalize,
  publisherDomain,
  reverseAmpUrl,
  type AmpCache,
  type NormalizeOptions,
  type ReverseWarningCode,
  type ServingType,
} from '../core';
import { isPlainPublisherUrl, quietPublisherUrl } from '../core/amp/fast-path';
import { splitUri } from '../core/common/uri';
import { classify, originOf, servingTypeFor } from './classify';
import { format, type Localize } from './localize';
import { noCache } from './cache-origins';
import { attempt } from './outcome';
import { ampLinkRelAt } from './link-rel';
import { formName, projectFileName } from './names';
import type { Settings } from './settings';
import type { Target } from './targets';

/**
 * The new text (with `notes` worth telling: warnings, removed parameters; `warnings` the
 * warnings alone, `warningCodes` their codes in the same order) or why the URL is skipped.
 * `quiet`: a skip that tells nothing (a URL already in the form asked for, or not of the kind
 * converted): reports count it without listing it.
 */
export type TransformResult =
  | {
      text: string;
      skip?: undefined;
      notes?: string[];
      warnings?: string[];
      warningCodes?: ReverseWarningCode[];
    }
  | {
      text?: undefined;
      skip: string;
      notes?: undefined;
      warnings?: undefined;
      warningCodes?: undefined;
      quiet?: boolean;
    };
/** Where the URL is written, when the caller knows: some URLs are left for what holds them. */
export interface UrlPlace {
  text: string;
  start: number;
}
export type Transform = (url: string, at?: UrlPlace) => TransformResult;

/** Per-call overrides (the commands' programmatic arguments). */
export interface TransformOverrides {
  cache?: AmpCache;
  servingType?: ServingType;
  imageWidth?: number;
  normalizeOptions?: NormalizeOptions;
}

export type TransformSettings = Pick<
  Settings,
  'cache' | 'cacheError' | 'caches' | 'servingType' | 'imageWidth' | 'normalizeOptions'
>;

function toCache(
  url: string,
  s: TransformSettings,
  o: TransformOverrides,
  t: Localize,
  at: UrlPlace | undefined,
): TransformResult {
  const { kind, file } = classify(url, s.caches);
  if (kind === 'project')
    return {
      skip: t('an {0} of the AMP project, not a publisher page', projectFileName(file, t)),
    };
  if (kind === 'viewer') return { skip: t('an AMP viewer URL') };
  if (kind !== 'publisher') return { skip: t('already an AMP Cache URL'), quiet: true };
  const imageWidth = o.imageWidth ?? s.imageWidth;
  const servingType = o.servingType ?? servingTypeFor(url, s.servingType, imageWidth);
  const cache = o.cache ?? s.cache;
  // No cache selected (`custom` without one, an unknown id): refuse with the setting's reason.
  if (!cache) return { skip: noCache(s, t) };
  const cacheDomain = cache.cacheDomain;
  // The width belongs to `ii` only (the core refuses it with any other serving type).
  const options = {
    cacheDomain,
    servingType,
    imageWidth: servingType === 'ii' ? imageWidth : undefined,
  };
  const rel = at && ampLinkRelAt(at.text, at.start);
  if (rel)
    return {
      skip: t(
        'the rel={0} link of an AMP page names the publisher page on purpose (the caches read it so)',
        rel,
      ),
    };
  const r = attempt(() => cacheUrl(url, options), t);
  return r.error !== undefined ? { skip: r.error } : { text: r.value };
}

/**
 * The publisher URL of an AMP cache or viewer URL (every shape the core's hosts table knows),
 * with the reverse's warnings and the parameters it removed as notes.
 */
function toPublisher(
  url: string,
  s: TransformSettings,
  t: Localize,
  quick: QuickPublisher,
): TransformResult {
  const answer = quick.answer(url);
  if (typeof answer === 'string') return { text: answer };
  const refused: TransformResult = { skip: quick.refusal, quiet: true };
  if (answer === null) return refused;
  const { kind, file } = classify(url, s.caches);
  if (kind === 'publisher') return refused;
  // The cache's own host (`https://www.bing-amp.com`) serves no publisher page: said so, rather
  // than what its first label lacks as a domain prefix.
  const own = (reason: string): TransformResult => {
    const host = ownCacheHost(url, s.caches);
    if (!host) return { skip: reason };
    return {
      skip: t(
        "{0} is the {1}'s own host, not a page it serves: an AMP Cache URL names the publisher page in its path, like https://example-com.{0}/c/s/example.com/",
        host.cacheDomain,
        host.name,
      ),
    };
  };
  if (kind === 'project') {
    const reason = t(
      'an {0} of the AMP project: it names no publisher page',
      projectFileName(file, t),
    );
    return /^\/?$/.test(splitUri(url).path) ? own(reason) : { skip: reason };
  }
  if (kind === 'cache' || kind === 'viewer') {
    const r = attempt(() => reverseAmpUrl(url, { caches: s.caches }), t);
    if (r.error !== undefined) return own(r.error);
    const notes = [...r.value.warnings];
    if (r.value.removed.length) notes.push(t('removed {0}', r.value.removed.join(', ')));
    if (!notes.length) return { text: r.value.url };
    // The warnings apart too, with their codes: a change with one deserves a look (reviewReason).
    return r.value.warnings.length
      ? {
          text: r.value.url,
          notes,
          warnings: r.value.warnings,
          warningCodes: r.value.warningCodes,
        }
      : { text: r.value.url, notes };
  }
  // A bare origin gives a domain only: the publisher's scheme cannot be known (spec: reverse).
  const r = attempt(() => publisherDomain(originOf(url), { caches: s.caches }), t);
  if (r.error !== undefined) return own(r.error);
  return r.value === null
    ? { skip: t("hashed {0}: can't be reversed", formName('cacheOrigin', t)) }
    : { text: r.value };
}

/**
 * The publisher conversion's two common answers, told without classifying the URL: `answer`
 * gives the publisher URL of a cache URL with nothing to note, null for a URL whose host as
 * written is surely no AMP host (refused with `refusal`, the conversion's own words), and
 * undefined for anything else, which the full conversion reads. The command-line tool asks it of
 * every line of a list before building a record; the conversion takes it first.
 */
export interface QuickPublisher {
  answer(url: string): string | null | undefined;
  readonly refusal: string;
}

export function makeQuickPublisher(
  caches: readonly AmpCache[],
  t: Localize = format,
): QuickPublisher {
  // classify's own first test (ampUrlKind), so its answer would be `publisher`.
  const plain = Array.isArray(caches) ? isPlainPublisherUrl : () => false;
  return {
    answer: (url) => quietPublisherUrl(url, caches) ?? (plain(url, caches) ? null : undefined),
    refusal: t('not an AMP Cache or AMP viewer URL'),
  };
}

/** The cache whose own host (its cache domain, not a publisher's subdomain) `url` is on. */
function ownCacheHost(url: string, caches: readonly AmpCache[]): AmpCache | undefined {
  const host = (splitUri(url).authority ?? '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
  return caches.find((c) => c.cacheDomain.toLowerCase() === host);
}

/**
 * The conversion for `target` as a pipeline wants it: a URL already in that form gives itself
 * (the command-line tool prints it; an editor has nothing to replace, see makeTransform).
 */
export function makeConversion(
  target: Target,
  s: TransformSettings,
  o: TransformOverrides = {},
  t: Localize = format,
): Transform {
  const quick = makeQuickPublisher(s.caches, t);
  return (url: string, at?: UrlPlace): TransformResult => {
    switch (target) {
      case 'cache':
        return toCache(url, s, o, t, at);
      case 'publisher':
        return toPublisher(url, s, t, quick);
      case 'canonical': {
        const r = attempt(() => canonicalize(url), t);
        return r.error !== undefined ? { skip: r.error } : { text: r.value };
      }
      case 'normalized': {
        const options = o.normalizeOptions ?? s.normalizeOptions;
        const r = attempt(() => normalize(url, options), t);
        return r.error !== undefined ? { skip: r.error } : { text: r.value };
      }
    }
  };
}

/** The conversion for `target`; the result says `skip` when the URL is already in that form. */
export function makeTransform(
  target: Target,
  s: TransformSettings,
  o: TransformOverrides = {},
  t: Localize = format,
): Transform {
  const raw = makeConversion(target, s, o, t);
  return (url, at) => {
    const result = raw(url, at);
    return result.text === url ? { skip: t('already in this form'), quiet: true } : result;
  };
}

/**
 * "Replace AMP URLs with publisher URLs": every AMP cache or viewer URL to its publisher URL
 * (with the reverse's notes); anything else is left, with the reason. A bare cache origin names
 * no page (its publisher's scheme is unknown), so it is left too.
 */
export function deAmpTransform(s: TransformSettings, t: Localize = format): Transform {
  const toPublisherUrl = makeTransform('publisher', s, {}, t);
  return (url) => {
    const { kind } = classify(url, s.caches);
    if (kind === 'publisher' || kind === 'project')
      return { skip: t('not an AMP URL'), quiet: true };
    if (kind === 'cacheOrigin') return { skip: t('an AMP Cache origin, not a page URL') };
    return toPublisherUrl(url);
  };
}
