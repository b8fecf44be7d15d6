import * as assert from 'node:assert/strict';
import {
  isOwnKey,
  MAX_ARG_STRING,
  parseArgs,
  parseNormalizeOptions,
} from '../../../src/extension/logic/command-args';
import { MAX_LINK_TEXT, parseLinkTarget, plainData } from '../../../src/extension/logic/link-args';
import { COMMAND } from '../../../src/extension/command-ids';

const URL = 'https://example.com/a';
const ok = { uri: 'untitled:Untitled-1', start: 4, end: 4 + URL.length, expected: URL };

describe('link arguments (parseLinkTarget)', () => {
  it('accepts a well-formed target, with or without a known form id', () => {
    assert.deepEqual(parseLinkTarget(ok), ok);
    for (const form of [
      'cache',
      'cacheOrigin',
      'cache:bing',
      'cacheOrigin:my cache',
      'publisher',
      'publisherDomain',
      'canonical',
      'normalized',
      'hash:0',
      'hash:12',
    ])
      assert.deepEqual(parseLinkTarget({ ...ok, form }), { ...ok, form }, form);
    // From JSON, as a command link delivers it.
    assert.deepEqual(parseLinkTarget(JSON.parse(JSON.stringify({ ...ok, form: 'cache' }))), {
      ...ok,
      form: 'cache',
    });
  });

  it('the result is a fresh object: later changes to the argument do not reach it', () => {
    const arg = { ...ok };
    const t = parseLinkTarget(arg);
    arg.expected = 'x';
    assert.equal(t?.expected, URL);
  });

  it('refuses wrong types, the old positional form and non-objects', () => {
    const bad: unknown[] = [
      undefined,
      null,
      'untitled:Untitled-1',
      42,
      true,
      ['untitled:Untitled-1', 0, 0, '', 'any text'],
      [ok],
      () => ok,
      new Map(Object.entries(ok)),
      { ...ok, uri: 1 },
      { ...ok, uri: '' },
      { ...ok, uri: 'x'.repeat(8193) },
      { ...ok, start: '4' },
      { ...ok, start: 4.5 },
      { ...ok, start: -1, end: URL.length - 1 },
      { ...ok, start: NaN },
      { ...ok, end: 1e308 },
      { ...ok, end: Infinity },
      { ...ok, start: ok.end, end: ok.end, expected: '' },
      { ...ok, expected: URL.slice(1) },
      { ...ok, expected: 7 },
      { ...ok, form: 1 },
      { ...ok, form: 'cache:' },
      { ...ok, form: 'cache:a\nb' },
      { ...ok, form: 'any text' },
      { ...ok, form: 'hash:01' },
      { ...ok, form: 'hash:-1' },
      { ...ok, form: 'hash:99999' },
      { ...ok, form: 'toString' },
      { ...ok, form: '__proto__' },
    ];
    for (const arg of bad) assert.equal(parseLinkTarget(arg), undefined, JSON.stringify(arg));
  });

  it('refuses huge values (a 10 MB expected text)', () => {
    const big = 'a'.repeat(10 * 1024 * 1024);
    assert.equal(parseLinkTarget({ ...ok, end: ok.start + big.length, expected: big }), undefined);
    const justOver = 'a'.repeat(MAX_LINK_TEXT + 1);
    assert.equal(
      parseLinkTarget({ ...ok, end: ok.start + justOver.length, expected: justOver }),
      undefined,
    );
  });

  it('refuses prototype-polluting JSON, extra keys, symbols, getters and class instances', () => {
    const json = JSON.stringify(ok).slice(0, -1);
    for (const extra of [
      '"__proto__":{"form":"cache"}',
      '"constructor":{"prototype":{"x":1}}',
      '"prototype":1',
      '"text":"evil"',
    ]) {
      const arg: unknown = JSON.parse(`${json},${extra}}`);
      assert.equal(parseLinkTarget(arg), undefined, extra);
    }
    assert.equal(({} as Record<string, unknown>).form, undefined, 'Object.prototype untouched');
    assert.equal(parseLinkTarget({ ...ok, [Symbol('s')]: 1 }), undefined);
    assert.equal(
      parseLinkTarget(
        Object.defineProperty({ ...ok }, 'form', { get: () => 'cache', enumerable: true }),
      ),
      undefined,
    );
    assert.equal(parseLinkTarget(Object.defineProperty({ ...ok }, 'x', { value: 1 })), undefined);
    class Target {
      uri = ok.uri;
      start = ok.start;
      end = ok.end;
      expected = ok.expected;
    }
    assert.equal(parseLinkTarget(new Target()), undefined);
    assert.equal(parseLinkTarget(Object.assign(Object.create({ form: 'cache' }), ok)), undefined);
    assert.deepEqual(parseLinkTarget(Object.assign(Object.create(null), ok)), ok);
    const throwing = new Proxy(
      { ...ok },
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    assert.equal(parseLinkTarget(throwing), undefined);
  });

  it('plainData copies own data properties into an object without a prototype', () => {
    const d = plainData(JSON.parse('{"a":1}'), new Set(['a', 'b']));
    assert.deepEqual({ ...d }, { a: 1 });
    assert.equal(Object.getPrototypeOf(d), null);
    assert.equal(plainData({ c: 1 }, new Set(['a'])), undefined);
  });
});

describe('palette command arguments (parseArgs)', () => {
  const fields = { url: 'string', force: 'boolean', width: 'integer' } as const;

  it('no argument, or undefined, is an empty object; a well-typed object passes', () => {
    assert.deepEqual({ ...parseArgs(COMMAND.insertCacheUrl, [], fields).value }, {});
    assert.deepEqual({ ...parseArgs(COMMAND.insertCacheUrl, [undefined], fields).value }, {});
    assert.deepEqual(
      { ...parseArgs(COMMAND.insertCacheUrl, [{ url: 'x', force: true, width: 3 }], fields).value },
      {
        url: 'x',
        force: true,
        width: 3,
      },
    );
  });

  it('refuses wrong types, huge values, extra keys and prototype tricks, saying what it takes', () => {
    const bad: unknown[][] = [
      ['x'],
      [1],
      [null],
      [[{ url: 'x' }]],
      [{ url: 'x' }, { url: 'y' }],
      [{ url: 1 }],
      [{ url: 'a'.repeat(MAX_ARG_STRING + 1) }],
      [{ url: 'a'.repeat(10 * 1024 * 1024) }],
      [{ force: 'yes' }],
      [{ width: 1e308 }],
      [{ width: NaN }],
      [{ width: 1.5 }],
      [{ other: 1 }],
      [JSON.parse('{"__proto__":{"url":"x"}}')],
      [JSON.parse('{"constructor":{"prototype":{"polluted":true}}}')],
      [
        new (class {
          url = 'x';
        })(),
      ],
    ];
    for (const args of bad) {
      const r = parseArgs(COMMAND.insertCacheUrl, args, fields);
      assert.equal(r.value, undefined, JSON.stringify(args).slice(0, 80));
      assert.equal(
        r.refused,
        'ampUrl.insertCacheUrl takes one object with only these keys: url, force, width; nothing was done.',
      );
    }
    assert.equal(
      parseArgs(COMMAND.undoWorkspaceChange, [{}, 1], {}).refused,
      'ampUrl.undoWorkspaceChange takes no arguments; nothing was done.',
    );
    assert.deepEqual({ ...parseArgs(COMMAND.undoWorkspaceChange, [{}], {}).value }, {});
  });

  it('normalize options: known steps, booleans (lists where the core takes them)', () => {
    assert.deepEqual({ ...parseNormalizeOptions({ sortQuery: true }).value }, { sortQuery: true });
    assert.deepEqual(
      {
        ...parseNormalizeOptions({ removeQueryParams: ['utm_source'], removeDirectoryIndex: true })
          .value,
      },
      { removeQueryParams: ['utm_source'], removeDirectoryIndex: true },
    );
    for (const o of [
      { sortQuery: 'yes' },
      { removeQueryParams: [1] },
      { removeQueryParams: 'utm' },
      { removeQueryParams: Array.from({ length: 1000 }, () => 'a') },
      { unknownStep: true },
      JSON.parse('{"__proto__":{"forceHttp":true}}'),
      'safe',
    ])
      assert.ok(parseNormalizeOptions(o).refused, JSON.stringify(o));
  });

  it('isOwnKey: only own keys, never inherited ones such as constructor', () => {
    const presets = { safe: 1 };
    assert.ok(isOwnKey(presets, 'safe'));
    for (const k of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 1])
      assert.ok(!isOwnKey(presets, k), String(k));
  });
});
