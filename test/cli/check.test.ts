// `amp-url check`, the CI check, on a hostile repository built in a temp folder (a real git
// repository): ignore files of every kind, a symbolic link out of it, a FIFO, a legacy encoding,
// UTF-16, a BOM, CRLF and mixed line endings. Its findings, exit codes, SARIF (validated against
// the SARIF 2.1.0 schema), and --fix compared byte for byte.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { CLI, ROOT } from './paths';

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?x=1&amp;y=2';
const CACHE_JSON = 'https:\\/\\/example-com.cdn.ampproject.org\\/c\\/s\\/example.com\\/x';
const VIEWER = 'https://www.google.com/amp/s/example.com/p';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function check(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The repository's files as bytes, before any fix. */
function files(): Record<string, Buffer> {
  return {
    'docs/page.html': Buffer.concat([
      BOM,
      Buffer.from(`<a href="${CACHE}">x</a>\r\n<p>${VIEWER}</p>\r\n`),
    ]),
    'data.json': Buffer.from(`{"u": "${CACHE_JSON}"}\n`),
    // Mixed line endings, a lone CR among them: kept as they are.
    'notes.md': Buffer.from(`# Notes\r\nsee [the page](${VIEWER})\nend\rlast\n`),
    'utf16.txt': Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`go ${VIEWER}\n`, 'utf16le'),
    ]),
    'latin1.txt': Buffer.from(`caf\xe9 ${VIEWER}\n`, 'latin1'),
    'clean.txt': Buffer.from('https://example.com/ only\n'),
    'ignored/a.md': Buffer.from(`${VIEWER}\n`),
    'secret.md': Buffer.from(`${VIEWER}\n`),
    'local.md': Buffer.from(`${VIEWER}\n`),
    '.gitignore': Buffer.from('ignored/\n'),
    '.ignore': Buffer.from('secret.md\n'),
  };
}

describe('amp-url check (a hostile repository)', function () {
  this.timeout(60_000);
  let tmp: string;
  let repo: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-check-'));
    repo = path.join(tmp, 'repo');
    fs.mkdirSync(repo);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [rel, bytes] of Object.entries(files())) {
      fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      fs.writeFileSync(path.join(repo, rel), bytes);
    }
    fs.appendFileSync(path.join(repo, '.git/info/exclude'), 'local.md\n');
    fs.writeFileSync(path.join(tmp, 'outside.md'), `${VIEWER}\n`);
    fs.symlinkSync(path.join(tmp, 'outside.md'), path.join(repo, 'link.md'));
    execFileSync('mkfifo', [path.join(repo, 'pipe.md')]);
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('reports AMP Cache and viewer URLs as path:line:column: message, exit 1 (2: a file not read)', () => {
    const r = check([], repo);
    assert.equal(
      r.stdout,
      [
        'data.json:1:8: AMP Cache URL: the publisher URL is https://example.com/x [amp-cache-url]',
        // The browser requests `&`: the attribute's `&amp;` is read first (the fix writes `&amp;`).
        'docs/page.html:1:10: AMP Cache URL: the publisher URL is https://www.example.com/a?x=1&y=2 [amp-cache-url]',
        'docs/page.html:2:4: AMP viewer URL: the publisher URL is https://example.com/p [amp-viewer-url]',
        'notes.md:2:16: AMP viewer URL: the publisher URL is https://example.com/p [amp-viewer-url]',
        'utf16.txt:1:4: AMP viewer URL: the publisher URL is https://example.com/p [amp-viewer-url]',
        '',
      ].join('\n'),
    );
    // latin1.txt could not be read (a legacy encoding): that is a failure of the check, exit 2.
    assert.equal(r.code, 2);
    assert.equal(check(['--exclude', 'latin1.txt'], repo).code, 1);
    // Never read: the ignored files, the link out of the repository, the FIFO (no hang).
    assert.match(r.stderr, /link\.md: skipped: a symbolic link out of the repository/);
    assert.match(r.stderr, /pipe\.md: skipped: not a regular file/);
    assert.match(r.stderr, /latin1\.txt: skipped: not UTF-8/);
    assert.doesNotMatch(r.stdout + r.stderr, /ignored\/a\.md|secret\.md|local\.md|outside/);
  });

  it('paths, --include and --exclude choose the files; a clean tree exits 0', () => {
    assert.equal(check(['docs'], repo).stdout.split('\n').length - 1, 2);
    assert.equal(check(['--include', '**/*.md'], repo).stdout.split('\n').length - 1, 1);
    const clean = check(['--exclude', '**/*.{html,json,md,txt}'], repo);
    assert.equal(clean.stdout, '');
    assert.equal(clean.code, 0);
    assert.equal(check(['clean.txt'], repo).code, 0);
    // Run from a sub-folder: paths stay relative to the repository's root.
    assert.match(check([], path.join(repo, 'docs')).stdout, /^docs\/page\.html:1:10: /);
    const outside = check(['../outside.md'], repo);
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /is outside the repository/);
  });

  it('--format sarif: valid SARIF 2.1.0 with rules, help, relative URIs and regions', () => {
    const r = check(['--format', 'sarif', '--exclude', 'latin1.txt'], repo);
    assert.equal(r.code, 1);
    const log = JSON.parse(r.stdout) as SarifLog;
    const schema = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8'),
    ) as Record<string, unknown>;
    // The schema is draft-04 (`id`, `$schema`): the keywords it uses validate alike in Ajv's draft-07.
    delete schema.$schema;
    delete schema.id;
    // unicodeRegExp: false, as draft-04 validators read patterns: the schema's `language`
    // pattern has a stray `]` that a Unicode-mode RegExp rejects.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
    ajv.addFormat('uri-reference', /^[^\s]*$/);
    ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT/);
    const validate = ajv.compile(schema);
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 1));
    // The check is worth its name: a broken log fails the schema.
    assert.equal(validate({ ...log, version: '2.0.0' }), false);

    const run = log.runs[0];
    assert.deepEqual(
      run.tool.driver.rules.map((x) => x.id),
      [
        'amp-cache-url',
        'amp-viewer-url',
        'not-canonical',
        'not-normalized',
        'amp-no-publisher-url',
      ],
    );
    // Findings that fail the check are errors; a URL with no publisher URL only a warning.
    assert.deepEqual(
      run.tool.driver.rules.map((x) => x.defaultConfiguration.level),
      ['error', 'error', 'error', 'error', 'warning'],
    );
    for (const rule of run.tool.driver.rules) assert.ok(rule.help.text.length > 20, rule.id);
    const html = run.results.find(
      (x) => x.locations[0].physicalLocation.artifactLocation.uri === 'docs/page.html',
    );
    assert.ok(html);
    assert.deepEqual(html.locations[0].physicalLocation.region, {
      startLine: 1,
      startColumn: 10,
      endLine: 1,
      endColumn: 10 + CACHE.length,
    });
    assert.equal(html.ruleId, 'amp-cache-url');
  });

  it('--fix rewrites in place, byte for byte: BOM, CRLF, mixed endings, UTF-16, JSON escapes kept', () => {
    const r = check(['--fix'], repo);
    // Exit 2: latin1.txt was not read (a legacy encoding); everything else is fixed.
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /latin1\.txt: skipped: not UTF-8/);
    assert.match(r.stdout, /^data\.json:1:8: fixed: /m);
    const before = files();
    const expect = (rel: string, from: string, to: string, encoding: BufferEncoding = 'utf8') => {
      const bytes = before[rel];
      const at = bytes.indexOf(Buffer.from(from, encoding));
      assert.ok(at >= 0, rel);
      return Buffer.concat([
        bytes.subarray(0, at),
        Buffer.from(to, encoding),
        bytes.subarray(at + Buffer.byteLength(from, encoding)),
      ]);
    };
    const read = (rel: string) => fs.readFileSync(path.join(repo, rel));
    assert.deepEqual(
      read('data.json'),
      expect('data.json', CACHE_JSON, 'https:\\/\\/example.com\\/x'),
    );
    let html = expect('docs/page.html', CACHE, 'https://www.example.com/a?x=1&amp;y=2');
    const at = html.indexOf(VIEWER);
    html = Buffer.concat([
      html.subarray(0, at),
      Buffer.from('https://example.com/p'),
      html.subarray(at + VIEWER.length),
    ]);
    assert.deepEqual(read('docs/page.html'), html);
    assert.deepEqual(read('notes.md'), expect('notes.md', VIEWER, 'https://example.com/p'));
    assert.deepEqual(
      read('utf16.txt'),
      expect('utf16.txt', VIEWER, 'https://example.com/p', 'utf16le'),
    );
    // Untouched: the legacy encoding, the ignored files, the file behind the link.
    for (const rel of ['latin1.txt', 'ignored/a.md', 'secret.md', 'local.md', 'clean.txt'])
      assert.deepEqual(read(rel), before[rel], rel);
    assert.equal(fs.readFileSync(path.join(tmp, 'outside.md'), 'utf8'), `${VIEWER}\n`);
    // Nothing left to find.
    assert.equal(check(['--exclude', 'latin1.txt'], repo).code, 0);
  });

  it('--require canonical|normalized also reports URLs not in that form', () => {
    fs.writeFileSync(path.join(repo, 'clean.txt'), 'see HTTP://Example.COM:80/a/./b\n');
    const r = check(['clean.txt', '--require', 'normalized'], repo);
    assert.equal(
      r.stdout,
      'clean.txt:1:5: URL not normalized: its RFC 3986 normalized URL is http://example.com/a/b [not-normalized]\n',
    );
    assert.equal(r.code, 1);
    assert.equal(check(['clean.txt'], repo).code, 0);
    assert.equal(check(['clean.txt', '--require', 'weird'], repo).code, 2);
  });

  it('finds AMP URLs however a file spells them; a file it passes over unread still has its skip reported', () => {
    const spelled: Record<string, Buffer> = {
      'spelled/a.html': Buffer.from(
        '<a href="https://www&#46;google&#46;com/amp/s/example.com/p">x</a>\n',
      ),
      'spelled/b.json': Buffer.from('{"u": "https://www\\u002egoogle.com/amp/s/example.com/p"}\n'),
      'spelled/c.txt': Buffer.from(
        'https://example-com.cdn.\uff41\uff4d\uff50project.org/c/s/example.com/p\n',
      ),
      'spelled/d.txt': Buffer.from('caf\xe9, no URL here\n', 'latin1'),
      'spelled/e.md': Buffer.from('the AMP page https://amp.example.com/amp/s/x?amp=1&a=%20\n'),
    };
    for (const [rel, bytes] of Object.entries(spelled)) {
      fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      fs.writeFileSync(path.join(repo, rel), bytes);
    }
    const r = check(['spelled'], repo);
    assert.equal(
      r.stdout,
      [
        'spelled/a.html:1:10: AMP viewer URL: the publisher URL is https://example.com/p [amp-viewer-url]',
        'spelled/b.json:1:8: AMP viewer URL: the publisher URL is https://example.com/p [amp-viewer-url]',
        'spelled/c.txt:1:1: AMP Cache URL: the publisher URL is https://example.com/p [amp-cache-url]',
        '',
      ].join('\n'),
    );
    assert.match(r.stderr, /spelled\/d\.txt: skipped: not UTF-8/);
    assert.match(r.stderr, /5 files, 3 found, 1 skipped/);
    assert.equal(r.code, 2); // d.txt could not be read
    assert.equal(check(['spelled', '--exclude', '**/d.txt'], repo).code, 1);
  });
});

interface SarifLog {
  runs: {
    tool: {
      driver: {
        rules: { id: string; help: { text: string }; defaultConfiguration: { level: string } }[];
      };
    };
    results: {
      ruleId: string;
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string };
          region: Record<string, number>;
        };
      }[];
    }[];
  }[];
}
