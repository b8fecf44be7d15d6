import * as assert from 'node:assert/strict';
import { cacheOrigin } from '../../../src/core';
import { classify, servingTypeFor } from '../../../src/shared/classify';
import { cacheOriginOf } from '../../../src/shared/cache-origins';
import { computeForms } from '../../../src/shared/forms';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';

const settings = readSettings(() => undefined, true);
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const value = (forms: ReturnType<typeof computeForms>, id: string) =>
  forms.forms.find((f) => f.id === id)?.value;

describe('extension forms', () => {
  it('classifies publisher URLs, cache URLs and cache origins', () => {
    assert.equal(classify(PUB, settings.caches).kind, 'publisher');
    assert.equal(classify(CACHE, settings.caches).kind, 'cache');
    assert.equal(
      classify('https://example-com.cdn.ampproject.org', settings.caches).kind,
      'cacheOrigin',
    );
    assert.equal(
      classify('https://example-com.cdn.ampproject.org/', settings.caches).kind,
      'cacheOrigin',
    );
    assert.equal(
      classify('https://example-com.www.bing-amp.com/c/s/example.com/', settings.caches).cache?.id,
      'bing',
    );
  });

  it('serving type auto: i for image paths, ii with a width, c otherwise', () => {
    assert.equal(servingTypeFor('http://example.com/logo.png', 'auto'), 'i');
    assert.equal(servingTypeFor('http://example.com/logo.JPG?x=1', 'auto', 800), 'ii');
    assert.equal(servingTypeFor('http://example.com/page.html', 'auto'), 'c');
    assert.equal(servingTypeFor('http://example.com/logo.png', 'v'), 'v');
  });

  it('publisher URL: cache URL and origin for the configured and the other caches (spec examples)', () => {
    const f = computeForms(PUB, settings);
    assert.equal(f.kind, 'publisher');
    assert.equal(value(f, 'cache'), CACHE);
    assert.equal(value(f, 'cacheOrigin'), 'https://example-com.cdn.ampproject.org');
    assert.equal(
      value(f, 'cache:bing'),
      'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html',
    );
    assert.equal(value(f, 'publisher'), undefined);
    assert.ok(value(f, 'canonical'));
    assert.ok(value(f, 'normalized'));
    assert.ok(
      f.hashes?.value && f.hashes.value.length > 0 && /^[0-9a-f]{8}$/.test(f.hashes.value[0].hex),
    );
  });

  it('ampUrl.cache custom: the first custom cache; without one, one line with the reason, no crash', () => {
    const custom = readSettings(
      (k) =>
        ({
          cache: 'custom',
          customCaches: [{ id: 'mine', name: 'My AMP Cache', cacheDomain: 'amp.example.net' }],
        })[k],
      true,
    );
    const f = computeForms(PUB, custom);
    assert.equal(
      value(f, 'cache'),
      'https://example-com.amp.example.net/c/s/example.com/amp_document.html',
    );
    assert.equal(f.forms.find((x) => x.id === 'cache')?.label, 'My AMP Cache URL');
    assert.equal(value(f, 'cache:google'), CACHE);
    assert.equal(cacheOriginOf(PUB, custom).value?.origin, 'https://example-com.amp.example.net');

    const none = readSettings((k) => (k === 'cache' ? 'custom' : undefined), true);
    const reason =
      'ampUrl.cache is "custom" but ampUrl.customCaches has no valid cache: add one, or choose google or bing.';
    const g = computeForms(PUB, none);
    const configured = g.forms.filter((x) => x.section === 'cache');
    assert.deepEqual(
      configured.map((x) => [x.label, x.value, x.error]),
      [['AMP Cache URL', undefined, reason]],
    );
    // The registered caches still show, under "other caches".
    assert.equal(value(g, 'cache:google'), CACHE);
    assert.ok(value(g, 'cache:bing'));
    assert.deepEqual(makeTransform('cache', none)(PUB), { skip: reason });
    assert.deepEqual(cacheOriginOf(PUB, none), { error: reason });
    // A viewer URL's origin is its viewer's cache, configured or not.
    assert.equal(
      cacheOriginOf('https://www.google.com/amp/s/example.com/a', none).value?.origin,
      'https://example-com.cdn.ampproject.org',
    );
    // Converting back needs no configured cache.
    assert.equal(makeTransform('publisher', none)(CACHE).text, PUB);
  });

  it('image with auto serving type (spec example)', () => {
    const f = computeForms('http://example.com/logo.png', { ...settings, servingType: 'auto' });
    assert.equal(
      value(f, 'cache'),
      'https://example-com.cdn.ampproject.org/i/example.com/logo.png',
    );
  });

  it('cache URL: the publisher URL and no cache sections', () => {
    const f = computeForms(CACHE, settings);
    assert.equal(f.kind, 'cache');
    assert.equal(value(f, 'publisher'), PUB);
    assert.equal(value(f, 'cache'), undefined);
  });

  it('cache origin: the publisher domain; a hashed one only via a candidate of the document', () => {
    assert.equal(
      value(
        computeForms('https://foo--example-com.cdn.ampproject.org', settings),
        'publisherDomain',
      ),
      'foo-example.com',
    );
    const long = `${'a'.repeat(60)}.example.com`;
    const hashed = cacheOrigin(long);
    const without = computeForms(hashed, settings);
    assert.equal(value(without, 'publisherDomain'), undefined);
    assert.match(without.forms[0].error ?? '', /hashed/);
    let asked = 0;
    const withDoc = computeForms(hashed, settings, {
      candidates: () => (asked++, ['other.com', long]),
    });
    assert.equal(value(withDoc, 'publisherDomain'), long);
    assert.equal(withDoc.forms[0].label, 'Publisher domain'); // one name, however it was found
    assert.equal(withDoc.forms[0].matched, true);
    computeForms('https://example-com.cdn.ampproject.org', settings, {
      candidates: () => (asked++, []),
    });
    assert.equal(asked, 1, 'candidates are read only for a hashed prefix');
  });

  it('only the sections asked are computed', () => {
    const f = computeForms(PUB, settings, { sections: new Set(['canonical'] as const) });
    assert.deepEqual(
      f.forms.map((x) => x.id),
      ['canonical'],
    );
    assert.equal(f.hashes, undefined);
  });

  it('a refused URL gives errors, never an exception', () => {
    for (const bad of [
      '',
      'https://user:pw@a.com/',
      'http://[::1]/',
      '\u0000'.repeat(10),
      'x'.repeat(2_000_000),
    ]) {
      const f = computeForms(bad, settings);
      assert.ok(f.forms.every((x) => x.value !== undefined || x.error));
    }
  });

  it('transforms: toCache overrides (cache, serving type, width) and skip reasons', () => {
    const bing = settings.caches[1];
    assert.equal(
      makeTransform('cache', settings, { cache: bing })(PUB).text,
      'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html',
    );
    assert.equal(
      makeTransform('cache', settings, { servingType: 'ii', imageWidth: 800 })(
        'http://example.com/a.png',
      ).text,
      'https://example-com.cdn.ampproject.org/ii/w800/example.com/a.png',
    );
    assert.match(
      makeTransform('cache', settings, { servingType: 'ii' })(PUB).skip ?? '',
      /imageWidth/,
    );
    assert.equal(
      makeTransform('canonical', settings)('http://www.google.com/').skip,
      'already in this form',
    );
    assert.equal(
      makeTransform('publisher', settings)('https://example-com.cdn.ampproject.org').text,
      'example.com',
    );
  });
});
