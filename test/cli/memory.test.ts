// Memory proportional to the file (issue 26): `check` (with and without --require, with --fix)
// and `find` on a one-line file of 600,000 URLs (17 MB) under a raised --max-file-size, each in a
// process whose heap is held to 40 MB. Holding an array of every URL of the line, or a place and
// a slice of the text for each, took more than that heap and died out of memory; reading the URLs
// one at a time and placing only what is reported fits. docs/benchmarks.md gives the peak RSS.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

const URLS = 600_000;
const NORMALIZED = 'https://example.com/page?q=1';
const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p';
const HEAP = '--max-old-space-size=40';
const MAX_SIZE = ['--max-file-size', '30000000'];

describe('amp-url on a one-line file of 600,000 URLs, heap held to 40 MB', function () {
  this.timeout(300_000);
  let repo: string;
  const line = `${CACHE} ${`${NORMALIZED} `.repeat(URLS)}\n`;

  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [HEAP, CLI, ...args, ...MAX_SIZE, 'one-line.txt'], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    assert.equal(r.signal, null, r.stderr.slice(0, 300));
    return r;
  };

  before(() => {
    repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-memory-')));
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  beforeEach(() => {
    fs.writeFileSync(path.join(repo, 'one-line.txt'), line);
  });
  after(() => {
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('check --require normalized reads every URL: only the cache URL is found', () => {
    const r = run(['check', '--require', 'normalized']);
    assert.equal(r.status, 1, r.stderr.slice(0, 300));
    assert.equal(r.stdout.split('\n').length, 2);
    assert.match(r.stdout, /^one-line\.txt:1:1: .*\[amp-cache-url\]\n$/);
  });

  it('check reads the line of the one AMP URL: it is found', () => {
    const r = run(['check']);
    assert.equal(r.status, 1, r.stderr.slice(0, 300));
    assert.match(r.stdout, /^one-line\.txt:1:1: .*\[amp-cache-url\]\n$/);
  });

  it('check --fix writes the publisher URL, every other byte kept', () => {
    const r = run(['check', '--fix']);
    assert.equal(r.status, 0, r.stderr.slice(0, 300));
    const fixed = fs.readFileSync(path.join(repo, 'one-line.txt'), 'utf8');
    assert.equal(fixed, line.replace(CACHE, 'https://www.example.com/p'));
  });

  it('find lists every URL of the line, in order', () => {
    const r = run(['find']);
    assert.equal(r.status, 0, r.stderr.slice(0, 300));
    const lines = r.stdout.split('\n');
    assert.equal(lines.length, URLS + 2);
    assert.equal(lines[0], `one-line.txt:1:1: cache ${CACHE}`);
    const lastColumn = CACHE.length + 2 + (URLS - 1) * (NORMALIZED.length + 1);
    assert.equal(lines[URLS], `one-line.txt:1:${lastColumn}: publisher ${NORMALIZED}`);
  });
});
