// Fuzzing every export of the core (issue 7), at a size that keeps `npm test` fast.
// The same properties run 100× longer with `npm run fuzz` (test/fuzz/run.ts).
import * as assert from 'node:assert/strict';
import { cacheOrigin, cacheUrl, publisherDomain, publisherUrl } from '../../../src/core';
import { FUZZ_PROPERTIES } from '../../fuzz/properties';
import { runProperty } from '../../fuzz/property';

describe('fuzz: the core on hostile input (seeded)', () => {
  let total = 0;
  after(() => {
    console.log(`      fuzz: ${total.toLocaleString('en-US')} inputs tried in all`);
  });

  for (const p of FUZZ_PROPERTIES) {
    it(p.name, function () {
      const tried = runProperty(p, p.runs, 42);
      total += tried;
      // Mocha prints the title after the test: the count goes in it.
      if (this.test) this.test.title += ` [${tried.toLocaleString('en-US')} inputs]`;
    });
  }
});

// Minimal counterexamples the fuzzer found, fixed in the core, kept as regression tests.
describe('fuzz: counterexamples', () => {
  it('the round trip keeps a trailing U+00A0 / U+2028 / U+3000 / U+FEFF (was lost to String#trim in amp/reverse.ts)', () => {
    for (const c of ['\u00a0', '\u2028', '\u3000', '\ufeff']) {
      const url = `http://a.com/x${c}`;
      // Amended: a browser sends the character percent-encoded (UTF-8), so the cache URL carries
      // that form; the character is still kept, not trimmed.
      assert.equal(publisherUrl(cacheUrl(url)), new URL(url).href);
      assert.ok(new URL(url).href.endsWith(encodeURIComponent(c)));
    }
  });

  it('an xn-- label that decodes to ASCII is no A-label: its domain gets the hash, and a candidate reverses it', () => {
    const origin = cacheOrigin('xn--a-.a'); // was https://xn--a-a-.cdn.ampproject.org, which publisherDomain refused
    assert.match(origin, /^https:\/\/[a-z2-7]{52}\.cdn\.ampproject\.org$/);
    assert.equal(publisherDomain(origin), null);
    assert.equal(publisherDomain(origin, { candidates: ['xn--a-.a'] }), 'xn--a-.a');
  });

  it('a prefix that starts with 0- and ends with -0 is unwrapped only when the forward wrapped it', () => {
    assert.equal(publisherDomain(cacheOrigin('0.1.0')), '0.1.0.0'); // prefix 0-1-0-0 (IPv4), was read back as 1.0.0.0 and refused
    assert.equal(publisherDomain(cacheOrigin('en-us.example.com')), 'en-us.example.com'); // a real wrap: 0-en--us-example-com-0
    assert.equal(publisherDomain(cacheOrigin('0.com-0')), '0.com-0'); // prefix 0-com--0
  });
});
