import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  CACHE_QUERY_PARAMS,
  MAX_IMAGE_WIDTH,
  SERVING_TYPES,
  UrlError,
  cacheOrigin,
  cacheUrl,
  domainPrefix,
  findCache,
  hostToAscii,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
} from '../../../../src/core';
import { generalHostInfo, hostInfo } from '../../../../src/core/amp/prefix';

const RUNS = { seed: 42, numRuns: 1500 };

// Labels mixing ASCII, hyphens (leading, doubled, at 3-4), digits and IDN characters,
// right-to-left ones included, so every branch of the prefix algorithm is reached.
const labelChar = fc.constantFrom(
  'a',
  'b',
  'e',
  'n',
  'x',
  'z',
  '0',
  '7',
  '-',
  '-',
  'ü',
  'ß',
  'é',
  'п',
  '例',
  '⚡',
  '😊',
  'ب',
  '٠',
  '_',
  'A',
);
const plainLabel = fc.string({
  unit: fc.constantFrom('a', 'b', 'e', 'n', 'x', 'z', '0', '7', '-'),
  minLength: 1,
  maxLength: 10,
});
const label = fc.oneof(
  plainLabel,
  plainLabel,
  fc.string({ unit: labelChar, minLength: 1, maxLength: 12 }),
);
const domain = fc.array(label, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.'));

function accepted<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    assert.ok(e instanceof UrlError, `only UrlError may escape, got ${String(e)}`);
    return undefined;
  }
}

describe('amp: round-trip properties', () => {
  it('publisherDomain(cacheOrigin(d)) === toASCII(d) when the prefix is readable, else the candidate', () => {
    let readable = 0;
    let hashed = 0;
    fc.assert(
      fc.property(domain, (d) => {
        const origin = accepted(() => cacheOrigin(d));
        if (origin === undefined) return;
        const ascii = hostToAscii(d);
        const prefix = origin.slice('https://'.length).split('.')[0];
        if (prefix.includes('-')) {
          readable++;
          assert.equal(publisherDomain(origin), ascii);
        } else {
          hashed++;
          assert.match(prefix, /^[a-z2-7]{52}$/);
          assert.equal(publisherDomain(origin), null);
          assert.equal(publisherDomain(origin, { candidates: ['example.com', d] }), ascii);
        }
      }),
      RUNS,
    );
    // The generator must reach both kinds, or the property says little.
    assert.ok(readable > 100 && hashed > 100, `readable ${readable}, hashed ${hashed}`);
  });

  it('every prefix is one DNS label: at most 63 characters of a-z, 0-9 and -, no edge hyphen', () => {
    fc.assert(
      fc.property(domain, (d) => {
        const prefix = accepted(() => domainPrefix(d));
        if (prefix === undefined) return;
        assert.match(prefix, /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);
        assert.ok(!/^..--/.test(prefix) || prefix.startsWith('xn--'), prefix);
      }),
      RUNS,
    );
  });

  it('the plain and label-wise paths agree with the general path, refusals included', () => {
    const outcome = (fn: () => unknown) => {
      try {
        return fn();
      } catch (e) {
        assert.ok(e instanceof UrlError);
        return e.code;
      }
    };
    const anyCase = fc
      .tuple(domain, fc.boolean())
      .map(([d, upper]) => (upper ? d.toUpperCase() : d));
    fc.assert(
      fc.property(anyCase, (d) => {
        assert.deepEqual(
          outcome(() => hostInfo(d)),
          outcome(() => generalHostInfo(d)),
          d,
        );
      }),
      { seed: 42, numRuns: 4000 },
    );
  });

  it('the plain-host fast path agrees with the general path (upper case takes the general one)', () => {
    const ascii = fc.string({
      unit: fc.constantFrom('a', 'b', 'x', 'n', '0', '1', '-', '.'),
      minLength: 1,
      maxLength: 70,
    });
    fc.assert(
      fc.property(ascii, (d) => {
        const lower = accepted(() => domainPrefix(d));
        const upper = accepted(() => domainPrefix(d.toUpperCase()));
        assert.equal(upper, lower, d);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  const pathChar = fc.constantFrom(
    'a',
    'Z',
    '0',
    '/',
    '/',
    '.',
    '-',
    '_',
    '~',
    '%20',
    '%2F',
    '%7e',
    'ü',
    '=',
    '&',
    ';',
    ',',
    '+',
    '!',
    '$',
    "'",
    '(',
    ':',
    '@',
    's',
    // Read as a browser reads them: dot segments (also escaped), `\` as `/`, characters it encodes.
    '..',
    '%2e',
    '%2E.',
    '\\',
    '"',
    '<',
    '`',
  );
  const path = fc
    .string({ unit: pathChar, maxLength: 20 })
    .map((p) => (p === '' || p.startsWith('/') ? p : `/${p}`));
  const param = fc
    .tuple(
      fc.string({
        unit: fc.constantFrom('a', 'q', '_', 'amp', 'v', '%41'),
        minLength: 1,
        maxLength: 4,
      }),
      fc.string({ unit: pathChar, maxLength: 6 }),
    )
    .filter(([name]) => !CACHE_QUERY_PARAMS.has(name))
    .map(([name, value]) => `${name}=${value}`.replace(/[#?]/g, ''));
  const query = fc.option(
    fc.array(param, { maxLength: 3 }).map((ps) => ps.join('&')),
    { nil: undefined },
  );
  const fragment = fc.option(
    fc.string({ unit: fc.constantFrom('a', '#', '?', '/', '%20', '=', 'ü'), maxLength: 8 }),
    { nil: undefined },
  );
  const servingType = fc.constantFrom(...SERVING_TYPES.map((s) => s.type));

  // Widths on both sides of MAX_IMAGE_WIDTH, up to the largest safe integer.
  const width = fc.oneof(
    fc.integer({ min: 1, max: 4000 }),
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(MAX_IMAGE_WIDTH, MAX_IMAGE_WIDTH + 1, 1e9),
  );
  // Hosts named like the path's own segments (`s`, serving types), where two readings could fit.
  const anyHost = fc.oneof(
    { weight: 4, arbitrary: domain },
    { weight: 1, arbitrary: fc.constantFrom('s', 'S', 'c', 'ii', 'w800', 'v') },
  );

  it('publisherUrl(cacheUrl(u)) === u, host in ASCII form, for every accepted u and serving type', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.boolean(),
        anyHost,
        path,
        query,
        fragment,
        servingType,
        width,
        (https, host, p, q, f, type, w) => {
          const rest = `${p}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`;
          const url = `${https ? 'https' : 'http'}://${host}${rest}`;
          const options = {
            servingType: type,
            imageWidth: type === 'ii' ? w : undefined,
          };
          const cache = accepted(() => cacheUrl(url, options));
          // cacheUrl refuses only what has no cache URL of its own: too wide, or http://s/s/….
          if (type === 'ii' && w > MAX_IMAGE_WIDTH) assert.equal(cache, undefined);
          if (cache === undefined) return;
          // No cache serves a host without a dot back (the AMP runtime requires one).
          if (!hostToAscii(host).includes('.')) {
            // (`http://s/x.com` even reads as `https://x.com`: `/s/` always means https.)
            assert.notEqual(
              accepted(() => publisherUrl(cache)),
              new URL(url).href,
            );
            return;
          }
          // The URL as a browser reads it (amended: `..` resolved, characters percent-encoded where
          // the browser encodes them; an empty path stays empty, as in the AMP toolbox's vectors),
          // with the host in ASCII form.
          const emptyPath = !p.startsWith('/');
          const href = new URL(url).href;
          const origin = new URL(url).origin;
          const expected = emptyPath ? origin + href.slice(origin.length + 1) : href;
          assert.equal(new URL(expected).hostname, hostToAscii(host));
          assert.equal(publisherUrl(cache), expected);
          // The cache URL never leaves the publisher's own path on the cache.
          const served = `/${type}${type === 'ii' ? `/w${w}` : ''}${https ? '/s' : ''}/${hostToAscii(host)}${emptyPath ? '' : '/'}`;
          assert.ok(new URL(cache).pathname.startsWith(served), `${cache} escapes ${served}`);
          const parsed = parseCacheUrl(cache);
          assert.equal(parsed.servingType, type);
          assert.equal(parsed.https, https);
          assert.equal(parsed.imageWidth, options.imageWidth);
          assert.equal(findCache(cache)?.id, 'google');
          checked++;
        },
      ),
      RUNS,
    );
    assert.ok(checked > 500, `only ${checked} generated URLs were accepted`);
  });

  it('the fast path of cacheUrl agrees with the general one (an upper-case scheme takes the general one)', () => {
    const outcome = (fn: () => unknown) => {
      try {
        return fn();
      } catch (e) {
        assert.ok(e instanceof UrlError);
        return e.code;
      }
    };
    // Blanks and controls inside (in the host or after the path) are refused, at the ends trimmed:
    // both send the URL off the fast path.
    const blank = fc.constantFrom('', '', '', ' ', '\t', '\u0000', '\u007f');
    fc.assert(
      fc.property(
        fc.boolean(),
        domain,
        blank,
        path,
        query,
        fragment,
        blank,
        (https, host, hb, p, q, f, b) => {
          const rest = `${host}${hb}${p}${b}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`;
          const scheme = https ? 'https' : 'http';
          assert.deepEqual(
            outcome(() => cacheUrl(`${scheme}://${rest}`)),
            outcome(() => cacheUrl(`${scheme.toUpperCase()}://${rest}`)),
            rest,
          );
        },
      ),
      { seed: 42, numRuns: 3000 },
    );
  });
});

describe('amp: any string in, a result or a UrlError out', () => {
  const prefixes = [
    '',
    'https://',
    'http://',
    'HTTPS://a-com.cdn.ampproject.org/',
    'https://x.cdn.ampproject.org/c/s/',
    'https://u@',
    '//',
    'mailto:',
    'data:',
    'javascript:',
    'http://[',
    'https://a.com:',
  ];
  const anyString = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .tuple(fc.constantFrom(...prefixes), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }))
      .map(([a, b]) => a + b),
    fc
      .tuple(fc.constantFrom(...prefixes), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([a, b]) => a + b),
  );

  it('never throws anything but UrlError, and findCache never throws', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        accepted(() => cacheUrl(s));
        accepted(() => cacheOrigin(s));
        accepted(() => domainPrefix(s));
        accepted(() => publisherDomain(s, { candidates: [s] }));
        accepted(() => publisherUrl(s));
        accepted(() => parseCacheUrl(s));
        findCache(s);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  it('handles 10 MB strings quickly with a UrlError', () => {
    const huge = `https://a.com/${'a'.repeat(10 * 1024 * 1024)}`;
    for (const fn of [
      cacheUrl,
      cacheOrigin,
      domainPrefix,
      publisherDomain,
      publisherUrl,
      parseCacheUrl,
    ] as ((s: string) => unknown)[]) {
      assert.throws(
        () => fn(huge),
        (e: unknown) => e instanceof UrlError && e.code === 'too-long',
      );
    }
    // Just under the limit: linear work, a result or a refusal, no hang.
    const big = `https://a.com/${'a/'.repeat(500_000)}`;
    assert.ok(cacheUrl(big).endsWith('a/'));
    assert.equal(publisherUrl(cacheUrl(big)), big);
    // Amended (bounded cost): browsers accept a host that long, but it is no DNS name and no cache
    // could fetch it, so it is refused before any IDNA work instead of hashed.
    assert.throws(
      () => domainPrefix(`${'a-'.repeat(500_000)}a.com`),
      (e: unknown) => e instanceof UrlError && e.code === 'invalid-host',
    );
  });
});
