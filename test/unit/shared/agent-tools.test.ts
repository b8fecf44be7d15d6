// The tools offered to agents (src/shared/agent-tools): inputs refused by their own schemas, and
// answers equal to what the hover, Show all forms and the CLI compute. Examples from the specs
// (/work/shared/specs: amp-cache.md seed 001, safe-browsing.md).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import {
  FindCollector,
  TOOLS,
  answerText,
  answerUrlTool,
  checkInput,
  toolDefinition,
  type ToolName,
} from '../../../src/shared/agent-tools';
import { readSettings } from '../../../src/shared/settings';

const settings = readSettings(() => undefined, true);
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const VIEWER = 'https://www.google.com/amp/s/example.com/amp_document.html';

function answer(name: Exclude<ToolName, 'amp_url_find_amp_urls'>, input: unknown) {
  const checked = checkInput(defined(name), input);
  if (checked.error !== undefined) throw new Error(checked.error);
  const a = answerUrlTool(name, checked.value, settings);
  if (a.error !== undefined) throw new Error(a.error);
  // Through the text the caller gets: the answer is JSON data.
  return JSON.parse(answerText(a.data)) as Record<string, unknown>;
}

/** The definition of a tool the tests name, which must exist. */
function defined(name: string) {
  const d = toolDefinition(name);
  assert.ok(d, `no tool ${name}`);
  return d;
}

describe('agent tools: input', () => {
  const ajv = new Ajv({ strict: true, allErrors: false });
  const refused = [
    { url: 'not a url' },
    { url: 'example.com/page' },
    { url: 'https://example.com/a b' },
    { url: 'https://example.com/\u0007' },
    { url: '' },
    { url: 42 },
    { url: PUB, extra: 1 },
    {},
    null,
    [PUB],
    'https://example.com/',
    { url: `https://example.com/${'a'.repeat(40_000)}` },
  ];

  it('refuses what is not a URL, by the schema and again by checkInput', () => {
    const def = defined('amp_url_forms');
    const validate = ajv.compile(def.inputSchema);
    for (const input of refused) {
      assert.equal(validate(input), false, `schema took ${JSON.stringify(input).slice(0, 60)}`);
      const r = checkInput(def, input);
      assert.ok(r.error !== undefined, `checkInput took ${JSON.stringify(input).slice(0, 60)}`);
      assert.match(r.error, /^amp_url_forms: /);
    }
    for (const url of [PUB, 'www.example.com/x', 'HTTP://EXAMPLE.COM', 'http://[::1]/']) {
      assert.equal(validate({ url }), true, url);
      assert.deepEqual(checkInput(def, { url }), { value: { url } });
    }
  });

  it('every schema compiles under ajv strict, and checkInput agrees with it', () => {
    const samples: Record<ToolName, unknown[]> = {
      amp_url_forms: [{ url: PUB }],
      amp_url_deamp: [{ urls: [PUB, CACHE] }, { urls: [] }, { urls: [PUB, 'x y'] }],
      amp_url_cache: [
        { url: PUB, cache: 'bing' },
        { url: PUB, cache: 'a b' },
      ],
      amp_url_safe_browsing: [
        { url: PUB, hashLength: 8 },
        { url: PUB, hashLength: 5 },
      ],
      amp_url_normalize: [
        { url: PUB, preset: 'aggressive' },
        { url: PUB, preset: 'wild' },
      ],
      amp_url_find_amp_urls: [{}, { include: '**/*.md', maxResults: 5 }, { maxResults: 0 }],
    };
    for (const def of TOOLS) {
      const validate = ajv.compile(def.inputSchema);
      for (const input of samples[def.name])
        assert.equal(
          checkInput(def, input).error === undefined,
          validate(input),
          `${def.name} ${JSON.stringify(input)}`,
        );
    }
  });

  it('says what is wrong in one line', () => {
    const r = checkInput(defined('amp_url_deamp'), { urls: [PUB, 'no'] });
    assert.equal(
      r.error,
      'amp_url_deamp: urls[1] is not a URL (absolute, or starting with www.; no spaces or control characters): "no"',
    );
  });
});

describe('agent tools: answers', () => {
  it('amp_url_deamp: AMP Cache and viewer URLs to publisher URLs, every other URL unchanged', () => {
    const rows = answer('amp_url_deamp', {
      urls: [
        CACHE,
        VIEWER,
        PUB,
        'https://cdn.ampproject.org/v0.js',
        'https://example-com.cdn.ampproject.org',
      ],
    }).results as Record<string, unknown>[];
    assert.deepEqual(
      rows.map((r) => [r.kind, r.output, r.changed]),
      [
        ['cache', PUB, true],
        ['viewer', PUB, true],
        ['publisher', PUB, false],
        ['project', 'https://cdn.ampproject.org/v0.js', false],
        ['cacheOrigin', 'https://example-com.cdn.ampproject.org', false],
      ],
    );
  });

  it('amp_url_cache: the AMP Cache URL and origin (amp-cache.md, seed 001)', () => {
    const a = answer('amp_url_cache', { url: PUB });
    assert.equal(a.cacheUrl, CACHE);
    assert.equal(a.cacheOrigin, 'https://example-com.cdn.ampproject.org');
    const bing = answer('amp_url_cache', { url: PUB, cache: 'bing' });
    assert.equal(bing.cacheOrigin, 'https://example-com.www.bing-amp.com');
    assert.throws(() => answer('amp_url_cache', { url: PUB, cache: 'nope' }), /no cache "nope"/);
    const fromCache = answer('amp_url_cache', { url: CACHE });
    assert.equal(fromCache.cacheUrl, null);
    assert.equal(fromCache.cacheOrigin, 'https://example-com.cdn.ampproject.org');
  });

  it('amp_url_safe_browsing: the canonical URL and exact hash prefixes (safe-browsing.md)', () => {
    const a = answer('amp_url_safe_browsing', { url: 'http://a.b.com/1/2.html?param=1#frag' });
    assert.equal(a.canonical, 'http://a.b.com/1/2.html?param=1');
    const expressions = a.expressions as { expression: string; hex: string }[];
    assert.equal(expressions[0].expression, 'a.b.com/1/2.html?param=1');
    assert.equal(expressions[0].hex, '2fcd902c');
    for (const e of expressions)
      assert.equal(e.hex, createHash('sha256').update(e.expression).digest('hex').slice(0, 8));
    const long = answer('amp_url_safe_browsing', { url: 'http://1.2.3.4/1/', hashLength: 32 });
    assert.equal((long.expressions as { hex: string }[])[0].hex.length, 64);
  });

  it('amp_url_normalize: the preset asked, or the configured one', () => {
    assert.equal(
      answer('amp_url_normalize', { url: 'HTTP://Example.COM:80/a/./b/../c' }).normalized,
      'http://example.com/a/c',
    );
    assert.equal(
      answer('amp_url_normalize', { url: 'http://www.example.com/?b=1&a=2', preset: 'aggressive' })
        .normalized,
      'https://example.com/?a=2&b=1',
    );
  });

  it('amp_url_forms: the forms Show all forms lists, as data', () => {
    const a = answer('amp_url_forms', { url: PUB });
    assert.equal(a.kind, 'publisher');
    const forms = a.forms as { id: string; value: string | null }[];
    assert.equal(forms.find((f) => f.id === 'cache')?.value, CACHE);
    assert.ok(forms.some((f) => f.id === 'cache:bing'));
    assert.equal(forms.find((f) => f.id === 'canonical')?.value, PUB);
    assert.ok(Array.isArray(a.hashPrefixes));
  });

  it('answers hostile text as inert JSON: controls and Bidi escaped, the value unchanged', () => {
    const url = 'https://example.com/\u202e\u0085\u2028x';
    const text = answerText({ url });
    assert.doesNotMatch(text, /[\u0085\u2028\u202e]/);
    assert.deepEqual(JSON.parse(text), { url });
  });
});

describe('agent tools: find', () => {
  it('finds AMP URLs with line, column, publisher URL and the replacement for where they stand', () => {
    const c = new FindCollector(settings, 10);
    c.addFile('a.html', `<p>\n<a href="${CACHE}?x=1&amp;y=2">x</a>`, 'html');
    c.addFile('b.md', `no AMP here: ${PUB}`, 'markdown');
    const r = c.result();
    assert.equal(r.filesSearched, 2);
    assert.equal(r.findings.length, 1);
    const f = r.findings[0];
    assert.deepEqual([f.path, f.line, f.column, f.kind], ['a.html', 2, 10, 'cache']);
    assert.equal(f.url, `${CACHE}?x=1&y=2`);
    assert.equal(f.publisherUrl, `${PUB}?x=1&y=2`);
    assert.equal(f.replacement, `${PUB}?x=1&amp;y=2`);
  });

  it('stops at maxResults and says so', () => {
    const c = new FindCollector(settings, 2);
    c.addFile('a.txt', [CACHE, VIEWER, CACHE].join('\n'));
    assert.equal(c.result().findings.length, 2);
    assert.equal(c.full, true);
    assert.equal(c.result().truncated, true);
  });
});
