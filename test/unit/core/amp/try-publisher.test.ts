import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import * as punycode from 'punycode/';
import {
  AMP_CACHES,
  UrlError,
  cacheUrl,
  publisherUrl,
  reverseAmpUrl,
  tryPublisherUrl,
  type ReverseOptions,
} from '../../../../src/core';
import { quietPublisherUrl } from '../../../../src/core/amp/fast-path';
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
  'https://bücher.de./x',
  'https://bücher.de/a b',
  'https://пример.google.com/amp/s/x.com/',
  'https://ｃｄｎ．ａｍｐｐｒｏｊｅｃｔ．ｏｒｇ/c/s/example.com/',
  'https://bücher-de.cdn.ampproject.org/c/s/example.com/',
  'https://x\u3002cdn.ampproject.org/c/s/example.com/',
  'https://a\u00adb.cdn.ampproject.org/c/s/example.com/',
  'https://www.ｇｏｏｇｌｅ.com/amp/s/example.com/',
  'https://㏂.com/',
  'https://⒈com/',
  'https://ü/',
  'https://ü.1/',
  'https://\u200d.com/',
  'https://user@bücher.de/',
  'https://bücher.de:443/',
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

  it('agrees with publisherUrl on plain hosts followed by hostile text (blanks, controls, tabs)', () => {
    // A host the fast refusal reads as written, then what the full reading may refuse or rewrite
    // anywhere in the URL: blanks and controls (refused), tabs and newlines (removed), `\\`, `%`.
    const host = fc
      .array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 3 })
      .map((labels) => `${labels.join('.')}.com`);
    const hostile = fc
      .array(
        fc.constantFrom(
          '/',
          'a',
          '?',
          '#',
          '.',
          '%',
          '\\',
          ' ',
          '\t',
          '\n',
          '\r',
          '\u0000',
          '\u001b',
          '\u007f',
          'ü',
        ),
        { maxLength: 8 },
      )
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.constantFrom('https://', 'http://'), host, hostile, (scheme, h, rest) => {
        const url = `${scheme}${h}/${rest}`;
        assert.deepEqual(returned(url), thrown(url), JSON.stringify(url));
      }),
      { numRuns: 2000 },
    );
    // The case found by hand: a space in the path is refused for the space, not the host.
    assert.deepEqual(returned('https://example.com/a b'), thrown('https://example.com/a b'));
  });

  it('gives refusals that JSON.stringify keeps whole (code and message)', () => {
    // One refusal of each kind: a host no AMP host (plain object), and one the reverse explains.
    for (const url of ['https://example.com/', 'https://a-com.cdn.ampproject.org:99/c/s/a.com/']) {
      const { error } = tryPublisherUrl(url);
      assert.ok(error, url);
      assert.deepEqual(JSON.parse(JSON.stringify(error)), {
        code: error.code,
        message: error.message,
      });
      assert.ok(error.message.length > 0, url);
    }
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

describe('quietPublisherUrl: the fast path with nothing to say', () => {
  const check = (url: string) => {
    const quiet = quietPublisherUrl(url, AMP_CACHES);
    if (quiet === undefined) return false;
    const full = reverseAmpUrl(url);
    assert.deepEqual(
      { url: full.url, warnings: full.warnings, removed: full.removed },
      { url: quiet, warnings: [], removed: [] },
      url,
    );
    return true;
  };

  it('gives what reverseAmpUrl gives, with no warning and nothing removed', () => {
    const publishers = benchUrls(2000, 5);
    const quiet = publishers.map((u) => check(cacheUrl(u))).filter(Boolean).length;
    assert.ok(quiet > 1500, `only ${quiet} of 2000 cache URLs took the quiet path`);
  });

  it('leaves look-alike prefixes, retired caches and wrapped prefixes to reverseAmpUrl', () => {
    // Another host's prefix: reverseAmpUrl warns, so no quiet answer.
    assert.equal(
      quietPublisherUrl('https://evil-com.cdn.ampproject.org/c/s/example.com/', AMP_CACHES),
      undefined,
    );
    assert.equal(
      // Retired: reverseAmpUrl says the cache no longer serves pages.
      quietPublisherUrl('https://example-com.amp.cloudflare.com/c/s/example.com/', AMP_CACHES),
      undefined,
    );
    // `--` at positions 3 and 4 of the readable form: the spec's `0-…-0` wrap (en-us.example.com).
    assert.ok(check('https://0-en--us-example-com-0.cdn.ampproject.org/c/s/en-us.example.com/a'));
    assert.equal(
      quietPublisherUrl(
        'https://en--us-example-com.cdn.ampproject.org/c/s/en-us.example.com/a',
        AMP_CACHES,
      ),
      undefined,
    );
  });

  it("answers a hashed prefix when it is the host's own, and leaves another host's", () => {
    // Readable forms over 63 characters get the hash.
    const host = 'long-publisher-name.long-publisher-name.static.example.com.au';
    const own = cacheUrl(`https://${host}/a`);
    assert.match(own, /^https:\/\/[a-z2-7]{52}\.cdn\.ampproject\.org\//);
    assert.ok(check(own));
    const other = cacheUrl(`https://${host.replace('static', 'images')}/a`);
    const lookAlike = `${other.slice(0, 60)}${own.slice(60)}`;
    assert.equal(quietPublisherUrl(lookAlike, AMP_CACHES), undefined);
    assert.equal(reverseAmpUrl(lookAlike).warnings.length, 1);
  });

  it('leaves an IDN prefix whose code points are the halves of an emoji to reverseAmpUrl', () => {
    // a😀b.com: its prefix is the Punycode of `a😀b-com`, whose 😀 is one code point
    // (xn--ab-com-3v74e). Encoded as its two UTF-16 halves (xn--ab-com-3u92af32a), the label is
    // another one, though it decodes to the same UTF-16 text: reverseAmpUrl warns.
    assert.ok(check('https://xn--ab-com-3v74e.cdn.ampproject.org/c/s/xn--ab-no82a.com/x'));
    const halves = 'https://xn--ab-com-3u92af32a.cdn.ampproject.org/c/s/xn--ab-no82a.com/x';
    assert.equal(quietPublisherUrl(halves, AMP_CACHES), undefined);
    assert.equal(reverseAmpUrl(halves).warnings.length, 1);
  });

  it('agrees with reverseAmpUrl on IDN hosts, with their own prefix or another', () => {
    // Labels whose readable form decides the prefix: non-ASCII, hyphens (`--` at 3-4: the wrap),
    // astral code points, right-to-left text, labels invalid for lookup.
    const label = fc.constantFrom(
      'münchen',
      'bücher',
      'faß',
      '例え',
      'ü',
      'a',
      'ab',
      'en-us',
      'x-y',
      'a-',
      '😀',
      '😀😀',
      'שלום',
      'пример',
      'xn--mnchen-3ya',
      'long-publisher-name',
      'ü-ü',
      '0',
    );
    let quiet = 0;
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('c/s', 'i', 'r/s'),
        (host, other, type) => {
          let ascii: string;
          let own: string;
          try {
            ascii = new URL(`https://${host.join('.')}.com/`).hostname;
            own = cacheUrl(`https://${ascii}/x`);
          } catch {
            return; // no cache URL for that host (a Bidi label, say): nothing to compare
          }
          const path = `/${type}/${ascii}/x`;
          if (check(own.replace(/\/c\/s\/.*$/, path))) quiet++;
          // The `xn--` label the readable form would give even where the host gets the hash
          // (labels invalid for lookup, Bidi): a look-alike for those.
          const readable = punycode.toUnicode(ascii).replaceAll('-', '--').replaceAll('.', '-');
          const points = Array.from(readable);
          const wrapped = points[2] === '-' && points[3] === '-' ? `0-${readable}-0` : readable;
          check(`https://xn--${punycode.encode(wrapped)}.cdn.ampproject.org${path}`);
          try {
            const prefix = new URL(cacheUrl(`https://${other.join('.')}.com/`)).hostname;
            check(`https://${prefix}${path}`);
          } catch {
            // no cache URL for that host: nothing to compare
          }
        },
      ),
      { numRuns: 1500 },
    );
    assert.ok(quiet > 300, `only ${quiet} IDN cache URLs took the quiet path`);
  });

  it('agrees with reverseAmpUrl on cache URLs with any prefix and host', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('c', 'c/s', 'v/s', 'i', 'r/s'),
        (prefix, host, type) => {
          const url = `https://${prefix.join('-')}.cdn.ampproject.org/${type}/${host.join('.')}.com/x`;
          check(url);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
