// The fuzz properties of the core (issue 7), shared by the unit suite (small runs, `npm test`)
// and the long run (`npm run fuzz`). Each property counts the inputs it tried.
//
// (a) only UrlError is ever thrown; (b) outputs are bounded by a linear function of the input
// (time itself is the benchmark's job: no clock here); (c) canonicalize and normalize are
// idempotent; (d) publisherUrl(cacheUrl(u)) is u's equivalent; (e) publisherDomain(cacheOrigin(d))
// is d in ASCII form for a readable prefix (and for a hashed one, given d as a candidate).
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  absoluteUrl,
  cacheOrigin,
  cacheUrl,
  canonicalize,
  domainPrefix,
  expressions,
  findCache,
  findUrls,
  hashPrefixes,
  hostToAscii,
  hostToUnicode,
  isServingType,
  normalize,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  URL_AT_WINDOW,
  urlAt,
} from '../../src/core';
import { anyStringArb, hostArb, normalizeOptionsArb, textArb } from './arbitraries';
import {
  ampForward,
  ampReverse,
  cacheUrlRoundTrip,
  publisherDomainRoundTrip,
} from './properties-amp';
import { attempt, bounded, prop, type FuzzProperty } from './property';

export const FUZZ_PROPERTIES: FuzzProperty[] = [
  {
    name: 'Safe Browsing: canonicalize, expressions, hashPrefixes (only UrlError, bounded, idempotent)',
    runs: 1500,
    property: prop(
      [anyStringArb, fc.constantFrom<unknown>(4, 8, 16, 32, undefined, 0, 5, '4', -1)],
      (url, bytes) => {
        const canonical = attempt('canonicalize', url, () => canonicalize(url));
        bounded('canonicalize', url, canonical);
        if (canonical !== undefined)
          assert.equal(
            attempt('canonicalize', canonical, () => canonicalize(canonical)),
            canonical,
            `not idempotent: ${JSON.stringify(url)}`,
          );
        const exprs = attempt('expressions', url, () => expressions(url));
        assert.equal(
          exprs !== undefined,
          canonical !== undefined,
          `canonicalize and expressions disagree on ${JSON.stringify(url)}`,
        );
        if (exprs && canonical) {
          assert.ok(
            exprs.length >= 1 && exprs.length <= 30 && new Set(exprs).size === exprs.length,
            `${exprs.length} expressions`,
          );
          for (const e of exprs)
            assert.ok(
              e.length <= canonical.length,
              'an expression is longer than the canonical URL',
            );
        }
        const hashes = attempt('hashPrefixes', url, () => hashPrefixes(url, bytes as 4));
        if (hashes && exprs) {
          assert.deepEqual(
            hashes.map((h) => h.expression),
            exprs,
          );
          for (const h of hashes)
            assert.equal(h.hex.length, 2 * ((bytes as number | undefined) ?? 4));
        }
      },
    ),
  },
  {
    name: 'RFC 3986: normalize with any options (only UrlError, bounded, idempotent)',
    runs: 1500,
    property: prop([anyStringArb, normalizeOptionsArb], (url, options) => {
      const once = attempt('normalize', url, () => normalize(url, options));
      bounded('normalize', url, once);
      if (once !== undefined) {
        assert.equal(
          attempt('normalize', once, () => normalize(once, options)),
          once,
          `not idempotent with ${JSON.stringify(options)}: ${JSON.stringify(url)}`,
        );
      }
    }),
  },
  ampForward,
  ampReverse,
  {
    name: 'IDN: hostToAscii (only UrlError, bounded, idempotent), hostToUnicode (never throws)',
    runs: 1500,
    property: prop([fc.oneof(hostArb, anyStringArb)], (host) => {
      const ascii = attempt('hostToAscii', host, () => hostToAscii(host));
      bounded('hostToAscii', host, ascii);
      if (ascii !== undefined) {
        assert.equal(
          attempt('hostToAscii', ascii, () => hostToAscii(ascii)),
          ascii,
          `not idempotent: ${JSON.stringify(host)}`,
        );
        assert.equal(typeof hostToUnicode(ascii), 'string');
      }
      assert.equal(typeof hostToUnicode(host), 'string');
    }),
  },
  {
    name: 'findUrls, urlAt, absoluteUrl (only UrlError, matches in order, urlAt agrees with findUrls)',
    runs: 1500,
    property: prop(
      [textArb, fc.oneof(fc.nat({ max: 600 }), fc.constantFrom(-1, 0.5, NaN, Infinity))],
      (text, offset) => {
        const found = findUrls(text);
        let last = 0;
        for (const m of found) {
          assert.ok(
            m.start >= last && m.end > m.start && m.end <= text.length,
            `bad offsets ${m.start}-${m.end}`,
          );
          const url = text.slice(m.start, m.end);
          assert.ok(absoluteUrl(url).length <= url.length + 7);
          last = m.end;
        }
        const at = urlAt(text, offset);
        const expected = Number.isInteger(offset)
          ? found.find((m) => m.start <= offset && offset <= m.end)
          : undefined;
        assert.deepEqual(at, expected, `urlAt(${offset}) in ${JSON.stringify(text)}`);
      },
    ),
  },
  {
    name: 'urlAt on texts longer than its window: the findUrls match at the offset (URLs longer than the window excepted)',
    runs: 40,
    property: prop(
      [textArb, textArb, fc.integer({ min: 70_000, max: 200_000 }), fc.nat()],
      (piece, tail, repeats, pick) => {
        const text =
          piece.repeat(Math.max(1, Math.floor(repeats / Math.max(1, piece.length)))) + tail + piece;
        const found = findUrls(text);
        const offset = pick % (text.length + 1);
        const expected = found.find((m) => m.start <= offset && offset <= m.end);
        const at = urlAt(text, offset);
        // Not for a URL longer than the window: urlAt cannot see where it starts, so it may say nothing
        // or, reading from the window's edge, report a URL inside it (`http://a.com/x…x/http://b.com/y`).
        // A bounded window cannot tell that from `aaa…,url(https://b.com/y)`, which find-urls.test.ts
        // expects found; the extension refuses matches touching its window's edge (logic/locate.ts).
        if (expected !== undefined && expected.end - expected.start > URL_AT_WINDOW) return;
        assert.deepEqual(at, expected, `urlAt(${offset}) of a ${text.length}-character text`);
      },
    ),
  },
  cacheUrlRoundTrip,
  publisherDomainRoundTrip,
  {
    name: 'any value at the API boundary (non-strings, odd options): only UrlError',
    runs: 300,
    // Values that String() itself cannot convert (`{ toString: [] }`) are in too: no message may quote them.
    property: prop([fc.oneof(fc.anything(), anyStringArb), fc.anything()], (value, option) => {
      const v = value as string;
      const o = option as never;
      attempt('canonicalize', value, () => canonicalize(v));
      attempt('expressions', value, () => expressions(v));
      attempt('hashPrefixes', value, () => hashPrefixes(v, o));
      attempt('normalize', [value, option], () => normalize(v, o));
      attempt('cacheUrl', [value, option], () => cacheUrl(v, o));
      attempt('cacheOrigin', [value, option], () => cacheOrigin(v, o));
      attempt('domainPrefix', value, () => domainPrefix(v));
      attempt('publisherUrl', [value, option], () => publisherUrl(v, o));
      attempt('parseCacheUrl', [value, option], () => parseCacheUrl(v, o));
      attempt('publisherDomain', [value, option], () => publisherDomain(v, o));
      attempt('findCache', [value, option], () => findCache(v, o));
      attempt('hostToAscii', value, () => hostToAscii(v));
      attempt('hostToUnicode', value, () => hostToUnicode(v));
      attempt('absoluteUrl', value, () => absoluteUrl(value as never));
      attempt('findUrls', value, () => findUrls(v));
      attempt('urlAt', [value, option], () => urlAt(v, o));
      attempt('isServingType', value, () => isServingType(value));
    }),
  },
];
