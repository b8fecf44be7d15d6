// The standalone bundle (dist/standalone/amp-url.js) as a SQL engine runs it: one classic script
// in a context holding only the language's globals (no URL, TextEncoder, TextDecoder, btoa,
// console, require), defining the one global AmpUrl, and giving exactly the library's results
// (results and refusals alike) on thousands of URLs.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vm from 'node:vm';
import fc from 'fast-check';
import { benchUrls } from '../../bench/urls';
import { cacheLikeUrlArb, hostileUrlArb, publisherUrlArb, textArb } from '../fuzz/arbitraries';
import { STANDALONE } from './paths';
import { bareContext } from './bare-context';

type Lib = typeof import('../../src/core');

/** A call's outcome in a form both realms share: the value as JSON, or the error's code and message. */
const OUTCOME = `(fn) => { try { return JSON.stringify({ value: fn() }); } catch (e) { return JSON.stringify({ code: e && e.code, name: e && e.name, message: e && e.message }); } }`;

/** Calls a function of the library or the bundle (`normalizeAggressive`: normalize with that preset). */
const CALL = `(L, name, args) => name === 'normalizeAggressive' ? L.normalize(args[0], L.NORMALIZE_PRESETS.aggressive) : L[name](...args)`;

/**
 * Both refused with the same code, one for breaking the Bidi rule: Node's URL parser refuses some
 * hosts that break RFC 5893 and accepts others (its own reading of the rule), the core refuses
 * all of them; the bundle refuses the same hosts, with the core's message (docs/sql.md).
 */
function bothBidiRefusals(expected: string, actual: string): boolean {
  const a = JSON.parse(expected) as { code?: string; message?: string };
  const b = JSON.parse(actual) as { code?: string; message?: string };
  return (
    a.code !== undefined &&
    a.code === b.code &&
    `${a.message ?? ''} ${b.message ?? ''}`.includes('Bidi rule')
  );
}

describe('standalone bundle (SQL engines)', function () {
  this.timeout(300_000);
  const code = readFileSync(STANDALONE, 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built library itself
  const lib = require('amp-url-toolkit') as Lib;
  const outcome = vm.runInThisContext(OUTCOME) as (fn: () => unknown) => string;
  const call = vm.runInThisContext(CALL) as (L: Lib, name: string, args: unknown[]) => unknown;
  let ctx: vm.Context;
  let inBundle: (name: string, args: unknown[]) => string;

  before(() => {
    ctx = bareContext();
    const before = new Set(
      vm.runInContext('Object.getOwnPropertyNames(globalThis)', ctx) as string[],
    );
    vm.runInContext(code, ctx, { filename: 'amp-url.js' });
    const after = vm.runInContext('Object.getOwnPropertyNames(globalThis)', ctx) as string[];
    assert.deepEqual(
      [...after].filter((k) => !before.has(k)),
      ['AmpUrl'],
    );
    const call = vm.runInContext(
      `(name, argsJson) => (${OUTCOME})(() => (${CALL})(AmpUrl, name, JSON.parse(argsJson)))`,
      ctx,
    ) as (name: string, args: string) => string;
    inBundle = (name, args) => call(name, JSON.stringify(args));
  });

  it('runs where the Web and Node APIs are missing', () => {
    for (const name of [
      'URL',
      'TextEncoder',
      'TextDecoder',
      'btoa',
      'require',
      'console',
      'process',
    ])
      assert.equal(vm.runInContext(`typeof ${name}`, ctx), 'undefined', name);
  });

  it('exports exactly the library’s functions and constants', () => {
    const names = JSON.parse(
      vm.runInContext('JSON.stringify(Object.keys(AmpUrl).sort())', ctx) as string,
    ) as string[];
    assert.deepEqual(names, Object.keys(lib).sort());
  });

  const urls = [
    ...benchUrls(2000, 7),
    ...fc.sample(publisherUrlArb, { numRuns: 1500, seed: 1 }),
    ...fc.sample(hostileUrlArb, { numRuns: 1000, seed: 2 }),
    ...fc.sample(cacheLikeUrlArb, { numRuns: 1500, seed: 3 }),
    // Spec examples and the shapes the core reads through the URL parser.
    'https://www.example.com/a/../b/%2e%2E/c?q="x"#f',
    'http://münchen.de/straße',
    'https://xn--mnchen-3ya.de/',
    'http://0x7f.1/',
    'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html?amp_js_v=0.1',
    'https://www.google.com/amp/s/example.com/article?x=1',
    'http://a.b.c/1/2.html?param=1',
    'https://example.com/%F0%9F%98%8A?%E2%82%AC',
    'https://例え.テスト/パス',
    'https://ex\u00ADample.com/',
    'https://EXAMPLE.com:443/',
    'https://[2001:DB8::1]/x',
  ];

  const calls: [string, (u: string) => unknown[]][] = [
    ['cacheUrl', (u) => [u]],
    ['cacheUrl', (u) => [u, { cacheDomain: 'www.bing-amp.com', servingType: 'i' }]],
    ['cacheOrigin', (u) => [u]],
    ['publisherUrl', (u) => [u]],
    ['reverseAmpUrl', (u) => [u]],
    ['ampUrlKind', (u) => [u]],
    ['canonicalize', (u) => [u]],
    ['hashPrefixes', (u) => [u, 4]],
    ['normalize', (u) => [u]],
    // The preset holds RegExps, which JSON can't carry: each side passes its own.
    ['normalizeAggressive', (u) => [u]],
  ];

  for (const [name, args] of calls) {
    it(`${name}: the same result or refusal as the library on ${urls.length} URLs`, () => {
      let differences = 0;
      const first: string[] = [];
      for (const u of urls) {
        const a = args(u);
        const expected = outcome(() => call(lib, name, a));
        const actual = inBundle(name, a);
        if (actual !== expected && !bothBidiRefusals(expected, actual)) {
          differences++;
          if (first.length < 3)
            first.push(`${JSON.stringify(a)}\n  lib: ${expected}\n  bundle: ${actual}`);
        }
      }
      assert.equal(differences, 0, first.join('\n'));
    });
  }

  // docs/sql.md's two functions, as each engine runs them.
  const DEAMP = `try { return AmpUrl.ampUrlKind(url) ? AmpUrl.publisherUrl(url) : url; } catch (e) { return null; }`;
  const rows = [
    'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html',
    'https://www.google.com/amp/s/example.com/article?amp_js_v=0.1',
    'https://example.com/plain',
  ];
  const deamped = [
    'https://www.example.com/amp/doc.html',
    'https://example.com/article',
    'https://example.com/plain',
  ];

  it('BigQuery form: the bundle as a library, the function body beside it', () => {
    const fn = vm.runInContext(`(function (url) { ${DEAMP} })`, ctx) as (u: string) => string;
    assert.deepEqual(rows.map(fn), deamped);
  });

  it('Snowflake form: the bundle inside the function body, evaluated once and kept', () => {
    const c = bareContext();
    const body = `if (typeof globalThis.AmpUrl === 'undefined') {\n${code}\nglobalThis.AmpUrl = AmpUrl;\n}\n${DEAMP.replaceAll('AmpUrl.', 'globalThis.AmpUrl.')}`;
    const fn = vm.runInContext(`(function (url) {\n${body}\n})`, c) as (u: string) => string;
    assert.deepEqual(rows.map(fn), deamped);
    assert.equal(vm.runInContext('typeof globalThis.AmpUrl.publisherUrl', c), 'function');
  });

  it('ASCII hosts, which skip the UTS #46 tables: the library’s result (property)', () => {
    const label = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_%-]{0,10}$/),
      fc.constantFrom('xn--', 'XN--bcher-kva', 'xn--a-', 'axn--b', '0x7F', '255', 'WWW', ''),
      fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        maxLength: 5,
      }),
    );
    const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.'));
    fc.assert(
      fc.property(host, fc.constantFrom('http', 'HTTPS'), (h, scheme) => {
        for (const [name, args] of [
          ['hostToAscii', [h]],
          ['cacheUrl', [`${scheme}://${h}/p?q#f`]],
          ['canonicalize', [`${scheme}://${h}/p`]],
          ['publisherUrl', [`https://x-com.cdn.ampproject.org/c/s/${h}/p`]],
        ] as const) {
          const expected = outcome(() => call(lib, name, [...args]));
          const actual = inBundle(name, [...args]);
          if (!bothBidiRefusals(expected, actual)) assert.equal(actual, expected, `${name} ${h}`);
        }
      }),
      { seed: 30, numRuns: 2000 },
    );
  });

  it('findUrls and hostToAscii: the same as the library', () => {
    const texts = fc.sample(textArb, { numRuns: 1000, seed: 4 });
    for (const t of texts)
      assert.equal(
        inBundle('findUrls', [t]),
        outcome(() => lib.findUrls(t)),
      );
    for (const h of [
      'bücher.de',
      'EXAMPLE.com',
      'xn--bcher-kva.de',
      '⚡😊.com',
      'a..b',
      'ex%41mple.com',
    ])
      assert.equal(
        inBundle('hostToAscii', [h]),
        outcome(() => lib.hostToAscii(h)),
      );
  });
});
