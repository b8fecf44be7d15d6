// The fuzz properties of the AMP Cache URLs (issue 7): (a) and (b) on hostile input for both
// directions, (d) publisherUrl(cacheUrl(u)) is u's equivalent and (e) publisherDomain(cacheOrigin(d))
// is d in ASCII form. Listed, in order, in properties.ts's FUZZ_PROPERTIES.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  AMP_CACHES,
  CACHE_QUERY_PARAMS,
  MAX_IMAGE_WIDTH,
  cacheOrigin,
  cacheUrl,
  domainPrefix,
  findCache,
  hostToAscii,
  isServingType,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
} from '../../src/core';
import {
  anyStringArb,
  cacheDomainArb,
  cacheLikeUrlArb,
  cacheOptionsArb,
  domainArb,
  hostArb,
  publisherUrlArb,
} from './arbitraries';
import { attempt, bound, bounded, prop, PER_CHAR, type FuzzProperty } from './property';

/**
 * The publisher URL a round trip through a cache URL must give back (see the property), or
 * undefined when no cache serves it back: a host without a dot (the AMP runtime requires one).
 */
export function roundTripEquivalent(url: string): string | undefined {
  // The URL as a browser reads it (WHATWG: blanks trimmed, tabs and newlines removed, `\` as `/`,
  // dot segments resolved, host in ASCII, default port dropped, percent-encoded as the browser
  // sends it), without the query parameters caches add (a publisher URL carrying them loses them).
  // An empty path stays empty (the AMP toolbox's vectors: `https://www.example.com` is
  // `…/c/s/www.example.com`).
  const trimmed = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const parsed = new URL(trimmed);
  if (!parsed.hostname.includes('.')) return undefined;
  const written = trimmed.replace(/[\t\n\r]/g, '').replace(/^[a-z]+:[/\\]*[^/\\?#]*/i, '');
  const emptyPath = !/^[/\\]/.test(written);
  const href = emptyPath
    ? `${parsed.origin}${parsed.href.slice(parsed.origin.length + 1)}`
    : parsed.href;
  const hash = href.indexOf('#');
  const fragment = hash < 0 ? '' : href.slice(hash);
  const beforeHash = hash < 0 ? href : href.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  if (mark < 0) return href;
  const kept = beforeHash
    .slice(mark + 1)
    .split('&')
    .filter((pair) => !CACHE_QUERY_PARAMS.has(pair.split('=')[0]));
  const q = kept.length === 0 ? '' : `?${kept.join('&')}`;
  return `${beforeHash.slice(0, mark)}${q}${fragment}`;
}

export const ampForward: FuzzProperty = {
  name: 'AMP forward: cacheUrl, cacheOrigin, domainPrefix on hostile input (only UrlError, bounded)',
  runs: 1500,
  property: prop(
    [
      anyStringArb,
      fc.oneof(
        cacheOptionsArb,
        fc.record(
          {
            servingType: fc.constantFrom<unknown>('x', '', undefined, 'ii'),
            imageWidth: fc.constantFrom<unknown>(undefined, 0, -1, 1.5, NaN, '800', 2 ** 60),
            cacheDomain: fc.oneof(hostArb, fc.constant(undefined)),
          },
          { requiredKeys: [] },
        ),
      ),
    ],
    (url, options) => {
      const cache = attempt('cacheUrl', url, () =>
        cacheUrl(url, options as Parameters<typeof cacheUrl>[1]),
      );
      const domainLength = (options as { cacheDomain?: string }).cacheDomain?.length ?? 0;
      bounded('cacheUrl', url, cache, bound(url, 512) + PER_CHAR * domainLength);
      const origin = attempt('cacheOrigin', url, () =>
        cacheOrigin(url, (options as { cacheDomain?: string }).cacheDomain),
      );
      if (origin !== undefined) assert.match(origin, /^https:\/\/[a-z0-9-]{1,63}\./);
      const prefix = attempt('domainPrefix', url, () => domainPrefix(url));
      if (prefix !== undefined) assert.match(prefix, /^[a-z0-9-]{1,63}$/);
    },
  ),
};

export const ampReverse: FuzzProperty = {
  name: 'AMP reverse: publisherUrl, parseCacheUrl, publisherDomain, findCache (only UrlError, bounded)',
  runs: 1500,
  property: prop(
    [
      fc.oneof(cacheLikeUrlArb, anyStringArb),
      fc.array(fc.oneof(domainArb, anyStringArb), { maxLength: 3 }),
      fc.constantFrom<unknown>(undefined, AMP_CACHES, [], 'x'),
    ],
    (url, candidates, caches) => {
      const parsed = attempt('parseCacheUrl', url, () =>
        parseCacheUrl(url, { caches: caches as typeof AMP_CACHES }),
      );
      const pub = attempt('publisherUrl', url, () =>
        publisherUrl(url, { caches: caches as typeof AMP_CACHES }),
      );
      assert.equal(pub, parsed?.publisherUrl);
      bounded('publisherUrl', url, pub, url.length + 8);
      if (parsed) {
        assert.ok(isServingType(parsed.servingType));
        assert.equal(
          findCache(url, caches as typeof AMP_CACHES),
          parsed.cache,
          'findCache and parseCacheUrl disagree',
        );
      }
      const domain = attempt('publisherDomain', url, () =>
        publisherDomain(url, { candidates, caches: caches as typeof AMP_CACHES }),
      );
      if (typeof domain === 'string')
        assert.ok(domain.length <= bound(url), 'publisherDomain output too long');
      findCache(url); // never throws, not even a UrlError
      assert.equal(typeof isServingType(url), 'boolean');
    },
  ),
};

export const cacheUrlRoundTrip: FuzzProperty = {
  name: 'round trip: publisherUrl(cacheUrl(u)) is u with an ASCII host, both caches, every serving type',
  runs: 1500,
  property: prop(
    [
      fc.oneof(
        publisherUrlArb,
        publisherUrlArb.map((u) => u.toUpperCase()),
      ),
      cacheOptionsArb,
    ],
    (url, options) => {
      const cache = attempt('cacheUrl', url, () => cacheUrl(url, options));
      if (options.imageWidth !== undefined && options.imageWidth > MAX_IMAGE_WIDTH)
        assert.equal(cache, undefined, 'a width above MAX_IMAGE_WIDTH was accepted');
      // cacheUrl refuses http://s/s/… (it would read as https://s/…): what it accepts comes back.
      if (cache === undefined) return;
      const expected = roundTripEquivalent(url);
      if (expected === undefined) {
        let back: string | undefined;
        try {
          back = parseCacheUrl(cache).publisherUrl;
        } catch {
          back = undefined;
        }
        assert.notEqual(back, new URL(url.trim()).href, 'a dotless host came back');
        return;
      }
      const parsed = parseCacheUrl(cache);
      assert.equal(
        parsed.publisherUrl,
        expected,
        `round trip of ${JSON.stringify(url)} via ${cache}`,
      );
      assert.equal(parsed.servingType, options.servingType);
      assert.equal(parsed.imageWidth, options.imageWidth);
      assert.equal(parsed.cache.cacheDomain, options.cacheDomain);
      assert.equal(parsed.https, /^\s*https:/i.test(url));
    },
  ),
};

export const publisherDomainRoundTrip: FuzzProperty = {
  name: 'round trip: publisherDomain(cacheOrigin(d)) is d in ASCII (readable prefix, or hashed with d as candidate)',
  runs: 1500,
  property: prop(
    [
      fc.oneof(
        domainArb,
        domainArb.map((d) => d.toUpperCase()),
      ),
      cacheDomainArb,
    ],
    (domain, cacheDomain) => {
      const origin = attempt('cacheOrigin', domain, () => cacheOrigin(domain, cacheDomain));
      if (origin === undefined) return;
      const ascii = hostToAscii(domain);
      const prefix = origin.slice('https://'.length, -cacheDomain.length - 1);
      assert.equal(prefix, domainPrefix(domain));
      if (prefix.includes('-'))
        assert.equal(
          publisherDomain(origin),
          ascii,
          `readable prefix ${prefix} of ${JSON.stringify(domain)}`,
        );
      else {
        assert.equal(publisherDomain(origin), null, `hashed prefix ${prefix} reversed`);
        assert.equal(publisherDomain(origin, { candidates: ['example.com', domain] }), ascii);
      }
    },
  ),
};
