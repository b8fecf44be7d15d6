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

const pick = <T>(...items: T[]): fc.Arbitrary<T> => fc.constantFrom(...items);

/** Unicode that IDNA, Bidi and UTF-16 handling get wrong: astral, combining, RTL, joiners, lone surrogates. */
export const UNICODE = [
  '\u00fc',
  '\u00df',
  '\u03c2',
  '\u0130',
  '\u212a',
  '\u4f8b',
  '\u30c6\u30b9\u30c8',
  '\uff11',
  '\uff0e',
  '\u3002',
  '\uff61',
  '\u{1F60A}',
  '\u{1D518}',
  '\u{10FFFF}',
  '\u{E0001}',
  '\u{1F468}\u200D\u{1F469}',
  'e\u0301',
  '\u0301',
  '\u0300\u0301\u0302',
  '\u05e9\u05dc\u05d5\u05dd',
  '\u0645\u062b\u0627\u0644',
  'a\u05d0',
  '\u05d01',
  '\u202e',
  '\u200f',
  '\u061c',
  '\u200d',
  '\u200c',
  '\u0915\u094d\u200d',
  '\ud800',
  '\udc00',
  '\ufeff',
  '\u00ad',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\u0085',
  '\ufffd',
  '\u0130\u0307',
];
/** Controls and whitespace, which URL parsers strip, refuse or keep depending on where they are. */
export const CONTROLS = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001f',
  ' ',
  '\u007f',
  '\u0080',
  '\u009f',
];
/** Percent-escapes: valid, invalid, truncated, nested (`%25`), of structure characters, of UTF-8 and of junk. */
export const ESCAPES = [
  '%',
  '%2',
  '%zz',
  '%g1',
  '%41',
  '%2e',
  '%2E',
  '%2e%2e',
  '%25',
  '%2525',
  '%252e',
  '%25%32%35',
  '%%32%35',
  '%00',
  '%20',
  '%7F',
  '%FF',
  '%ff',
  '%C3%A9',
  '%c3',
  '%E2%82',
  '%F0%9F%98%8A',
  '%ED%A0%80',
  '%2F',
  '%2f',
  '%3F',
  '%23',
  '%40',
  '%3A',
  '%5B%5D',
  '%5C',
  '%u0041',
  '%0a',
  '%09',
];
export const IPV4 = [
  '1.2.3.4',
  '0x7f.1',
  '0177.0.0.1',
  '3279880203',
  '0xC37F000B',
  '4294967295',
  '4294967296',
  '1.2.3.256',
  '256.1.1.1',
  '1.2.3',
  '1.2',
  '1',
  '0x',
  '0x100000000',
  '00000000000000001.2.3.4',
  '1.2.3.4.',
  '1.2.3.4.5',
  '08.1.1.1',
  '1..2.3',
  '999999999999999999999',
  '0',
  '0.0.0.0',
  '195.127.0.11',
  '0x12.0x34.0x56.0x78',
  '1.0x2.03.4',
  '127.1',
  '0xffffffff',
  '1.2.3.0x',
  '.1.2.3.4',
  '1.2.3.4..',
];
export const IPV6 = [
  '[::1]',
  '[::]',
  '[::ffff:1.2.3.4]',
  '[::ffff:0102:0304]',
  '[64:ff9b::1.2.3.4]',
  '[64:ff9b::102:304]',
  '[fe80::1%25eth0]',
  '[fe80::1%eth0]',
  '[1:2:3:4:5:6:7:8]',
  '[1:2:3:4:5:6:7:8:9]',
  '[::1::2]',
  '[:::]',
  '[12345::]',
  '[',
  ']',
  '[::1',
  '::1]',
  '[v1.x]',
  '[0:0:0:0:0:0:0:0]',
  '[2001:DB8::1]',
  '[::1.2.3.4]',
  '[::ffff:256.1.1.1]',
  '[1::2:3:4:5:6:7:8]',
  '[ff02::1%]',
  '[::ffff:1.2.3]',
  '[[::1]]',
  '[::1]x',
];
const LABELS = [
  'a',
  'B',
  'www',
  'example',
  'com',
  'co',
  'uk',
  'xn--',
  'xn--mnchen-3ya',
  'xn--zz',
  'xn--a-',
  '0-',
  '-0',
  'a-b',
  'a--b',
  'ab--cd',
  '-a',
  'a-',
  '_',
  'a_b',
  '0',
  '12',
  'cdn',
  'ampproject',
  'org',
  'bing-amp',
  'localhost',
  's',
  'c',
  'i',
  'ii',
  '!',
  '<',
  '*',
  '$',
  '`',
];
/** Very long labels (64+), long names (255+) and thousands of dots: limits of DNS and of linear code. */
export const LONG = [
  'a'.repeat(63),
  'a'.repeat(64),
  'b'.repeat(300),
  '\u00fc'.repeat(64),
  '\u{1F60A}'.repeat(40),
  'a.'.repeat(130),
  `${'a'.repeat(63)}.`.repeat(5),
  '.'.repeat(3000),
  `${'a.'.repeat(2000)}com`,
  '-'.repeat(100),
  '0-'.repeat(50),
  'xn--'.repeat(30),
  '%25'.repeat(500),
  '%2'.repeat(500),
];

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

const SCHEMES = [
  'http://',
  'https://',
  'HTTP://',
  'hTtPs://',
  '',
  '//',
  'http:',
  'http:/',
  'http:///',
  'http:\\\\',
  'https:\\/',
  'https:\\/\\/',
  'ftp://',
  'javascript:',
  'data:text/html,',
  'mailto:',
  'file:///',
  'ws://',
  'foo+bar.baz://',
  '1http://',
  ' http://',
  '\thttps://',
  '\u0000http://',
];
const USERINFO = ['u@', 'u:p@', '@', ':@', 'a@b@', '%40@', 'user:pa:ss@', '\u00fc@'];
const PORTS = [
  ':80',
  ':443',
  ':0',
  ':65535',
  ':65536',
  ':99999999999',
  ':',
  ':abc',
  ':080',
  ':-1',
  ':8080',
  ':443:443',
];
const PATH_PIECES = [
  '/',
  '/',
  '//',
  '\\',
  '.',
  '..',
  '/./',
  '/../',
  '/..',
  'a',
  'B',
  'index.html',
  'index.php',
  'amp_document.html',
  ';',
  '~',
  ':',
  '@',
  '!',
  '$',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  '=',
  '[',
  ']',
  '<',
  '>',
  '"',
  '{',
  '}',
  '|',
  '^',
  '`',
];
const QUERY_PIECES = [
  '?',
  '&',
  '=',
  'a',
  'b=1',
  'utm_source=x',
  'amp_js_v=0.1',
  'usqp=mq331AQ',
  'amp_gsa=1',
  'amp_r=x',
  'a=',
  '=b',
  '+',
  '%2B',
  '?',
  '/../',
];
const FRAGMENT_PIECES = ['#', '#', 'f', '/../', '#', '%23', '?q'];

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
