// The small edge cases of issue 13 ("The small edge cases"): trailing slash on an empty path,
// `www` in any case, default ports written with leading zeros.
import * as assert from 'node:assert/strict';
import { normalize } from '../../../../src/core/normalize';

describe('normalize: edge cases of issue 13', () => {
  it('"add trailing slash" adds / to an empty path even when the empty-path step is off', () => {
    const o = { addTrailingSlash: true, emptyPathToSlash: false };
    assert.equal(normalize('http://example.com', o), 'http://example.com/');
    assert.equal(normalize('http://example.com?q=1#f', o), 'http://example.com/?q=1#f');
    // Without it the empty path stays empty: the step alone decides.
    assert.equal(
      normalize('http://example.com', { emptyPathToSlash: false }),
      'http://example.com',
    );
    // A path without authority is not a directory: `mailto:` keeps its path.
    assert.equal(normalize('mailto:a@example.com', o), 'mailto:a@example.com');
  });

  it('"remove www" matches www in any case', () => {
    for (const host of ['www', 'WWW', 'Www', 'wWw']) {
      assert.equal(
        normalize(`http://${host}.example.com/`, { removeWww: true }),
        'http://example.com/',
      );
    }
    assert.equal(
      normalize('http://WWW.Example.com/', { removeWww: true, lowercaseHost: false }),
      'http://Example.com/',
    );
  });

  it('reads default ports written with leading zeros as numbers (:0443 on https is the default)', () => {
    assert.equal(normalize('https://example.com:0443/'), 'https://example.com/');
    assert.equal(normalize('https://example.com:000443/x'), 'https://example.com/x');
    assert.equal(normalize('http://example.com:080/'), 'http://example.com/');
    // :081 is port 81, not the http default: kept, as the number it is (issue 27).
    assert.equal(normalize('http://example.com:081/'), 'http://example.com:81/');
    assert.equal(normalize('https://example.com:0080/'), 'https://example.com:80/');
    assert.equal(
      normalize('http://example.com:081/', { removeDefaultPort: false }),
      'http://example.com:081/',
    );
    assert.equal(
      normalize('https://example.com:0443/', { removeDefaultPort: false }),
      'https://example.com:0443/',
    );
  });
});
