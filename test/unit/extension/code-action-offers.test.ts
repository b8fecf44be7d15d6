// The refactor actions per URL kind, as the README's "Quick fixes" table states them.
import * as assert from 'node:assert/strict';
import { codeActionOffers } from '../../../src/extension/logic/code-action-offers';
import { readSettings } from '../../../src/shared/settings';
import { writeUrl } from '../../../src/shared/write-context';

const settings = readSettings(() => undefined, true);

/** The offers for `url` alone on a line, as "Title: text" or "Title: disabled (reason)". */
function offers(url: string, line = url, start = line.indexOf(url)): string[] {
  const at = { url, write: (u: string) => writeUrl(line, start, start + url.length, u) };
  return codeActionOffers(at, settings).map(
    (o) => `${o.title}: ${o.text ?? `disabled (${o.reason ?? ''})`}`,
  );
}

describe('extension: code action offers per kind', () => {
  it('a publisher URL: to the cache URL; Normalize and Canonicalize disabled when already so', () => {
    assert.deepEqual(offers('https://example.com/amp_document.html'), [
      'Replace with AMP Cache URL: https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html',
      'Normalize URL: disabled (already in this form)',
      'Canonicalize URL: disabled (already in this form)',
    ]);
  });

  it('an AMP Cache URL: to the publisher URL', () => {
    assert.deepEqual(
      offers('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html'),
      [
        'Replace with publisher URL: https://example.com/amp_document.html',
        'Normalize URL: disabled (already in this form)',
        'Canonicalize URL: disabled (already in this form)',
      ],
    );
  });

  it('an AMP viewer URL: to the publisher URL', () => {
    assert.deepEqual(offers('https://www.google.com/amp/s/example.com/amp_document.html'), [
      'Replace with publisher URL: https://example.com/amp_document.html',
      'Normalize URL: disabled (already in this form)',
      'Canonicalize URL: disabled (already in this form)',
    ]);
  });

  it('a cache origin: to the publisher domain; the canonical forms add the slash', () => {
    assert.deepEqual(offers('https://example-com.cdn.ampproject.org'), [
      'Replace with publisher URL: example.com',
      'Normalize URL: https://example-com.cdn.ampproject.org/',
      'Canonicalize URL: https://example-com.cdn.ampproject.org/',
    ]);
  });

  it('a hashed cache origin cannot be reversed: disabled with the reason', () => {
    const hashed =
      'https://v2z7yajmqelo6m3ckf3fbrkepojnmlbtxvk4lmgkjn6ojhljbu3q.cdn.ampproject.org';
    assert.match(offers(hashed)[0], /^Replace with publisher URL: disabled \(hashed/);
  });

  it('a URL the cache refuses: the conversion is disabled with the core reason', () => {
    const [toCache, normalize] = offers('https://user:pw@example.com/a');
    assert.match(toCache, /^Replace with AMP Cache URL: disabled \(.*user/i);
    assert.equal(normalize, 'Normalize URL: disabled (already in this form)');
  });

  it('a URL needing normalization: every action enabled', () => {
    assert.deepEqual(offers('HTTP://Example.COM:80/a/./b.html'), [
      'Replace with AMP Cache URL: https://example-com.cdn.ampproject.org/c/example.com/a/b.html',
      'Normalize URL: http://example.com/a/b.html',
      'Canonicalize URL: http://example.com/a/b.html',
    ]);
  });
});
