import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core/common/errors';
import { expressions } from '../../../../src/core/safe-browsing/expressions';

describe('Safe Browsing expressions', () => {
  it("gives the spec's four examples exactly, in order", () => {
    assert.deepEqual(expressions('http://a.b.com/1/2.html?param=1'), [
      'a.b.com/1/2.html?param=1',
      'a.b.com/1/2.html',
      'a.b.com/',
      'a.b.com/1/',
      'b.com/1/2.html?param=1',
      'b.com/1/2.html',
      'b.com/',
      'b.com/1/',
    ]);
    assert.deepEqual(expressions('http://a.b.c.d.e.f.com/1.html'), [
      'a.b.c.d.e.f.com/1.html',
      'a.b.c.d.e.f.com/',
      'c.d.e.f.com/1.html',
      'c.d.e.f.com/',
      'd.e.f.com/1.html',
      'd.e.f.com/',
      'e.f.com/1.html',
      'e.f.com/',
      'f.com/1.html',
      'f.com/',
    ]);
    assert.deepEqual(expressions('http://1.2.3.4/1/'), ['1.2.3.4/1/', '1.2.3.4/']);
    assert.deepEqual(expressions('http://example.co.uk/1'), ['example.co.uk/1', 'example.co.uk/']);
  });

  it('starts host suffixes at the eTLD+1 of the Public Suffix List', () => {
    // kita.tokyo.jp is a public suffix, so f.kita.tokyo.jp is the eTLD+1; the Go client (last seven
    // labels) would also check kita.tokyo.jp and tokyo.jp.
    assert.deepEqual(expressions('http://a.b.c.d.e.f.kita.tokyo.jp/'), [
      'a.b.c.d.e.f.kita.tokyo.jp/',
      'c.d.e.f.kita.tokyo.jp/',
      'd.e.f.kita.tokyo.jp/',
      'e.f.kita.tokyo.jp/',
      'f.kita.tokyo.jp/',
    ]);
    // An unknown TLD is a one-label suffix (the list's default rule).
    assert.deepEqual(expressions('http://a.b.c.d.e.f.g.h.i/'), [
      'a.b.c.d.e.f.g.h.i/',
      'e.f.g.h.i/',
      'f.g.h.i/',
      'g.h.i/',
      'h.i/',
    ]);
  });

  it('counts only the ICANN section of the list (private suffixes like github.io are still checked)', () => {
    assert.deepEqual(expressions('http://x.user.github.io/'), [
      'x.user.github.io/',
      'user.github.io/',
      'github.io/',
    ]);
    assert.deepEqual(expressions('http://a.b.c.d.user.github.io/'), [
      'a.b.c.d.user.github.io/',
      'c.d.user.github.io/',
      'd.user.github.io/',
      'user.github.io/',
      'github.io/',
    ]);
  });

  it('checks only the host when it has no registrable domain', () => {
    assert.deepEqual(expressions('http://co.uk/'), ['co.uk/']);
    assert.deepEqual(expressions('http://localhost:8080/a/b'), [
      'localhost/a/b',
      'localhost/',
      'localhost/a/',
    ]);
    assert.deepEqual(expressions('http://com/'), ['com/']);
  });

  it('uses no host suffixes for IP literals', () => {
    assert.deepEqual(expressions('http://[2001:470:1:18::114]/a/b'), [
      '[2001:470:1:18::114]/a/b',
      '[2001:470:1:18::114]/',
      '[2001:470:1:18::114]/a/',
    ]);
    assert.deepEqual(expressions('http://3279880203/'), ['195.127.0.11/']);
    assert.deepEqual(expressions('http://[::ffff:10.0.0.1]/'), ['10.0.0.1/']);
  });

  it('forms at most four path prefixes from the root', () => {
    assert.deepEqual(expressions('http://a.b/1/2/3/4/5/'), [
      'a.b/1/2/3/4/5/',
      'a.b/',
      'a.b/1/',
      'a.b/1/2/',
      'a.b/1/2/3/',
    ]);
    assert.deepEqual(expressions('http://a.b/1/2/3/4/5.html?x=1'), [
      'a.b/1/2/3/4/5.html?x=1',
      'a.b/1/2/3/4/5.html',
      'a.b/',
      'a.b/1/',
      'a.b/1/2/',
      'a.b/1/2/3/',
    ]);
  });

  it('gives at most 30 expressions, without duplicates, scheme, userinfo or port', () => {
    const all = expressions('https://user:pw@a.b.c.d.e.f.g.com:8443/1/2/3/4/5.html?x=1#f');
    assert.equal(all.length, 30);
    assert.equal(new Set(all).size, 30);
    assert.equal(all[0], 'a.b.c.d.e.f.g.com/1/2/3/4/5.html?x=1');
    assert.equal(all[29], 'g.com/1/2/3/');
    assert.ok(all.every((e) => !/https|user|pw|8443|#/.test(e)));
  });

  it('adds no query expression for an empty query', () => {
    assert.deepEqual(expressions('http://a.b/?'), ['a.b/']);
    assert.deepEqual(expressions('http://www.google.com/q?'), [
      'www.google.com/q',
      'www.google.com/',
      'google.com/q',
      'google.com/',
    ]);
  });

  it('builds expressions from the canonical URL (escapes, IDN, dots)', () => {
    assert.deepEqual(expressions('HTTP://WWW.B\u00fcCHER.de/%7euser/./a%20b'), [
      'www.xn--bcher-kva.de/~user/a%20b',
      'www.xn--bcher-kva.de/',
      'www.xn--bcher-kva.de/~user/',
      'xn--bcher-kva.de/~user/a%20b',
      'xn--bcher-kva.de/',
      'xn--bcher-kva.de/~user/',
    ]);
  });

  it('refuses what canonicalize refuses, with a UrlError', () => {
    assert.throws(() => expressions('mailto:a@b.c'), UrlError);
    assert.throws(() => expressions(''), UrlError);
  });

  it('stays linear on hosts with hundreds of thousands of labels', () => {
    const host = `${'a.'.repeat(300000)}example.com`;
    assert.deepEqual(expressions(`http://${host}/`), [
      `${host}/`,
      'a.a.a.example.com/',
      'a.a.example.com/',
      'a.example.com/',
      'example.com/',
    ]);
  });
});
