// Options are read from own properties only: a polluted Object.prototype changes nothing
// (issue 26). Each public function that takes options, with none, with `{}` and with its own.
import * as assert from 'node:assert/strict';
import {
  AMP_CACHES,
  NORMALIZE_PRESETS,
  cacheUrl,
  normalize,
  parseCacheUrl,
  publisherDomain,
  publisherUrl,
  reverseAmpUrl,
  tryPublisherUrl,
} from '../../../../src/core';

const PUBLISHER = 'https://www.Example.com/a/./b/index.html?b=2&a=1&utm_source=x#top';
const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a';
const ORIGIN = 'https://www-example-com.cdn.ampproject.org';

// Every option name any of them reads, each set to a value that would change a result.
const POLLUTION: Record<string, unknown> = {
  cacheDomain: 'evil.example',
  servingType: 'i',
  imageWidth: 100,
  caches: [{ id: 'evil', name: 'Evil', cacheDomain: 'evil.example' }],
  candidates: ['evil.example'],
  removeDirectoryIndex: true,
  removeQueryParams: ['a'],
  removeFragment: true,
  forceHttp: true,
  removeWww: true,
  sortQuery: true,
  lowercaseHost: false,
  removeDotSegments: false,
};

/** Each call, as a thunk giving its result or its refusal. */
const CALLS: Record<string, () => unknown> = {
  'cacheUrl()': () => cacheUrl(PUBLISHER),
  'cacheUrl({})': () => cacheUrl(PUBLISHER, {}),
  'cacheUrl(bing)': () => cacheUrl(PUBLISHER, { cacheDomain: 'www.bing-amp.com' }),
  'publisherUrl()': () => publisherUrl(CACHE),
  'publisherUrl({})': () => publisherUrl(CACHE, {}),
  'tryPublisherUrl({})': () => tryPublisherUrl(CACHE, {}),
  'reverseAmpUrl({})': () => reverseAmpUrl(CACHE, {}).url,
  'parseCacheUrl({})': () => parseCacheUrl(CACHE, {}),
  'publisherDomain({})': () => publisherDomain(ORIGIN, {}),
  'publisherDomain(hashed, {})': () =>
    publisherDomain(
      'https://v2c4ucasgcskftbjt4c7phpkbqedcdcqo23tkamleapoa5o6fygq.cdn.ampproject.org',
      {},
    ),
  'publisherUrl(caches: a record without cacheDomain)': () =>
    publisherUrl(CACHE, { caches: [{ id: 'x', name: 'x' } as never, ...AMP_CACHES] }),
  'normalize()': () => normalize(PUBLISHER),
  'normalize({})': () => normalize(PUBLISHER, {}),
  'normalize(safe)': () => normalize(PUBLISHER, NORMALIZE_PRESETS.safe),
  'normalize({ sortQuery })': () => normalize(PUBLISHER, { sortQuery: true }),
};

function outcome(call: () => unknown): unknown {
  try {
    return { value: call() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('options: own properties only', () => {
  it('a polluted Object.prototype changes no result of any option-taking function', () => {
    const clean = Object.fromEntries(Object.entries(CALLS).map(([k, f]) => [k, outcome(f)]));
    const proto = Object.prototype as Record<string, unknown>;
    try {
      for (const [key, value] of Object.entries(POLLUTION)) proto[key] = value;
      for (const [name, call] of Object.entries(CALLS))
        assert.deepEqual(outcome(call), clean[name], name);
    } finally {
      for (const key of Object.keys(POLLUTION)) Reflect.deleteProperty(proto, key);
    }
    assert.equal(({} as Record<string, unknown>).cacheDomain, undefined);
  });
});
