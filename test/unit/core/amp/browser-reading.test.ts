// cacheUrl reads the publisher URL as a browser does (issue 13, "Browser-true"), and refuses
// hostile hosts before any IDNA or Punycode work (issue 12, "Bounded cost").
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { UrlError, cacheOrigin, cacheUrl, domainPrefix, hostToAscii } from '../../../../src/core';
import { MAX_HOST_INPUT, MAX_LABEL_INPUT } from '../../../../src/core/common/idn';
import { canonicalize } from '../../../../src/core/safe-browsing';
import { refuses } from './helpers';

const C = 'https://example-com.cdn.ampproject.org/c/s/example.com';

describe('amp-cache: cacheUrl converts the URL the browser would request', () => {
  it('resolves dot segments: the path never leaves /c/s/<host>/ (issue 13 example)', () => {
    assert.equal(cacheUrl('https://example.com/a/../../x'), `${C}/x`);
    assert.equal(cacheUrl('https://example.com/../../c/s/evil.com/y'), `${C}/c/s/evil.com/y`);
    assert.equal(cacheUrl('https://example.com/a/./b/..'), `${C}/a/`);
  });

  it('reads %2e and %2E as . in dot segments, but keeps other escapes as written', () => {
    assert.equal(cacheUrl('https://example.com/a/%2e%2E/%2e/x'), `${C}/x`);
    assert.equal(cacheUrl('https://example.com/a/%2e%2e%2fx'), `${C}/a/%2e%2e%2fx`);
    assert.equal(cacheUrl('https://example.com/%7euser/a%2Fb'), `${C}/%7euser/a%2Fb`);
  });

  it('reads \\ as / in http(s) URLs, in the scheme slashes and in the path', () => {
    assert.equal(cacheUrl('https:\\\\example.com\\a\\..\\..\\x'), `${C}/x`);
    assert.equal(cacheUrl('https://example.com\\a'), `${C}/a`);
    assert.equal(cacheUrl('https:////example.com/a'), `${C}/a`); // browsers skip extra slashes
  });

  it('removes tabs and newlines anywhere, as the URL parser does', () => {
    assert.equal(cacheUrl('https://exa\tmple.com/a\n/b\r'), `${C}/a/b`);
    assert.equal(cacheUrl('https://example.com/.\t./x'), `${C}/x`);
  });

  it('writes what the browser percent-encodes percent-encoded (a " in the path is %22)', () => {
    assert.equal(cacheUrl('https://example.com/a"b<c>`d{e}'), `${C}/a%22b%3Cc%3E%60d%7Be%7D`);
    assert.equal(cacheUrl('https://example.com/?q=\'x"#f"g'), `${C}/?q=%27x%22#f%22g`);
    assert.equal(cacheUrl('https://example.com/ü'), `${C}/%C3%BC`);
  });

  it('writes a host with characters the path encodes percent-encoded (issue 12: no raw " in the path)', () => {
    const cache = cacheUrl('https://evil.example%22onmouseover=alert(1)/');
    assert.match(cache, /^https:\/\/[a-z2-7]{52}\.cdn\.ampproject\.org\/c\/s\//);
    assert.ok(cache.endsWith('/c/s/evil.example%22onmouseover=alert(1)/'), cache);
    assert.ok(!cache.includes('"'));
    assert.equal(new URL(cache).href, cache);
  });

  it('maps the host as the browser does (UTS #46, IPv4 numbers, full-width dots)', () => {
    assert.equal(
      cacheUrl('https://EXAMPLE。com/x'),
      'https://example-com.cdn.ampproject.org/c/s/example.com/x',
    );
    assert.equal(
      cacheUrl('http://0xc0.0.2.1/x'),
      'https://192-0-2-1.cdn.ampproject.org/c/192.0.2.1/x',
    );
    assert.equal(cacheUrl('https://ex%61mple.com/'), `${C}/`);
  });

  it('reads default ports written with leading zeros as numbers (:0443 is the https default)', () => {
    assert.equal(cacheUrl('https://example.com:0443/x'), `${C}/x`);
    assert.equal(
      cacheUrl('http://example.com:080/x'),
      `https://example-com.cdn.ampproject.org/c/example.com/x`,
    );
    refuses(() => cacheUrl('http://example.com:081/x'), 'port', /port 81 is not the http default/);
    refuses(() => cacheUrl('https://example.com:99999/'), 'port', /"99999"/);
  });

  it('still refuses what has no host of its own or a cache would not fetch', () => {
    // `http:example.com` is relative to a page of the same scheme: no host without that page.
    refuses(() => cacheUrl('http:example.com'), 'invalid-host', /no host/);
    refuses(() => cacheUrl('https:/example.com'), 'invalid-host', /no host/);
    refuses(() => cacheUrl('https:\\\\u@example.com\\x'), 'userinfo');
    refuses(() => cacheUrl('https://a.com/a b'), 'invalid-url', /whitespace/);
    refuses(() => cacheUrl('https://exa%00mple.com/'), 'invalid-host', /not a valid domain/);
    // A host of dots only would be a dot segment in the cache path (`/c/./`), found by the fuzzer.
    refuses(() => cacheUrl('http://．'), 'invalid-host', /no label/);
    refuses(() => cacheUrl('http://../x'), 'invalid-host', /no label/);
  });
});

describe('amp-cache: cacheUrl properties against the WHATWG URL parser', () => {
  const segment = fc.constantFrom(
    'a',
    'b',
    '..',
    '.',
    '%2e',
    '%2E%2e',
    '.%2e',
    '',
    'c"d',
    'é',
    '%41',
    's',
  );
  const sep = fc.constantFrom('/', '\\', '/', '\t/', '/\n');
  const path = fc
    .array(fc.tuple(sep, segment), { maxLength: 8 })
    .map((parts) => parts.map(([s, p]) => s + p).join(''));
  const host = fc.constantFrom(
    'example.com',
    'ex%22a{b}`c.com',
    'Example.COM',
    'münchen.de',
    'a-b.example',
    'xn--mnchen-3ya.de',
    '1.2.3.4',
  );
  const tail = fc.constantFrom('', '?q=1', '?q="x"', '#f', '?a/../b#c/../d');

  it('for every accepted u, the cache path starts with the serving prefix and the publisher host', () => {
    fc.assert(
      fc.property(fc.boolean(), host, path, tail, (https, h, p, t) => {
        const url = `${https ? 'https' : 'http'}://${h}${p}${t}`;
        let cache: string;
        try {
          cache = cacheUrl(url);
        } catch (e) {
          assert.ok(e instanceof UrlError, String(e));
          return;
        }
        const browser = new URL(url);
        // The host as a path carries it (a `"` in a host browsers accept is sent as `%22`).
        const hostPath = new URL(`https://h/${hostToAscii(h)}`).pathname.slice(1);
        const served = `/c/${https ? 's/' : ''}${hostPath}`;
        const pathname = new URL(cache).pathname;
        // An empty path stays empty (the toolbox's vectors): the browser requests `/` for both.
        const empty = !/^[\\/]/.test(p.replace(/[\t\n]/g, ''));
        assert.ok(pathname.startsWith(empty ? served : `${served}/`), `${url} -> ${cache}`);
        // The rest is exactly the browser's path, query and fragment.
        const rest = browser.href.slice(browser.origin.length);
        assert.equal(
          cache.slice(cache.indexOf(served) + served.length),
          empty ? rest.slice(1) : rest,
        );
        // And the cache URL is already in the browser's serialization.
        assert.equal(new URL(cache).href, cache);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('amp-cache: bounded cost on hostile hosts (refused, with the reason, before IDNA)', () => {
  const huge = 'a'.repeat(1_000_000);

  it('refuses hosts longer than MAX_HOST_INPUT as written, whatever their shape', () => {
    for (const h of [
      `xn--${huge}.com`,
      `${'a.'.repeat(300_000)}com`,
      `${'%41'.repeat(300_000)}.com`,
      `${'ü'.repeat(MAX_HOST_INPUT + 1)}.de`,
    ]) {
      refuses(
        () => cacheUrl(`https://${h}/x`),
        'invalid-host',
        /more than any spelling of a DNS name/,
      );
      refuses(() => domainPrefix(h), 'invalid-host', /more than any spelling of a DNS name/);
      refuses(() => cacheOrigin(h), 'invalid-host');
      refuses(() => hostToAscii(h), 'invalid-host');
    }
  });

  it('refuses a label longer than MAX_LABEL_INPUT as written (so Punycode never sees it)', () => {
    const label = `xn--${'a'.repeat(MAX_LABEL_INPUT)}`;
    refuses(() => cacheUrl(`https://${label}.com/`), 'invalid-host', /a label is 1028 characters/);
    refuses(
      () => domainPrefix(`ü${'\u00ad'.repeat(MAX_LABEL_INPUT)}.de`),
      'invalid-host',
      /a label/,
    );
  });

  it('refuses hosts over the DNS limits in ASCII form (253 characters, 63 per label)', () => {
    refuses(() => cacheUrl(`https://${'a'.repeat(64)}.com/`), 'invalid-host', /at most 63/);
    refuses(() => domainPrefix(`${'ü'.repeat(60)}.de`), 'invalid-host', /at most 63/);
    const long = `${Array.from({ length: 5 }, () => 'a'.repeat(50)).join('.')}.com`; // 258
    refuses(() => domainPrefix(long), 'invalid-host', /at most 253/);
  });

  it('keeps the hash fallback for valid long hosts, however they are spelled', () => {
    const valid = `${Array.from({ length: 4 }, () => 'a'.repeat(61)).join('.')}.com`; // 251
    assert.equal(valid.length, 251);
    assert.match(domainPrefix(valid), /^[a-z2-7]{52}$/);
    // Spelled with escapes and ignored code points it is longer than 253 as written, still valid.
    const spelled = valid.replaceAll('a', '%61\u00ad');
    assert.ok(spelled.length > 253 && spelled.length < MAX_HOST_INPUT);
    assert.equal(domainPrefix(spelled), domainPrefix(valid));
    assert.equal(cacheUrl(`https://${spelled}/x`), cacheUrl(`https://${valid}/x`));
  });

  it('Safe Browsing refuses a host that needs IDNA and is longer than MAX_HOST_INPUT, before IDNA', () => {
    for (const h of [`${'ü'.repeat(MAX_HOST_INPUT)}.de`, `${'%C3%BC.'.repeat(2000)}de`]) {
      assert.throws(
        () => canonicalize(`http://${h}/`),
        (e: unknown) =>
          e instanceof UrlError && e.code === 'invalid-host' && e.message.includes('IDNA'),
      );
    }
    // ASCII hosts need no IDNA: read in linear time and kept, as the Safe Browsing tests document.
    assert.equal(canonicalize(`http://xn--${huge}.com/`), `http://xn--${huge}.com/`);
    // Hosts a browser refuses still get a key.
    assert.equal(canonicalize('http://\x01%80.com/'), 'http://%01%80.com/');
  });
});
