// `amp-url check --fix` keeps what the reader reads in HTML text (issue 27, item 1): the cache URL
// `…/p?x=1&amp;copy=2` in a paragraph is read `x=1&copy=2`; written back bare, a browser would
// read `x=1©=2`. The fix goes through writeUrl, as every editor write does.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseFragment } from 'parse5';
import { CLI } from './paths';

const PAGE = [
  '<!doctype html>',
  '<title>Prices https://www-example-com.cdn.ampproject.org/c/s/www.example.com/t?a=1&amp;lt=2</title>',
  '<p>Text https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p?x=1&amp;copy=2</p>',
  '<p>Bare https://www-example-com.cdn.ampproject.org/c/s/www.example.com/q?x=1&y=2</p>',
  '<a href="https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?x=1&amp;reg=3">a</a>',
  '<script>// https://www-example-com.cdn.ampproject.org/c/s/www.example.com/s?x=1&amp;copy=2',
  '</script>',
  '',
].join('\r\n');

const FIXED = [
  '<!doctype html>',
  '<title>Prices https://www.example.com/t?a=1&amp;lt=2</title>',
  '<p>Text https://www.example.com/p?x=1&amp;copy=2</p>',
  '<p>Bare https://www.example.com/q?x=1&y=2</p>',
  '<a href="https://www.example.com/a?x=1&amp;reg=3">a</a>',
  // Raw text: the script reads `&amp;` as written, so the publisher URL keeps it.
  '<script>// https://www.example.com/s?x=1&amp;copy=2',
  '</script>',
  '',
].join('\r\n');

describe('amp-url check --fix: HTML text keeps its character references', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-html-text-'));
    fs.writeFileSync(path.join(dir, 'page.html'), PAGE);
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes &amp;copy= where the text had it, byte for byte, and the browser reads x=1&copy=2', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--fix'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^page\.html:3:9: fixed: /m);
    const bytes = fs.readFileSync(path.join(dir, 'page.html'));
    assert.equal(bytes.toString('utf8'), FIXED);
    assert.deepEqual(bytes, Buffer.from(FIXED));
    // What the browser reads in the paragraph: the URL the fix meant, no © or <.
    const text = parseFragment(bytes.toString('utf8')).childNodes.map((n) =>
      'childNodes' in n ? n.childNodes.map((k) => ('value' in k ? k.value : '')).join('') : '',
    );
    assert.ok(text.includes('Text https://www.example.com/p?x=1&copy=2'), text.join('|'));
    assert.ok(text.includes('Prices https://www.example.com/t?a=1&lt=2'), text.join('|'));
  });
});
