// The fast path of publisherUrl (src/core/amp/fast-path.ts) agrees with the general one.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { AMP_CACHES, cacheOrigin, reverseAmpUrl } from '../../../../src/core';
import { fastPublisherUrl } from '../../../../src/core/amp/fast-path';
import { SPEC_HASH } from './helpers';

describe('amp-reverse: the fast path of publisherUrl', () => {
  it('gives what the general path gives, or leaves the URL to it', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
    const host = fc.oneof(
      fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.')),
      fc.constantFrom(
        'xn--bcher-kva.ch',
        'a.xn--e1afmkfd.fr',
        's',
        'c',
        '1.2.3.4',
        'a.0x1',
        'en-us.a.com',
      ),
    );
    const rest = fc.stringMatching(/^(\/[a-zA-Z0-9.%?#&=_\\ -]{0,8}){0,4}$/);
    const prefixOf = fc.oneof(
      host.map((h) => {
        try {
          return cacheOrigin(h).slice(8).split('.')[0];
        } catch {
          return 'x-com';
        }
      }),
      fc.constantFrom('xyz', 'a-com', SPEC_HASH),
    );
    const type = fc.constantFrom(
      'c/',
      'c/s/',
      'i/',
      'v/s/',
      'a/s/',
      'mbv/',
      'cert/',
      'x/',
      'ii/w8/',
      '',
    );
    const domain = fc.constantFrom(
      'cdn.ampproject.org',
      'www.bing-amp.com',
      'bing-amp.com',
      'amp.cloudflare.com',
    );
    fc.assert(
      fc.property(prefixOf, domain, type, host, rest, (p, d, t, h, r) => {
        const url = `https://${p}.${d}/${t}${h}${r}`;
        const fast = fastPublisherUrl(url, AMP_CACHES);
        if (fast === undefined) return;
        assert.equal(fast, reverseAmpUrl(url).url, url);
      }),
      { seed: 14, numRuns: 3000 },
    );
  });
});
