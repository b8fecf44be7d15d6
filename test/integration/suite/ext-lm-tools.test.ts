// The language model tools in a real VS Code: listed in vscode.lm.tools with the descriptions and
// schemas of src/shared/agent-tools, answered through vscode.lm.invokeTool (no chat model needed:
// any extension may call a tool) with JSON data, and refusing input that is not a URL.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findingRows } from '../../helpers/agent-answers';
import { TOOLS } from '../../../src/shared/agent-tools';
import { activateExtension, fixturesDir } from './util';

const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const VIEWER = 'https://www.google.com/amp/s/example.com/amp_document.html';
const DIR = 'lm-itest';

async function invoke(name: string, input: object): Promise<Record<string, unknown>> {
  const r = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  assert.strictEqual(r.content.length, 1, `${name}: one part`);
  const part = r.content[0];
  assert.ok(part instanceof vscode.LanguageModelTextPart, `${name}: a text part`);
  return JSON.parse(part.value) as Record<string, unknown>;
}

describe('language model tools', () => {
  before(activateExtension);

  it('lists every tool in vscode.lm.tools with its description and input schema', () => {
    for (const def of TOOLS) {
      const info = vscode.lm.tools.find((t) => t.name === def.name);
      assert.ok(info, `${def.name} is not in vscode.lm.tools`);
      assert.strictEqual(info.description, def.description);
      assert.deepStrictEqual(info.inputSchema, def.inputSchema);
    }
  });

  it('de-AMPs a list: AMP Cache and viewer URLs to publisher URLs, others unchanged', async () => {
    const a = await invoke('amp_url_deamp', {
      urls: [CACHE, VIEWER, PUB, 'https://cdn.ampproject.org/v0.js'],
    });
    const rows = a.results as { output: string; changed: boolean }[];
    assert.deepStrictEqual(
      rows.map((r) => [r.output, r.changed]),
      [
        [PUB, true],
        [PUB, true],
        [PUB, false],
        ['https://cdn.ampproject.org/v0.js', false],
      ],
    );
  });

  it('gives the AMP Cache URL and origin, Safe Browsing hashes, the normalized URL and all forms', async () => {
    const cache = await invoke('amp_url_cache', { url: PUB });
    assert.strictEqual(cache.cacheUrl, CACHE);
    assert.strictEqual(cache.cacheOrigin, 'https://example-com.cdn.ampproject.org');
    const sb = await invoke('amp_url_safe_browsing', { url: 'http://a.b.com/1/2.html?param=1' });
    assert.strictEqual(sb.canonical, 'http://a.b.com/1/2.html?param=1');
    assert.strictEqual((sb.expressions as { hex: string }[])[0].hex, '2fcd902c');
    const n = await invoke('amp_url_normalize', { url: 'HTTP://Example.COM:80/a/./b/../c' });
    assert.strictEqual(n.normalized, 'http://example.com/a/c');
    const forms = await invoke('amp_url_forms', { url: CACHE });
    assert.strictEqual(forms.kind, 'cache');
    assert.ok(
      (forms.forms as { id: string; value: string }[]).some(
        (f) => f.id === 'publisher' && f.value === PUB,
      ),
    );
  });

  it('refuses what is not a URL, whatever the caller sent', async () => {
    for (const input of [{ url: 'not a url' }, { url: 'https://x.example/\u0000' }, { urls: [] }]) {
      const name = 'urls' in input ? 'amp_url_deamp' : 'amp_url_forms';
      await assert.rejects(
        Promise.resolve(vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined })),
        // The tool's own check answered (VS Code 1.139 passes an empty list through to it).
        /is not a URL|must hold at least 1/,
        `${name} took ${JSON.stringify(input)}`,
      );
    }
  });

  describe('find the AMP URLs of the workspace', () => {
    const root = path.join(fixturesDir, DIR);
    before(() => {
      fs.mkdirSync(root, { recursive: true });
      fs.writeFileSync(path.join(root, 'page.html'), `<p>\n<a href="${CACHE}?a=1&amp;b=2">x</a>\n`);
      fs.writeFileSync(path.join(root, 'list.md'), `${VIEWER}\n${PUB}\n`);
    });
    after(() => {
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    });

    it('answers files, lines, publisher URLs and the text to write there, and writes nothing', async () => {
      const before = fs.readFileSync(path.join(root, 'page.html'), 'utf8');
      const a = await invoke('amp_url_find_amp_urls', { include: `${DIR}/**` });
      const found = findingRows(a);
      assert.deepStrictEqual(found, [
        [`${DIR}/list.md`, 1, 1, 'viewer', PUB, PUB],
        [`${DIR}/page.html`, 2, 10, 'cache', `${PUB}?a=1&b=2`, `${PUB}?a=1&amp;b=2`],
      ]);
      assert.strictEqual(a.truncated, false);
      assert.strictEqual(fs.readFileSync(path.join(root, 'page.html'), 'utf8'), before);
    });

    it('stops at maxResults and says the answer is truncated', async () => {
      const a = await invoke('amp_url_find_amp_urls', { include: `${DIR}/**`, maxResults: 1 });
      assert.strictEqual((a.findings as unknown[]).length, 1);
      assert.strictEqual(a.truncated, true);
    });
  });
});
