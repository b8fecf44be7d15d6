// findCache: which registered cache an origin, host or URL is on (src/core/amp/url-kind.ts).
import * as assert from 'node:assert/strict';
import { findCache, type AmpCache } from '../../../../src/core';

describe('amp-reverse: findCache', () => {
  it('finds the cache of an origin, host or URL', () => {
    assert.equal(findCache('https://a-com.cdn.ampproject.org')?.id, 'google');
    assert.equal(findCache('a-com.www.bing-amp.com')?.id, 'bing');
    assert.equal(findCache('https://A-COM.CDN.AMPPROJECT.ORG/c/s/a.com/?x#y')?.id, 'google');
  });

  it('returns undefined, never throws, for anything else', () => {
    for (const input of [
      '',
      'https://example.com/',
      'cdn.ampproject.org',
      'a.b.cdn.ampproject.org',
      '\u0000',
      'x'.repeat(2_000_000),
      42,
      null,
      undefined,
    ]) {
      assert.equal(findCache(input as string), undefined);
    }
    assert.equal(
      findCache('https://a-com.cdn.ampproject.org', 'nope' as unknown as AmpCache[]),
      undefined,
    );
  });
});
