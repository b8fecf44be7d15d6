import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  AMP_CACHES,
  UrlError,
  cacheUrl,
  publisherUrl,
  tryPublisherUrl,
  type ReverseOptions,
} from '../../../../src/core';
import { benchUrls } from '../../../../bench/urls';

/** What publisherUrl does with `url`: its result, or the code and message it throws. */
function thrown(
  url: unknown,
  options?: unknown,
): { url?: string; code?: string; message?: string } {
  try {
    return { url: publisherUrl(url as string, options as ReverseOptions) };
  } catch (e) {
    assert.ok(e instanceof UrlError, String(e));
    return { code: e.code, message: e.message };
  }
}

/** What tryPublisherUrl gives, in the same shape. */
function returned(
  url: unknown,
  options?: unknown,
): { url?: string; code?: string; message?: string } {
  const r = tryPublisherUrl(url as string, options as ReverseOptions);
  return r.error ? { code: r.error.code, message: r.error.message } : { url: r.url };
}

const SAMPLES: unknown[] = [
  'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/news/a',
  'https://www.google.com/amp/s/example.com/story',
  'https://www.bing.com/amp/s/example.com/story?x=1#aoh=1',
  'https://example.com/news/a',
  'https://example.com./news/a',
  'http://news.example.co.uk',
  'https://EXAMPLE.com/x',
  'https://bücher.de/',
  'https://example.com:8080/x',
  'https://user@example.com/x',
  'mailto:someone@example.com',
  'not a url',
  '',
  '   ',
  'https://cdn.ampproject.org/v0.js',
  'https://cdn.ampproject.org/c/s/localhost/x',
  'https://a-com.cdn.ampproject.org/zz/a.com/x',
  42,
  null,
];

describe('tryPublisherUrl: publisherUrl as a result', () => {
  it('gives what publisherUrl returns or throws (code and message), for every kind of input', () => {
    for (const url of SAMPLES) assert.deepEqual(returned(url), thrown(url), String(url));
  });

  it('agrees with publisherUrl on generated publisher, cache and viewer URLs', () => {
    const publishers = benchUrls(300, 7);
    const inputs = publishers.flatMap((u) => [
      u,
      u.toUpperCase(),
      cacheUrl(u),
      u.replace(/^https?:\/\//, 'https://www.google.com/amp/s/'),
    ]);
    for (const url of inputs) assert.deepEqual(returned(url), thrown(url), url);
  });

  it('agrees with publisherUrl on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (url) => {
        assert.deepEqual(returned(url), thrown(url));
      }),
      { numRuns: 500 },
    );
  });

  it('reads options as publisherUrl does, invalid ones refused in the result', () => {
    const bing = { caches: [AMP_CACHES[1]] };
    const google = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/';
    for (const options of [bing, { caches: null }, null, 'x', { caches: 'x' }, { caches: [] }])
      for (const url of [google, 'https://example.com/'])
        assert.deepEqual(returned(url, options), thrown(url, options), JSON.stringify(options));
    const r = tryPublisherUrl(google, 'x' as ReverseOptions);
    assert.equal(r.error?.code, 'invalid-option');
  });

  it('never throws for a refusal', () => {
    assert.doesNotThrow(() => tryPublisherUrl('https://example.com/'));
    assert.doesNotThrow(() => tryPublisherUrl(undefined as unknown as string));
  });
});
