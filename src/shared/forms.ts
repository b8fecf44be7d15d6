// Every form of one URL for the current settings: what the hover shows and "Show all forms" lists.
import {
  AMP_CACHES,
  cacheOrigin,
  canonicalize,
  hashPrefixes,
  normalize,
  publisherDomain,
} from '../core';
import { classify, originOf, type UrlKind } from './classify';
import { format, type Localize } from './localize';
import { attempt, type Outcome } from './outcome';
import { HOVER_SECTIONS, type HoverSection, type Settings } from './settings';
import { makeTransform } from './transforms';

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
}

export interface HashLine {
  expression: string;
  hex: string;
}

export interface UrlForms {
  url: string;
  kind: UrlKind;
  forms: Form[];
  /** Safe Browsing expressions with their 4-byte hash prefixes (when that section is on). */
  hashes?: Outcome<HashLine[]>;
}

export type FormSettings = Pick<
  Settings,
  'cache' | 'caches' | 'servingType' | 'imageWidth' | 'normalizeOptions'
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
  const caches = other ? s.caches.filter((c) => c.id !== s.cache.id) : [s.cache];
  return caches.flatMap((cache) => {
    const suffix = other ? `:${cache.id}` : '';
    const section: HoverSection = other ? 'otherCaches' : 'cache';
    const r = makeTransform('cache', { ...s, cache }, {}, t)(url);
    return [
      form(
        `cache${suffix}`,
        section,
        t('AMP Cache URL ({0})', cache.name),
        r.skip !== undefined ? { error: r.skip } : { value: r.text },
      ),
      form(
        `cacheOrigin${suffix}`,
        section,
        t('Cache origin, as in a CORS Origin header ({0})', cache.name),
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
      t('Publisher URL'),
      r.skip !== undefined ? { error: r.skip } : { value: r.text },
    );
    return [r.notes?.length ? { ...f, notes: r.notes } : f];
  }
  const origin = originOf(url);
  const direct = attempt(() => publisherDomain(origin, { caches: s.caches }), t);
  if (direct.error !== undefined || direct.value !== null) {
    return [form('publisherDomain', 'publisher', t('Publisher domain'), direct as Outcome<string>)];
  }
  // A hashed prefix: only a known domain that hashes to it can be named (spec: reverse, step 2).
  const candidates = o.candidates ? [...o.candidates()] : [];
  const matched = candidates.length
    ? attempt(() => publisherDomain(origin, { caches: s.caches, candidates }), t)
    : { value: null };
  if (matched.value) {
    return [
      form(
        'publisherDomain',
        'publisher',
        t(
          "Publisher domain (hashed: can't be reversed; matched against the domains in this document)",
        ),
        { value: matched.value },
      ),
    ];
  }
  return [
    form('publisherDomain', 'publisher', t('Publisher domain'), {
      error: t("hashed: can't be reversed, and no domain in this document hashes to it"),
    }),
  ];
}

/** All forms of `url` for the sections asked (all by default). Never throws. */
export function computeForms(url: string, s: FormSettings, o: FormOptions = {}): UrlForms {
  const t = o.t ?? format;
  const on = o.sections ?? new Set(HOVER_SECTIONS);
  const { kind } = classify(url, s.caches.length ? s.caches : AMP_CACHES);
  const forms: Form[] = [];
  if (kind === 'publisher') {
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
        t('Safe Browsing canonical form'),
        attempt(() => canonicalize(url), t),
      ),
    );
  if (on.has('normalized'))
    forms.push(
      form(
        'normalized',
        'normalized',
        t('RFC 3986 normalized'),
        attempt(() => normalize(url, s.normalizeOptions), t),
      ),
    );
  const result: UrlForms = { url, kind, forms };
  if (on.has('hashPrefixes')) {
    result.hashes = attempt(
      () => hashPrefixes(url, 4).map((h) => ({ expression: h.expression, hex: h.hex })),
      t,
    );
  }
  return result;
}
