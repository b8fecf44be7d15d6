// normalize refuses what is no URI (issue 26): it never returns it as if it were normalized.
import * as assert from 'node:assert/strict';
import { NORMALIZE_PRESETS, UrlError, normalize } from '../../../../src/core';

function refused(url: string): string {
  try {
    const out = normalize(url);
    assert.fail(`${JSON.stringify(url)} was normalized to ${JSON.stringify(out)}`);
  } catch (e) {
    assert.ok(e instanceof UrlError, String(e));
    assert.equal(e.code, 'invalid-url', e.message);
    return e.message;
  }
}

describe('normalize: only valid URIs', () => {
  it('still normalizes the examples of uri-normalization.md', () => {
    const examples: [string, string][] = [
      ['http://example.com/foo%2a', 'http://example.com/foo%2A'],
      ['HTTP://User@Example.COM/Foo', 'http://User@example.com/Foo'],
      ['http://example.com/%7Efoo', 'http://example.com/~foo'],
      ['http://example.com/foo/./bar/baz/../qux', 'http://example.com/foo/bar/qux'],
      ['http://example.com', 'http://example.com/'],
      ['http://example.com:80/', 'http://example.com/'],
    ];
    for (const [input, expected] of examples) assert.equal(normalize(input), expected, input);
    assert.equal(
      normalize('http://www.example.com/', NORMALIZE_PRESETS.aggressive),
      'https://example.com/',
    );
  });

  it('refuses bad IP literals, naming the host', () => {
    assert.match(refused('http://[zz]/'), /"\[zz\]" is not an IPv6 address/);
    for (const url of [
      'http://[::1/',
      'http://[1:2:3:4:5:6:7:8:9]/',
      'http://[::1]x/',
      'http://[1::2::3]/',
    ])
      refused(url);
    for (const ok of [
      'http://[::1]/',
      'http://[fe80::1%25en0]:8080/',
      'http://[::ffff:1.2.3.4]/',
      'http://[v1.x]/',
    ])
      assert.doesNotThrow(() => normalize(ok), ok);
  });

  it('refuses spaces and control characters anywhere, saying which and where', () => {
    assert.match(refused('http://exa mple.com/'), /a space at position 11/);
    assert.match(
      refused('http://example.com/a\u0007b'),
      /invisible character U\+0007 at position 21/,
    );
    assert.match(refused('http://example.com/\u001b]52;c;x\u0007'), /U\+001B/);
    assert.match(refused('http://example.com/?q=\u0085'), /U\+0085/);
    assert.match(refused('http://example.com/#\u202e'), /U\+202E/);
    refused('http://example.com/\t');
    refused('http://example.com/\r\nx');
  });

  it('refuses a host holding what no host name holds, and a port that is no number', () => {
    refused('http://ex"ample.com/');
    refused('http://exa<mple.com/');
    refused('http://a@b@c.com/x:y');
    assert.match(refused('http://example.com:8o/'), /the port "8o" is not a number/);
  });

  it('a refusal is the same on a second pass: nothing it returns is refused', () => {
    for (const url of [
      'http://a.com/"x"/[y]/{z}',
      'http://a.com/%zz',
      'mailto:a@b.c',
      'urn:isbn:0451450523',
    ])
      assert.equal(normalize(normalize(url)), normalize(url), url);
  });
});
