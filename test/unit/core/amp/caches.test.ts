// AMP_CACHES (src/core/amp/caches.ts): the snapshot of amphtml's caches.json.
import * as assert from 'node:assert/strict';
import { AMP_CACHES } from '../../../../src/core';

const GOOGLE = 'cdn.ampproject.org';

const BING = 'www.bing-amp.com';

describe('amp-cache: AMP_CACHES snapshot of caches.json', () => {
  it('holds google then bing with every field', () => {
    assert.deepEqual(AMP_CACHES, [
      {
        id: 'google',
        name: 'Google AMP Cache',
        docs: 'https://developers.google.com/amp/cache/',
        cacheDomain: GOOGLE,
        updateCacheApiDomainSuffix: GOOGLE,
        thirdPartyFrameDomainSuffix: 'ampproject.net',
      },
      {
        id: 'bing',
        name: 'Bing AMP Cache',
        docs: 'https://www.bing.com/webmaster/help/bing-amp-cache-bc1c884c',
        cacheDomain: BING,
        updateCacheApiDomainSuffix: BING,
        thirdPartyFrameDomainSuffix: 'www.bing-amp.net',
      },
    ]);
    assert.ok(Object.isFrozen(AMP_CACHES) && Object.isFrozen(AMP_CACHES[0]));
  });
});
