// `amp-url mcp`: the built CLI spawned by the MCP SDK's own client (Client +
// StdioClientTransport), in a temp git repository with an ignored file and a symbolic link out of
// it. The tools listed are src/shared/agent-tools' (one description for the editor and here),
// their answers are the library's, input that is not a URL is refused, and the workspace search
// stays inside the repository and writes nothing.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { findingRows } from '../helpers/agent-answers';
import { TOOLS } from '../../src/shared/agent-tools';
import { CLI } from './paths';

const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const VIEWER = 'https://www.google.com/amp/s/example.com/p';

interface TextResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

describe('amp-url mcp (the SDK client spawning the built CLI)', function () {
  this.timeout(60_000);
  let tmp: string;
  let repo: string;
  let client: Client;

  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as TextResult;
    assert.equal(r.content.length, 1);
    assert.equal(r.content[0].type, 'text');
    return r;
  };
  const data = async (name: string, args: Record<string, unknown>) => {
    const r = await call(name, args);
    assert.notEqual(r.isError, true, r.content[0].text);
    return JSON.parse(r.content[0].text) as Record<string, unknown>;
  };

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-mcp-'));
    repo = path.join(tmp, 'repo');
    fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: repo });
    fs.writeFileSync(
      path.join(repo, 'docs', 'page.html'),
      `<p>\n<a href="${CACHE}?a=1&amp;b=2">x</a>\n`,
    );
    fs.writeFileSync(path.join(repo, 'notes.md'), `see ${VIEWER}\n`);
    fs.writeFileSync(path.join(repo, 'ignored.md'), `${VIEWER}\n`);
    fs.writeFileSync(path.join(repo, '.gitignore'), 'ignored.md\n');
    fs.writeFileSync(path.join(tmp, 'outside.md'), `${VIEWER}\n`);
    fs.symlinkSync(path.join(tmp, 'outside.md'), path.join(repo, 'link.md'));
    client = new Client({ name: 'amp-url-test', version: '1.0.0' });
    // Started in a subfolder: the repository is the one holding it, as for `amp-url check`.
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: path.join(repo, 'docs'),
        stderr: 'pipe',
      }),
    );
  });

  after(async () => {
    await client.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the tools of src/shared/agent-tools, each read-only', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
      TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    );
    for (const t of tools) assert.equal(t.annotations?.readOnlyHint, true, t.name);
  });

  it('answers de-AMP, AMP Cache, Safe Browsing and normalization as the library does', async () => {
    const deamp = await data('amp_url_deamp', { urls: [CACHE, VIEWER, PUB] });
    assert.deepEqual(
      (deamp.results as { output: string }[]).map((r) => r.output),
      [PUB, 'https://example.com/p', PUB],
    );
    const cache = await data('amp_url_cache', { url: PUB, cache: 'bing' });
    assert.equal(cache.cacheOrigin, 'https://example-com.www.bing-amp.com');
    const sb = await data('amp_url_safe_browsing', { url: 'http://a.b.com/1/2.html?param=1' });
    assert.equal((sb.expressions as { hex: string }[])[0].hex, '2fcd902c');
    const n = await data('amp_url_normalize', { url: 'HTTP://Example.COM:80/a/./b/../c' });
    assert.equal(n.normalized, 'http://example.com/a/c');
    const forms = await data('amp_url_forms', { url: CACHE });
    assert.equal(forms.kind, 'cache');
  });

  it('refuses what is not a URL, an unknown tool and unknown arguments, with isError', async () => {
    for (const [name, args] of [
      ['amp_url_forms', { url: 'not a url' }],
      ['amp_url_forms', { url: 'https://example.com/\u001b[31m' }],
      ['amp_url_deamp', { urls: 'https://example.com/' }],
      ['amp_url_forms', { url: PUB, path: '/etc/passwd' }],
      ['amp_url_read_file', { path: '/etc/passwd' }],
    ] as const) {
      const r = await call(name, args);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.doesNotMatch(r.content[0].text, /\u001b/);
    }
  });

  it('finds the AMP URLs of the repository it was started in, and nothing outside it', async () => {
    const before = fs.readFileSync(path.join(repo, 'docs', 'page.html'), 'utf8');
    const a = await data('amp_url_find_amp_urls', {});
    const found = findingRows(a);
    assert.deepEqual(found, [
      ['docs/page.html', 2, 10, 'cache', `${PUB}?a=1&b=2`, `${PUB}?a=1&amp;b=2`],
      ['notes.md', 1, 5, 'viewer', 'https://example.com/p', 'https://example.com/p'],
    ]);
    assert.ok(
      (a.skipped as { path: string }[]).some((s) => s.path === 'link.md'),
      'the link out of the repository is reported, not followed',
    );
    const outside = await data('amp_url_find_amp_urls', { include: '../**' });
    assert.deepEqual(outside.findings, []);
    const bounded = await data('amp_url_find_amp_urls', { include: '**/*.md', maxResults: 1 });
    assert.equal((bounded.findings as unknown[]).length, 1);
    assert.equal(bounded.truncated, false);
    assert.equal(fs.readFileSync(path.join(repo, 'docs', 'page.html'), 'utf8'), before);
  });

  it('--root names the repository for clients that start it elsewhere; a bad one exits 2', async () => {
    const other = new Client({ name: 'amp-url-test', version: '1.0.0' });
    await other.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', '--root', path.join(repo, 'docs')],
        cwd: tmp,
        stderr: 'pipe',
      }),
    );
    try {
      const r = (await other.callTool({
        name: 'amp_url_find_amp_urls',
        arguments: {},
      })) as TextResult;
      const paths = (
        JSON.parse(r.content[0].text) as { findings: { path: string }[] }
      ).findings.map((f) => f.path);
      assert.deepEqual(paths, ['docs/page.html', 'notes.md']);
    } finally {
      await other.close();
    }
    const bad = spawnSync(process.execPath, [CLI, 'mcp', '--root', path.join(tmp, 'nope')], {
      encoding: 'utf8',
      input: '',
    });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^amp-url mcp: --root .* is not a folder/);
  });

  it('is built beside the tool (mcp.js): the other commands do not carry the SDK', () => {
    // The bundles name each module they hold in a comment: the SDK's are in mcp.js alone, which
    // the tests above reach through amp-url.js.
    const sdk = 'node_modules/@modelcontextprotocol/sdk/';
    assert.equal(fs.readFileSync(CLI, 'utf8').includes(sdk), false);
    assert.equal(
      fs.readFileSync(path.join(path.dirname(CLI), 'mcp.js'), 'utf8').includes(sdk),
      true,
    );
  });
});
