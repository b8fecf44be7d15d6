// amp-url as a user runs it: the built executable (dist/cli/amp-url.js) spawned with arguments
// and stdin pipes, on real files in a temp git repository; its stdout, stderr, exit codes and
// the bytes it leaves on disk.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], o: { input?: string | Buffer; cwd?: string } = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input: o.input ?? '',
    cwd: o.cwd,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html';
const VIEWER = 'https://www.google.com/amp/s/example.com/article?x=1';

describe('amp-url: conversions', () => {
  it('converts the URLs given as arguments, one line each, exit 0', () => {
    const r = run(['publisher', CACHE, VIEWER]);
    assert.equal(
      r.stdout,
      'https://www.example.com/amp/doc.html\nhttps://example.com/article?x=1\n',
    );
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
  });

  it('reads stdin one URL a line: a refused URL gives an empty line and its reason on stderr, exit 1', () => {
    const r = run(['publisher'], {
      input: `${CACHE}\r\nhttps://example.com/plain\n\n${VIEWER}`,
    });
    assert.equal(
      r.stdout,
      'https://www.example.com/amp/doc.html\n\n\nhttps://example.com/article?x=1\n',
    );
    assert.equal(r.stderr, 'amp-url publisher: line 2: not an AMP Cache or AMP viewer URL\n');
    assert.equal(r.code, 1);
  });

  it('cache: the spec example, --cache bing and --serving-type auto for an image', () => {
    assert.equal(run(['cache', 'https://www.example.com/amp/doc.html']).stdout, `${CACHE}\n`);
    assert.equal(
      run(['cache', '--cache', 'bing', '--serving-type', 'auto', 'https://example.com/logo.png'])
        .stdout,
      'https://example-com.www.bing-amp.com/i/s/example.com/logo.png\n',
    );
    // A custom cache, as ampUrl.customCaches.
    assert.equal(
      run(['cache', '--custom-cache', 'my=amp.example.net', '--cache=my', 'http://a.com/']).stdout,
      'https://a-com.amp.example.net/c/a.com/\n',
    );
    // --cache custom, as ampUrl.cache "custom": the first --custom-cache.
    assert.equal(
      run([
        'cache',
        '--custom-cache',
        'my=amp.example.net',
        '--custom-cache',
        'two=two.example.org',
        '--cache',
        'custom',
        'http://a.com/',
      ]).stdout,
      'https://a-com.amp.example.net/c/a.com/\n',
    );
  });

  it('--cache: custom without a --custom-cache, or an unknown id, is a usage error naming the flags', () => {
    const none = run(['cache', '--cache', 'custom', 'http://a.com/']);
    assert.equal(
      none.stderr,
      'amp-url cache: --cache custom takes the first --custom-cache ID=DOMAIN, and there is none (see amp-url cache --help)\n',
    );
    assert.equal(none.code, 2);
    const unknown = run(['cache', '--custom-cache', 'my=amp.example.net', '--cache', 'nope', 'x']);
    assert.equal(
      unknown.stderr,
      'amp-url cache: --cache must be google, bing, custom or a --custom-cache id (got "nope") (see amp-url cache --help)\n',
    );
    assert.equal(unknown.code, 2);
  });

  it('canonical, normalize (--preset, --step), origin and hash', () => {
    // Safe Browsing's own examples.
    assert.equal(run(['canonical', 'http://www.GOOgle.com/']).stdout, 'http://www.google.com/\n');
    assert.equal(run(['canonical', 'http://host/%25%32%35']).stdout, 'http://host/%25\n');
    // Already in the form: printed as it is (a pipeline keeps every line).
    assert.equal(run(['canonical', 'http://www.google.com/']).stdout, 'http://www.google.com/\n');
    assert.equal(
      run(['normalize', 'HTTP://Example.COM:80/a/./b/../c/%7euser']).stdout,
      'http://example.com/a/c/~user\n',
    );
    assert.equal(
      run(['normalize', '--step', 'sortQuery', 'http://example.com/?b=2&a=1']).stdout,
      'http://example.com/?a=1&b=2\n',
    );
    assert.equal(
      run(['normalize', '--preset', 'aggressive', 'http://www.example.com/?utm_source=x&id=1#top'])
        .stdout,
      'https://example.com/?id=1\n',
    );
    assert.equal(
      run(['origin', 'https://example.com/page']).stdout,
      'https://example-com.cdn.ampproject.org\n',
    );
    assert.equal(run(['origin', CACHE]).stdout, 'https://www-example-com.cdn.ampproject.org\n');
    const hash = run(['hash', 'http://a.b.c/1/2.html?param=1']);
    assert.equal(hash.stdout.trim().split(' ').length, 8); // 8 host/path expressions
    assert.match(hash.stdout, /^[0-9a-f]{8}( [0-9a-f]{8}){7}\n$/);
    assert.match(run(['hash', '--hash-length', '32', 'http://a.b/']).stdout, /^[0-9a-f]{64}/);
  });

  it('--format ndjson, json and csv give input, output and error', () => {
    const input = `${CACHE}\nnot a url\n`;
    const nd = run(['publisher', '--format', 'ndjson'], { input });
    assert.deepEqual(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
      [
        { input: CACHE, output: 'https://www.example.com/amp/doc.html', error: null },
        { input: 'not a url', output: null, error: 'not an AMP Cache or AMP viewer URL' },
      ],
    );
    assert.equal(nd.code, 1);
    const json = JSON.parse(run(['publisher', '--format', 'json'], { input }).stdout) as unknown[];
    assert.equal(json.length, 2);
    assert.deepEqual(JSON.parse(run(['publisher', '--format', 'json']).stdout), []);
    assert.equal(
      run(['canonical', '--format', 'csv', 'http://a.b/x,"y"']).stdout,
      'input,output,error\r\n"http://a.b/x,""y""","http://a.b/x,""y""",\r\n',
    );
  });

  it('streams: each line is answered before stdin ends', async () => {
    const child = spawn(process.execPath, [CLI, 'publisher']);
    const first = new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => {
        resolve(d.toString());
      }),
    );
    child.stdin.write(`${VIEWER}\n`);
    assert.equal(await first, 'https://example.com/article?x=1\n');
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
  });

  it('keeps one output line per input line on a long list', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      i % 3 === 0 ? `https://www.google.com/amp/s/ex${i}.com/p` : `https://ex${i}.com/`,
    );
    const r = run(['publisher'], { input: `${lines.join('\n')}\n` });
    const out = r.stdout.split('\n');
    assert.equal(out.length, lines.length + 1);
    assert.equal(out[3], 'https://ex3.com/p');
    assert.equal(out[4], '');
    assert.equal(r.stderr.split('\n').length - 1, lines.length - Math.ceil(lines.length / 3));
  });

  it('usage errors: one line on stderr, exit 2', () => {
    for (const args of [
      ['cache', '--serving-type', 'q', 'http://a.b/'],
      ['cache', '--cache', 'nope', 'http://a.b/'],
      ['normalize', '--step', 'bogus', 'http://a.b/'],
      ['normalize', '--preset', 'wild', 'http://a.b/'],
      ['publisher', '--format', 'xml', 'http://a.b/'],
      ['publisher', '--nope'],
      ['hash', '--hash-length', '5', 'http://a.b/'],
      ['frobnicate'],
      [],
    ]) {
      const r = run(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, args.length ? '' : r.stdout);
      if (args.length) assert.match(r.stderr, /^amp-url[^\n]*\n$/, args.join(' '));
    }
  });

  it('--help for every command, exit 0', () => {
    for (const c of [
      'cache',
      'publisher',
      'origin',
      'canonical',
      'hash',
      'normalize',
      'find',
      'check',
    ]) {
      const r = run([c, '--help']);
      assert.equal(r.code, 0, c);
      assert.match(r.stdout, new RegExp(`^Usage: amp-url ${c} `), c);
    }
    assert.match(run(['--help']).stdout, /^Usage: amp-url <command>/);
    assert.equal(
      run(['--version']).stdout,
      `${(JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { version: string }).version}\n`,
    );
  });
});

describe('amp-url find', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-find-'));
    fs.writeFileSync(
      path.join(dir, 'a.html'),
      `<p>see <a href="${CACHE}">x</a></p>\n\t😊 ${VIEWER} and www.example.com\n`,
    );
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints every URL with file:line:column (UTF-16 columns) and its kind', () => {
    const r = run(['find', 'a.html'], { cwd: dir });
    assert.equal(
      r.stdout,
      `a.html:1:17: cache ${CACHE}\n` +
        `a.html:2:5: viewer ${VIEWER}\n` +
        'a.html:2:62: publisher www.example.com\n',
    );
    assert.equal(r.code, 0);
  });

  it('reads stdin line by line, with --format ndjson', () => {
    const r = run(['find', '--format', 'ndjson'], { input: `x\nfoo ${CACHE} bar\n` });
    const row = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.deepEqual(
      { file: row.file, line: row.line, column: row.column, kind: row.kind },
      { file: '-', line: 2, column: 5, kind: 'cache' },
    );
  });

  it('a missing file is reported on stderr, exit 2', () => {
    const r = run(['find', 'nope.txt'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^amp-url find: nope\.txt: skipped: unreadable \(ENOENT\)\n$/);
  });
});
