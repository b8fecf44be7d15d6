// Every form of one URL for the current settings: what the hover shows and "Show all forms" lists.
import {
  AMP_CACHES,
  cacheOrigin,
  canonicalize,
  hashPrefixes,
  normalize,
  publisherDomain,
} from '../core';
import type { AmpProjectFile } from '../core';
import { cacheOriginOf, noCache } from './cache-origins';
import { classify, originOf, type UrlKind } from './classify';
import { format, type Localize } from './localize';
import { attempt, type Outcome } from './outcome';
import { HOVER_SECTIONS, type HoverSection, type Settings } from './settings';
import { makeTransform } from './transforms';
import { formName } from './names';

export interface Form {
  /** Stable id (`cache`, `cacheOrigin`, `cache:bing`, `publisher`, `publisherDomain`, `canonical`, `normalized`). */
  id: string;
  section: HoverSection;
  label: string;
  value?: string;
  error?: string;
  /** Worth offering "Open" (an http(s) URL). */
  openable: boolean;
  /** The cache's name, on the forms of one cache (the hover's short label). */
  cache?: string;
  /** What the user should know about the value: the reverse's warnings, parameters it removed. */
  notes?: string[];
  /** A hashed cache prefix's publisher domain, found among the document's domains. */
  matched?: boolean;
}

export interface HashLine {
  expression: string;
  hex: string;
}

export interface UrlForms {
  url: string;
  kind: UrlKind;
  /** What a `project` URL is (`AMP runtime script`). */
  file?: AmpProjectFile;
  forms: Form[];
  /** Safe Browsing expressions with their 4-byte hash prefixes (when that section is on). */
  hashes?: Outcome<HashLine[]>;
}

export type FormSettings = Pick<
  Settings,
  'cache' | 'cacheError' | 'caches' | 'servingType' | 'imageWidth' | 'normalizeOptions'
>;

export interface FormOptions {
  sections?: ReadonlySet<HoverSection>;
  /** Hosts that may be behind a hashed cache prefix (the document's URLs); called only when needed. */
  candidates?: () => Iterable<string>;
  t?: Localize;
}

function form(id: string, section: HoverSection, label: string, o: Outcome<string>): Form {
  const openable = o.value !== undefined && /^https?:\/\//i.test(o.value);
  return { id, section, label, value: o.value, error: o.error, openable };
}

function cacheForms(url: string, s: FormSettings, t: Localize, other: boolean): Form[] {
  const selected = s.cache;
  // No configured cache: the section says why in one line; the other caches still show.
  if (!selected && !other)
    return [form('cache', 'cache', formName('cache', t), { error: noCache(s, t) })];
  const caches = other ? s.caches.filter((c) => c.id !== selected?.id) : selected ? [selected] : [];
  return caches.flatMap((cache) => {
    const suffix = other ? `:${cache.id}` : '';
    const section: HoverSection = other ? 'otherCaches' : 'cache';
    const r = makeTransform('cache', { ...s, cache }, {}, t)(url);
    return [
      form(
        `cache${suffix}`,
        section,
        formName('cache', t, cache.name),
        r.skip !== undefined ? { error: r.skip } : { value: r.text },
      ),
      form(
        `cacheOrigin${suffix}`,
        section,
        formName('cacheOrigin', t, cache.name),
        attempt(() => cacheOrigin(url, cache.cacheDomain), t),
      ),
    ].map((f) => ({ ...f, cache: cache.name }));
  });
}

function reverseForms(
  url: string,
  kind: UrlKind,
  s: FormSettings,
  o: FormOptions,
  t: Localize,
): Form[] {
  if (kind === 'cache' || kind === 'viewer') {
    const r = makeTransform('publisher', s, {}, t)(url);
    const f = form(
      'publisher',
      'publisher',
      formName('publisher', t),
      r.skip !== undefined ? { error: r.skip } : { value: r.text },
    );
    const forms = [r.notes?.length ? { ...f, notes: r.notes } : f];
    // The Origin the page sends from the cache: the viewer's (its host) is not the one CORS sees.
    if (kind === 'viewer') {
      const o = cacheOriginOf(url, s, t);
      if (o.value !== undefined)
        forms.push({
          ...form('cacheOrigin', 'publisher', formName('cacheOrigin', t, o.value.cache), {
            value: o.value.origin,
          }),
          cache: o.value.cache,
        });
    }
    return forms;
  }
  const origin = originOf(url);
  const direct = attempt(() => publisherDomain(origin, { caches: s.caches }), t);
  if (direct.error !== undefined || direct.value !== null) {
    return [
      form(
        'publisherDomain',
        'publisher',
        formName('publisherDomain', t),
        direct as Outcome<string>,
      ),
    ];
  }
  // A hashed prefix: only a known domain that hashes to it can be named (spec: reverse, step 2).
  const candidates = o.candidates ? [...o.candidates()] : [];
  const matched = candidates.length
    ? attempt(() => publisherDomain(origin, { caches: s.caches, candidates }), t)
    : { value: null };
  if (matched.value) {
    return [
      {
        ...form('publisherDomain', 'publisher', formName('publisherDomain', t), {
          value: matched.value,
        }),
        matched: true,
      },
    ];
  }
  return [
    form('publisherDomain', 'publisher', formName('publisherDomain', t), {
      error: t("hashed: can't be reversed, and no domain in this document hashes to it"),
    }),
  ];
}

/** All forms of `url` for the sections asked (all by default). Never throws. */
export function computeForms(url: string, s: FormSettings, o: FormOptions = {}): UrlForms {
  const t = o.t ?? format;
  const on = o.sections ?? new Set(HOVER_SECTIONS);
  const { kind, file } = classify(url, s.caches.length ? s.caches : AMP_CACHES);
  const forms: Form[] = [];
  if (kind === 'project') {
    // The AMP project's own file: no publisher page, so no cache form and nothing to reverse.
  } else if (kind === 'publisher') {
    if (on.has('cache')) forms.push(...cacheForms(url, s, t, false));
    if (on.has('otherCaches')) forms.push(...cacheForms(url, s, t, true));
  } else if (on.has('publisher')) {
    forms.push(...reverseForms(url, kind, s, o, t));
  }
  if (on.has('canonical'))
    forms.push(
      form(
        'canonical',
        'canonical',
        formName('canonical', t),
        attempt(() => canonicalize(url), t),
      ),
    );
  if (on.has('normalized'))
    forms.push(
      form(
        'normalized',
        'normalized',
        formName('normalized', t),
        attempt(() => normalize(url, s.normalizeOptions), t),
      ),
    );
  const result: UrlForms = file === undefined ? { url, kind, forms } : { url, kind, file, forms };
  if (on.has('hashPrefixes')) {
    result.hashes = attempt(
      () => hashPrefixes(url, 4).map((h) => ({ expression: h.expression, hex: h.hex })),
      t,
    );
  }
  return result;
}
