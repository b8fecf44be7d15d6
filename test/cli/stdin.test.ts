// amp-url reading stdin as a person sees its lines: CRLF, LF and a lone CR end a line; a line
// that is not UTF-8 is refused by its number (exit 2 after the rest), never printed as U+FFFD.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

function run(args: string[], input: Buffer) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a';
const VIEWER = 'https://www.google.com/amp/s/example.com/b';

describe('amp-url: stdin lines', () => {
  it('publisher: a lone CR ends a line, so two URLs give two output lines', () => {
    const r = run(['publisher'], Buffer.from(`${CACHE}\r${VIEWER}\r\n${CACHE}\n`));
    assert.equal(
      r.stdout,
      'https://www.example.com/a\nhttps://example.com/b\nhttps://www.example.com/a\n',
    );
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
  });

  it('publisher: the lines answered without a record are escaped and refused as the others', () => {
    // Cache URLs with nothing to note and URLs that are surely no AMP URL take the quick way:
    // their output is escaped all the same (`##`, U+202E), and the refusal names each line.
    const lines = [
      `${CACHE}#x##y`,
      `${CACHE}/\u202e`,
      `${CACHE}/é`,
      'https://bücher.example/a',
      'https://example.com/a ',
      'https://example.com/',
    ];
    const r = run(['publisher'], Buffer.from(`${lines.join('\n')}\n`));
    assert.equal(
      r.stdout,
      'https://www.example.com/a#x#\\x23y\nhttps://www.example.com/a/\\u202e\nhttps://www.example.com/a/é\n\n\n\n',
    );
    const refused = (n: number) =>
      `amp-url publisher: line ${n}: not an AMP Cache or AMP viewer URL\n`;
    assert.equal(r.stderr, refused(4) + refused(5) + refused(6));
    assert.equal(r.code, 1);
  });

  it('publisher: a line that is not UTF-8 is refused by its number, the rest converted, exit 2', () => {
    const bad = Buffer.concat([Buffer.from(VIEWER), Buffer.from([0xff, 0x0a])]);
    const r = run(
      ['publisher'],
      Buffer.concat([Buffer.from(`${CACHE}\n`), bad, Buffer.from(VIEWER)]),
    );
    assert.equal(r.stdout, 'https://www.example.com/a\n\nhttps://example.com/b\n');
    assert.equal(
      r.stderr,
      `amp-url publisher: line 2: the line is not valid UTF-8 (byte ${VIEWER.length + 1} is 0xff): not read\n`,
    );
    assert.ok(!r.stdout.includes('\uFFFD'));
    assert.equal(r.code, 2);
  });

  it('publisher --format ndjson: the unread line is a record with its reason', () => {
    const r = run(['publisher', '--format', 'ndjson'], Buffer.from([0x61, 0xc3, 0x28, 0x0a]));
    assert.deepEqual(JSON.parse(r.stdout), {
      input: '',
      output: null,
      error: 'the line is not valid UTF-8 (byte 2 is 0xc3): not read',
    });
    assert.equal(r.code, 2);
  });

  it('publisher: a file as stdin is read from where it stands, as a pipe is, across chunks', () => {
    // amp-url.ts reads a regular file itself, 64 KiB at a time: breaks (a lone CR, a CRLF) and a
    // multi-byte character fall across its chunks here, and the shell has read the first line.
    const lines = [`${CACHE}/first`];
    for (let i = 0; lines.join('\n').length < 200_000; i++) lines.push(`${CACHE}/${i}é`);
    const text = Buffer.from(`${lines.join('\n')}\r${VIEWER}\r\nnot a URL\n${CACHE}/last`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-stdin-'));
    const file = path.join(dir, 'list.txt');
    fs.writeFileSync(file, text);
    const fd = fs.openSync(file, 'r');
    try {
      const skipped = Buffer.byteLength(`${lines[0]}\n`);
      fs.readSync(fd, Buffer.alloc(skipped), 0, skipped, null);
      const r = spawnSync(process.execPath, [CLI, 'publisher'], {
        stdio: [fd, 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      const piped = run(['publisher'], text.subarray(skipped));
      assert.equal(r.stdout, piped.stdout);
      assert.equal(r.stderr, piped.stderr);
      assert.equal(r.status, 1);
      const out = r.stdout.split('\n');
      assert.equal(out.length, lines.length + 3);
      assert.equal(out[0], 'https://www.example.com/a/0é');
      assert.deepEqual(out.slice(-4), [
        'https://example.com/b',
        '',
        'https://www.example.com/a/last',
        '',
      ]);
      assert.equal(
        r.stderr,
        `amp-url publisher: line ${lines.length + 1}: not an AMP Cache or AMP viewer URL\n`,
      );
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publisher and find: a folder as stdin is a read error, exit 2, not an empty input', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-stdin-'));
    const fd = fs.openSync(dir, 'r');
    try {
      for (const command of ['publisher', 'find']) {
        const r = spawnSync(process.execPath, [CLI, command], {
          stdio: [fd, 'pipe', 'pipe'],
          encoding: 'utf8',
        });
        assert.equal(r.stdout, '');
        assert.match(
          r.stderr,
          new RegExp(`^amp-url ${command}: could not read stdin \\(EISDIR[^\\n]*\\)\\n$`),
        );
        assert.equal(r.status, 2);
      }
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('find: the URLs of a line after a lone CR are on their own line; a bad line fails the run', () => {
    const r = run(
      ['find'],
      Buffer.concat([Buffer.from(`x\r${CACHE}\n`), Buffer.from([0xfe, 0x0a])]),
    );
    assert.match(r.stdout, /^-:2:1: cache /);
    assert.equal(
      r.stderr,
      'amp-url find: line 3: the line is not valid UTF-8 (byte 1 is 0xfe): not read\n',
    );
    assert.equal(r.code, 2);
  });
});

describe('amp-url: hosts and URIs as a browser reads them', () => {
  it('publisher: the host is lower-cased, as the browser loads it', () => {
    const r = run(
      ['publisher', 'https://example-com.cdn.ampproject.org/c/s/EXAMPLE.COM/news/a'],
      Buffer.alloc(0),
    );
    assert.equal(r.stdout, 'https://example.com/news/a\n');
    assert.equal(r.code, 0);
  });

  it('normalize: what is no URI is refused with the reason, never printed as normalized', () => {
    const r = run(['normalize', 'http://[zz]/', 'http://a.com:081/'], Buffer.alloc(0));
    assert.equal(r.stdout, '\nhttp://a.com:81/\n');
    assert.match(r.stderr, /: Not a valid URI \(RFC 3986\): "\[zz\]" is not an IPv6 address\.\n$/);
    assert.equal(r.code, 1);
  });
});
