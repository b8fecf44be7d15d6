// Shared fast-check arbitraries for fuzzing the core (issue 7): hostile, mutated and real URLs,
// cache URLs of both caches with every serving type, and text to search for URLs.
// Pieces are picked to hit each rule of the specs and each trap of a hand-written parser.
import * as fc from 'fast-check';
import {
  AMP_CACHES,
  MAX_IMAGE_WIDTH,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  SERVING_TYPES,
  type NormalizeOptions,
  type ServingType,
} from '../../src/core';

import {
  pick,
  UNICODE,
  CONTROLS,
  ESCAPES,
  IPV4,
  IPV6,
  LABELS,
  LONG,
  SCHEMES,
  USERINFO,
  PORTS,
  PATH_PIECES,
  QUERY_PIECES,
  FRAGMENT_PIECES,
} from './url-pieces';

const hostPiece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...LABELS) },
  { weight: 4, arbitrary: pick('.', '.', '..') },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 2, arbitrary: fc.constantFrom(...ESCAPES) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 1, arbitrary: pick('\\', ':', '@', '/', '?', '#', '[', ']') },
);

/** Hosts: plain domains, IDNs, IP literals in every form, escaped, overlong and broken ones. */
export const hostArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(hostPiece, { minLength: 1, maxLength: 8 }).map((a) => a.join('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...IPV4) },
  { weight: 2, arbitrary: fc.constantFrom(...IPV6) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
);

const piecesOf = (pieces: string[], maxLength: number): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.constantFrom(...ESCAPES) },
        { weight: 1, arbitrary: fc.constantFrom(...UNICODE) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTROLS) },
      ),
      { maxLength },
    )
    .map((a) => a.join(''));

/** Structured hostile URLs: scheme, userinfo, host, port, path, query and fragment, each from its trap list. */
export const hostileUrlArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...SCHEMES),
    fc.option(fc.constantFrom(...USERINFO), { nil: '', freq: 6 }),
    hostArb,
    fc.option(fc.constantFrom(...PORTS), { nil: '', freq: 4 }),
    piecesOf(PATH_PIECES, 10),
    fc.option(
      piecesOf(QUERY_PIECES, 6).map((q) => `?${q}`),
      { nil: '' },
    ),
    fc.option(
      piecesOf(FRAGMENT_PIECES, 3).map((f) => `#${f}`),
      { nil: '', freq: 3 },
    ),
  )
  .map(
    ([scheme, user, host, port, path, query, fragment]) =>
      `${scheme}${user}${host}${port}${path && !/^[/\\]/.test(path) ? '/' : ''}${path}${query}${fragment}`,
  );

/** A random edit of a string: insert, delete, duplicate or replace a slice with something hostile. */
function mutate(
  base: string,
  edits: { at: number; len: number; kind: number; insert: string }[],
): string {
  let s = base;
  for (const { at, len, kind, insert } of edits) {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    const j = Math.min(s.length, i + len);
    if (kind === 0) s = s.slice(0, i) + insert + s.slice(i);
    else if (kind === 1) s = s.slice(0, i) + s.slice(j);
    else if (kind === 2) s = s.slice(0, j) + s.slice(i, j) + s.slice(j);
    else s = s.slice(0, i) + insert + s.slice(j);
  }
  return s;
}

const insertArb = fc.oneof(
  fc.constantFrom(
    ...UNICODE,
    ...CONTROLS,
    ...ESCAPES,
    ...IPV6,
    '.',
    '-',
    '/',
    '\\',
    '@',
    ':',
    '?',
    '#',
    '[',
    ']',
    '%',
    'xn--',
    '.cdn.ampproject.org',
  ),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const editArb = fc.record({
  at: fc.nat(),
  len: fc.nat({ max: 12 }),
  kind: fc.nat({ max: 3 }),
  insert: insertArb,
});

/** `base` mutated by one to four random edits. */
export const mutated = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(base, fc.array(editArb, { minLength: 1, maxLength: 4 }))
    .map(([s, edits]) => mutate(s, edits));

/** Publisher URLs a cache accepts most of the time: http(s), a domain or IP, a path, a query, a fragment. */
export const publisherUrlArb: fc.Arbitrary<string> = fc
  .tuple(
    pick('http://', 'https://', 'HTTPS://', 'Http://'),
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .array(fc.constantFrom(...LABELS.slice(0, 32), ...UNICODE.slice(0, 23)), {
            minLength: 1,
            maxLength: 4,
          })
          .map((l) => l.join('.')),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '1.2.3.4',
          '0x7f.1',
          '3279880203',
          '[::1]',
          '[2001:DB8::1]',
          'a'.repeat(63),
          `${'a'.repeat(63)}.com`,
          's',
          's.s',
        ),
      },
    ),
    pick('', '', '', ':80', ':443', ':'),
    piecesOf(
      PATH_PIECES.filter((p) => p !== '\\'),
      6,
    ).map((p) => p.replace(/[\u0000-\u0020\u007f\\]/g, '')),
    fc.option(
      piecesOf(QUERY_PIECES, 5).map((q) => `?${q.replace(/[\u0000-\u0020\u007f]/g, '')}`),
      { nil: '' },
    ),
    fc.option(pick('#', '#f', '#a?b', '#%23', '#/s/'), { nil: '' }),
  )
  .map(
    ([scheme, host, port, path, query, fragment]) =>
      `${scheme}${host}${port}${path && !path.startsWith('/') ? '/' : ''}${path}${query}${fragment}`,
  );

export const servingTypeArb: fc.Arbitrary<ServingType> = fc.constantFrom(
  ...SERVING_TYPES.map((s) => s.type),
);
export const cacheDomainArb: fc.Arbitrary<string> = fc.constantFrom(
  ...AMP_CACHES.map((c) => c.cacheDomain),
);

/** `ii` widths: small, up to MAX_IMAGE_WIDTH and past it (refused), up to the largest safe integer. */
export const imageWidthArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(MAX_IMAGE_WIDTH, MAX_IMAGE_WIDTH + 1, 999_999_999, 1e9, Number.MAX_SAFE_INTEGER),
);

/** Options of `cacheUrl`: every serving type, both caches, a width for `ii`. */
export const cacheOptionsArb = fc
  .tuple(servingTypeArb, cacheDomainArb, imageWidthArb)
  .map(([servingType, cacheDomain, width]) => ({
    servingType,
    cacheDomain,
    ...(servingType === 'ii' ? { imageWidth: width } : {}),
  }));

/** Cache-shaped URLs: readable, hashed (52 base32 characters) and junk prefixes on both caches, every serving type, mutated. */
const cacheShapedArb: fc.Arbitrary<string> = fc
  .tuple(
    pick('https://', 'http://', 'HTTPS://', '', '//'),
    fc.oneof(
      fc.stringMatching(/^[a-z0-9-]{1,70}$/),
      fc.stringMatching(/^[a-z2-7]{52}$/),
      pick(
        'example-com',
        'xn--mnchen-3ya-de',
        '0-a-0',
        '0--0',
        'a--b-com',
        'xn--zz',
        '1-2-3-4',
        's-s',
        'localhost',
      ),
    ),
    cacheDomainArb,
    servingTypeArb,
    pick('', '/w800', '/w0', '/w', '/s', '/w65535', '/w65536', '/w1000000000'),
    pick('/s', '', '/s/s'),
    fc.oneof(hostArb, pick('example.com', 's', 'a.b')),
    piecesOf(PATH_PIECES, 4),
    fc.option(
      piecesOf(QUERY_PIECES, 4).map((q) => `?${q}`),
      { nil: '' },
    ),
  )
  .map(
    ([scheme, prefix, domain, type, width, s, host, path, query]) =>
      `${scheme}${prefix}.${domain}/${type}${width}${s}/${host}${path}${query}`,
  );
export const cacheLikeUrlArb: fc.Arbitrary<string> = fc.oneof(
  cacheShapedArb,
  mutated(cacheShapedArb),
);

/** Domains for `cacheOrigin` round trips: ASCII, IDN, long, hyphenated, any case. */
export const domainArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...LABELS.slice(0, 32)) },
      { weight: 2, arbitrary: fc.constantFrom(...UNICODE.slice(0, 23)) },
      { weight: 1, arbitrary: fc.stringMatching(/^[a-zA-Z0-9-]{1,70}$/) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((labels) => labels.join('.'));

/** Any string at all, weighted towards URL-ish and hostile text. */
export const anyStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileUrlArb },
  { weight: 3, arbitrary: mutated(hostileUrlArb) },
  { weight: 1, arbitrary: cacheLikeUrlArb },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom(
        ...UNICODE,
        ...CONTROLS,
        ...ESCAPES,
        ':',
        '/',
        '.',
        'h',
        't',
        'p',
        's',
        'w',
      ),
      maxLength: 30,
    }),
  },
  {
    weight: 1,
    arbitrary: pick(
      '',
      ' ',
      '\t\n',
      'http://',
      'https://',
      'www.',
      '//',
      ':',
      '.',
      '%',
      '[',
      'http://[',
      'http:// a.com',
    ),
  },
);

/** Text to search for URLs: URLs among words, Markdown, HTML, brackets, quotes, RTL and controls. */
export const textArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: hostileUrlArb },
      {
        weight: 2,
        arbitrary: pick(
          ' ',
          '\n',
          'see ',
          ', ',
          '. ',
          '(',
          ')',
          '[',
          ']',
          '<',
          '>',
          '"',
          "'",
          '`',
          '*',
          '_',
          '](',
          '](command:x)',
          '&lt;',
          '&amp;',
          'www.',
          'http://',
          'https://',
          'https:\\/\\/',
          '\\/',
          '\\.',
          '\\"',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...UNICODE, ...CONTROLS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Any NormalizeOptions: each step on, off or absent, the three presets, and query-parameter removal. */
export const normalizeOptionsArb: fc.Arbitrary<NormalizeOptions | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    NORMALIZE_PRESETS.safe,
    NORMALIZE_PRESETS.usuallySafe,
    NORMALIZE_PRESETS.aggressive,
  ),
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...NORMALIZE_STEPS.map((s) => s.key)), fc.boolean()),
      fc.option(
        fc.oneof(
          fc.boolean(),
          fc.array(pick('index.html', 'default.asp', '', 'a/b', '%2e'), { maxLength: 3 }),
        ),
        { nil: undefined },
      ),
      fc.option(
        fc.array(
          fc.oneof(pick('utm_source', 'a', '', '%20', 'amp_js_v'), pick(/^utm_/, /a/i, /^$/)),
          { maxLength: 3 },
        ),
        { nil: undefined },
      ),
    )
    .map(([steps, removeDirectoryIndex, removeQueryParams]): NormalizeOptions => ({
      ...(steps as NormalizeOptions),
      ...(removeDirectoryIndex !== undefined ? { removeDirectoryIndex } : {}),
      ...(removeQueryParams !== undefined ? { removeQueryParams } : {}),
    })),
);
