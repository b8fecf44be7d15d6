import * as assert from 'node:assert/strict';
import * as core from '../../../../src/core';
import { UrlError } from '../../../../src/core';
import { checkInput, MAX_URL_LENGTH } from '../../../../src/core/common/errors';

describe('UrlError and input guard', () => {
  it('is an Error named UrlError with a code', () => {
    const e = new UrlError('empty', 'The URL is empty.');
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'UrlError');
    assert.equal(e.code, 'empty');
    assert.equal(e.message, 'The URL is empty.');
  });

  it('refuses non-strings, blank and oversized input with a clear code', () => {
    assert.throws(() => checkInput(undefined), { name: 'UrlError', code: 'invalid-url' });
    assert.throws(() => checkInput(' \t\n'), { name: 'UrlError', code: 'empty' });
    assert.throws(() => checkInput('h'.repeat(MAX_URL_LENGTH + 1)), {
      name: 'UrlError',
      code: 'too-long',
    });
    assert.equal(checkInput('http://a.com/'), 'http://a.com/');
  });
});

// Every exported function, called with values outside its TypeScript types (as JavaScript callers,
// settings files and fuzzers do): a result or a UrlError, never a TypeError from inside.
describe('any argument at all: only UrlError', () => {
  const odd: unknown[] = [
    undefined,
    null,
    0,
    NaN,
    -1,
    4.5,
    true,
    '',
    '....',
    'x',
    {},
    [],
    [null],
    [{}],
    Object.create(null),
    Symbol('s'),
    () => 1,
    { caches: null },
    { caches: [null] },
    { caches: [{ cacheDomain: null }] },
    { candidates: null },
    { candidates: [null, 5] },
    { cacheDomain: null },
    { cacheDomain: '....' },
    { servingType: Object.create(null) as unknown },
    { servingType: 'ii', imageWidth: -1 },
  ];
  const urls = [
    'https://example.com/a',
    'https://example-com.cdn.ampproject.org/c/s/example.com/a',
    'example-com.cdn.ampproject.org',
  ];
  const functions = Object.entries(core).filter(
    ([name, f]) => typeof f === 'function' && name !== 'UrlError',
  ) as [string, (...a: unknown[]) => unknown][];

  for (const [name, f] of functions) {
    it(name, () => {
      for (const a of [...odd, ...urls]) {
        for (const b of [undefined, ...odd]) {
          try {
            f(a, b);
          } catch (e) {
            assert.ok(
              e instanceof UrlError,
              `${name}(${describeValue(a)}, ${describeValue(b)}) threw ${String(e)}`,
            );
          }
        }
      }
    });
  }

  it('names what is wrong with an option', () => {
    assert.throws(() => core.cacheUrl('https://a.com/', 5 as never), {
      code: 'invalid-option',
      message: 'The cacheUrl options must be an object.',
    });
    assert.throws(() => core.cacheOrigin('a.com', '....'), {
      code: 'invalid-option',
      message: /empty label/,
    });
    assert.throws(() => core.cacheOrigin('a.com', '192.0.2.1'), {
      code: 'invalid-option',
      message: /IP address/,
    });
    assert.throws(() => core.hashPrefixes('a.com', Object.create(null) as core.HashPrefixLength), {
      code: 'invalid-option',
      message: /not object/,
    });
    // null options are no options.
    assert.equal(
      core.cacheUrl('https://a.com/', null),
      'https://a-com.cdn.ampproject.org/c/s/a.com/',
    );
    assert.equal(core.publisherDomain('a-com.cdn.ampproject.org', null), 'a.com');
  });
});

function describeValue(v: unknown): string {
  try {
    return typeof v === 'symbol' || typeof v === 'function' ? typeof v : JSON.stringify(v);
  } catch {
    return typeof v;
  }
}
