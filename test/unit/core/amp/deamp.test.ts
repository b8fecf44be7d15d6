// deamp: one column value de-AMPed (issue 30). The old SQL recipe, `ampUrlKind(u) ? publisherUrl(u)
// : u` inside a try returning NULL, lost the AMP runtime, its components and cache origins (32 rows
// in 1,000 of a crawl-like sample): deamp keeps every value that names no publisher page.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ampUrlKind, cacheOrigin, cacheUrl, deamp, publisherUrl } from '../../../../src/core';
import {
  anyStringArb,
  cacheLikeUrlArb,
  hostileUrlArb,
  publisherUrlArb,
} from '../../../fuzz/arbitraries';

const RUNS = { seed: 30, numRuns: 1500 };

describe('deamp: a column value de-AMPed', () => {
  it('gives the publisher URL of cache and viewer page URLs (spec examples)', () => {
    assert.equal(
      deamp('https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html'),
      'https://www.example.com/amp/doc.html',
    );
    assert.equal(
      deamp('https://www.google.com/amp/s/example.com/article?amp_js_v=0.1#aoh=1'),
      'https://example.com/article',
    );
    assert.equal(
      deamp('https://example-com.www.bing-amp.com/i/s/example.com/logo.png'),
      'https://example.com/logo.png',
    );
    assert.equal(
      deamp('https://cdn.ampproject.org/c/s/www.example.com/a'),
      'https://www.example.com/a',
    );
  });

  it('keeps the AMP project’s own files and cache origins, which have no publisher page', () => {
    for (const kept of [
      'https://cdn.ampproject.org/v0.js',
      'https://cdn.ampproject.org/v0/amp-carousel-0.1.js',
      'https://cdn.ampproject.org/lts/v0.js',
      'https://www-example-com.cdn.ampproject.org/v0.js',
      'https://www-example-com.cdn.ampproject.org',
      'https://www-example-com.cdn.ampproject.org/',
      'https://example-com.www.bing-amp.com',
      'https://d-123.ampproject.net/2106040121000/frame.html',
    ]) {
      assert.ok(ampUrlKind(kept), `${kept} is an AMP URL of a kind`);
      assert.equal(deamp(kept), kept);
    }
  });

  it('keeps cache and viewer URLs that name no publisher page, where publisherUrl throws', () => {
    for (const kept of [
      'https://localhost.cdn.ampproject.org/c/s/localhost/secret',
      'https://www-example-com.cdn.ampproject.org/nothing-here',
      'https://www.google.com/amp/s/%zz/x',
    ]) {
      assert.throws(() => publisherUrl(kept));
      assert.equal(deamp(kept), kept);
    }
  });

  it('keeps publisher URLs, text and empty strings; NULL stays NULL; other values as they are', () => {
    for (const kept of ['https://example.com/amp/', 'not a url', '', '   ', 'amp.example.com'])
      assert.equal(deamp(kept), kept);
    assert.equal(deamp(null), null);
    assert.equal(deamp(undefined), null);
    const object = { url: 'https://www.google.com/amp/s/example.com/' };
    assert.equal(deamp(object), object);
    assert.equal(deamp(42), 42);
  });

  it('is publisherUrl of every URL that cacheUrl writes, and keeps its origin', () => {
    fc.assert(
      fc.property(publisherUrlArb, (u) => {
        let cache: string;
        try {
          cache = cacheUrl(u);
        } catch {
          return;
        }
        let expected = cache; // `http://a`: a dotless host names no page a cache serves
        try {
          expected = publisherUrl(cache);
        } catch {
          // kept as it is
        }
        assert.equal(deamp(cache), expected);
        const origin = cacheOrigin(u);
        assert.equal(deamp(origin), origin);
      }),
      RUNS,
    );
  });

  it('never throws: the publisher URL of a cache or viewer page, or the value itself', () => {
    fc.assert(
      fc.property(fc.oneof(cacheLikeUrlArb, hostileUrlArb, anyStringArb), (u) => {
        const out = deamp(u);
        const kind = ampUrlKind(u)?.kind;
        if (out === u && kind !== 'cache' && kind !== 'viewer') return;
        let expected: string = u;
        try {
          expected = publisherUrl(u);
        } catch {
          // kept as it is
        }
        assert.equal(out, expected);
      }),
      RUNS,
    );
  });
});
