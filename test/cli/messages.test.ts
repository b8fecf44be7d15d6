// amp-url's messages say what happened, to what, and what to do (issue 27 item 6): the refusal
// of a publisher URL, the cache's own host, the argument named as the user counts it, the
// reverse's warnings in text mode, and each command's help listing what that command reads.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CONVERT_COMMANDS } from '../../src/cli/convert';
import { CLI, ROOT } from './paths';

function run(args: string[], input = '', cwd?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a';

describe('amp-url messages', function () {
  this.timeout(60_000);

  it('publisher: a publisher URL is "not an AMP Cache or AMP viewer URL", named as the argument', () => {
    const r = run(['publisher', CACHE, 'https://www.example.com/a']);
    assert.equal(r.stdout, 'https://www.example.com/a\n\n');
    assert.equal(r.stderr, 'amp-url publisher: argument 2: not an AMP Cache or AMP viewer URL\n');
    assert.equal(r.code, 1);
    // From stdin, the line.
    const lines = run(['publisher'], `${CACHE}\nhttps://www.example.com/a\n`);
    assert.equal(lines.stderr, 'amp-url publisher: line 2: not an AMP Cache or AMP viewer URL\n');
  });

  it("the cache's own host is said to be one, not read as a domain prefix", () => {
    const r = run([
      'publisher',
      'https://www.bing-amp.com',
      'https://cdn.ampproject.org/',
      'https://cdn.ampproject.org/c/s/www.example.com/',
    ]);
    assert.equal(r.stdout, '\n\nhttps://www.example.com/\n');
    assert.equal(
      r.stderr,
      "amp-url publisher: argument 1: www.bing-amp.com is the Bing AMP Cache's own host, not a page it serves: an AMP Cache URL names the publisher page in its path, like https://example-com.www.bing-amp.com/c/s/example.com/\n" +
        "amp-url publisher: argument 2: cdn.ampproject.org is the Google AMP Cache's own host, not a page it serves: an AMP Cache URL names the publisher page in its path, like https://example-com.cdn.ampproject.org/c/s/example.com/\n",
    );
  });

  it('text-mode publisher prints the look-alike warning on stderr (ndjson keeps it in notes)', () => {
    const lookAlike = 'https://www-evil-com.cdn.ampproject.org/c/s/www.example.com/x';
    const text = run(['publisher', lookAlike]);
    assert.equal(text.stdout, 'https://www.example.com/x\n');
    assert.match(
      text.stderr,
      /^amp-url publisher: argument 1: warning: The cache host "www-evil-com\.cdn\.ampproject\.org" is not the one of "www\.example\.com".*look-alike\.\n$/,
    );
    assert.equal(text.code, 0);
    const nd = JSON.parse(run(['publisher', '--format', 'ndjson', lookAlike]).stdout) as {
      notes: string[];
      warnings?: unknown;
    };
    assert.match(nd.notes[0], /look-alike/);
    assert.equal(nd.warnings, undefined);
    // A parameter the reverse removed is a note, not a warning: text mode stays quiet.
    assert.equal(run(['publisher', `${CACHE}?usqp=mq331AQ`]).stderr, '');
  });

  it('<command> --help lists only the options that command reads, and accepts only those', () => {
    const help = (c: string) => run([c, '--help']).stdout;
    const options = (c: string) =>
      [...help(c).matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm)].map((m) => m[1]);
    assert.deepEqual(options('cache'), [
      '--format',
      '--help',
      '--cache',
      '--custom-cache',
      '--serving-type',
      '--image-width',
    ]);
    assert.deepEqual(options('publisher'), ['--format', '--help', '--custom-cache']);
    assert.deepEqual(options('origin'), ['--format', '--help', '--cache', '--custom-cache']);
    assert.deepEqual(options('canonical'), ['--format', '--help']);
    assert.deepEqual(options('hash'), ['--format', '--hash-length', '--help']);
    assert.deepEqual(options('normalize'), ['--format', '--help', '--preset', '--step']);
    assert.deepEqual(options('find'), ['--format', '--max-file-size', '--help', '--custom-cache']);
    for (const o of ['--custom-cache', '--preset', '--step'])
      assert.ok(options('check').includes(o));
    for (const o of ['--cache', '--serving-type', '--image-width'])
      assert.ok(!options('check').includes(o), o);
    // The help itself is plain text (it tells of \x1b without holding one).
    for (const c of [...CONVERT_COMMANDS, 'find', 'check'])
      assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e]/.test(help(c)), c);
    const r = run(['publisher', '--serving-type', 'c', CACHE]);
    assert.equal(
      r.stderr,
      'amp-url publisher: unknown option "--serving-type" (see amp-url publisher --help)\n',
    );
    assert.equal(r.code, 2);
  });

  it('every kind find prints is in its help and docs/cli.md, project included', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-kinds-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'a.html'),
        [
          CACHE,
          'https://www.google.com/amp/s/example.com/p',
          'https://www-example-com.cdn.ampproject.org/',
          'https://cdn.ampproject.org/v0.js',
          'https://example.com/',
        ].join('\n'),
      );
      const found = run(['find', '--format', 'ndjson', 'a.html'], '', dir)
        .stdout.trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { kind: string }).kind);
      assert.deepEqual(found, ['cache', 'viewer', 'cacheOrigin', 'project', 'publisher']);
      const help = run(['find', '--help']).stdout;
      const docs = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
      for (const kind of found) {
        assert.match(help, new RegExp(`^  ${kind} `, 'm'), kind);
        assert.match(docs, new RegExp(`\`${kind}\``), kind);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
