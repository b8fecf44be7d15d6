// `amp-url check` adopted by a repository that already has AMP URLs (docs/configuration.md): the
// configuration file, inline directives in each comment syntax, --baseline from a JSON report and
// from a SARIF log, --fix touching only new findings, and URLs with no publisher URL as warnings.
// Real files in a temporary git repository, the built tool spawned.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './paths';

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a';
const VIEWER = 'https://www.google.com/amp/s/example.com/p';
/** A cache URL that names no publisher host. */
const RUNTIME = 'https://example-com.cdn.ampproject.org/c/s/';

function files(): Record<string, string> {
  return {
    'site/index.html': [
      `<a href="${CACHE}">reported</a>`,
      '<!-- amp-url-disable-next-line -- the cache page itself, on purpose -->',
      `<a href="${CACHE}">left</a>`,
      `<a href="${VIEWER}">left</a> <!-- amp-url-disable-line -->`,
      '<!-- amp-url-disable -->',
      `<p>${VIEWER} left</p>`,
      '<!-- amp-url-enable -->',
      `<p>${VIEWER} reported</p>`,
      `<script src="${RUNTIME}"></script>`,
      '',
    ].join('\n'),
    'src/links.js': [
      `const a = '${VIEWER}'; // amp-url-disable-line`,
      `const b = "// amp-url-disable-line ${VIEWER}";`,
      '',
    ].join('\n'),
    'deploy.yml': ['# amp-url-disable-next-line', `url: ${VIEWER}`, `other: ${CACHE}`, ''].join(
      '\n',
    ),
    'test/fixtures/urls.json': `{"u": "${CACHE}"}\n`,
  };
}

describe('amp-url check in a repository that already has AMP URLs', function () {
  this.timeout(60_000);
  let repo: string;

  const check = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: repo, encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    fs.writeFileSync(path.join(repo, rel), text);
  };
  const read = (rel: string) => fs.readFileSync(path.join(repo, rel), 'utf8');
  const places = (stdout: string) =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(': ')[0]);

  beforeEach(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-adopt-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [rel, text] of Object.entries(files())) write(rel, text);
  });

  afterEach(() => {
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('directives in HTML, JavaScript and YAML comments leave their lines; strings are no comments', () => {
    const r = check();
    assert.deepEqual(places(r.stdout), [
      'deploy.yml:3:8',
      'site/index.html:1:10',
      'site/index.html:8:4',
      'site/index.html:9:14',
      'src/links.js:2:36',
      'test/fixtures/urls.json:1:8',
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /5 found, 1 warnings, 5 left by amp-url-disable comments/);
  });

  it('a URL with no publisher URL is its own rule, a warning: reported, fails nothing, --fix leaves it', () => {
    write('only.html', `<script src="${RUNTIME}"></script>\n`);
    const r = check('only.html');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      'only.html:1:14: AMP Cache URL with no publisher URL (The URL names no publisher host): --fix leaves it [amp-no-publisher-url]\n',
    );
    assert.match(r.stderr, /0 found, 1 warnings/);
    const sarif = JSON.parse(check('only.html', '--format', 'sarif').stdout) as {
      runs: { results: { ruleId: string; level: string }[] }[];
    };
    assert.deepEqual(
      sarif.runs[0].results.map((x) => [x.ruleId, x.level]),
      [['amp-no-publisher-url', 'warning']],
    );
    const fixed = check('only.html', '--fix');
    assert.equal(fixed.code, 0);
    assert.match(fixed.stdout, /--fix leaves it \[amp-no-publisher-url\]/);
    assert.equal(read('only.html'), `<script src="${RUNTIME}"></script>\n`);
  });

  it('.amp-url.json: ignored paths, ignored URLs and rule levels', () => {
    write(
      '.amp-url.json',
      JSON.stringify({
        ignorePaths: ['test/fixtures/**'],
        ignoreUrls: ['https://www.google.com/amp/s/example.com/*'],
        rules: { 'amp-no-publisher-url': 'off' },
      }),
    );
    const r = check();
    assert.deepEqual(places(r.stdout), ['deploy.yml:3:8', 'site/index.html:1:10']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /left by \.amp-url\.json/);
    // Named on the command line (a pre-commit hook names staged files): still left out.
    assert.equal(check('test/fixtures/urls.json').stdout, '');
    // A rule made a warning fails nothing.
    write(
      '.amp-url.json',
      JSON.stringify({ rules: { 'amp-cache-url': 'warning', 'amp-viewer-url': 'off' } }),
    );
    assert.equal(check().code, 0);
  });

  it('a broken .amp-url.json is exit 2 with one line that says what is wrong', () => {
    for (const [text, message] of [
      ['{"ignorePaths": ["a",]}', /^amp-url check: \.amp-url\.json: not valid JSON/],
      ['{"ignorepaths": []}', /^amp-url check: \.amp-url\.json: unknown key "ignorepaths"/],
      ['{"rules": {"amp-cache-url": "no"}}', /rules\.amp-cache-url must be off, warning or error/],
    ] as const) {
      write('.amp-url.json', text);
      const r = check();
      assert.equal(r.code, 2, text);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
    }
    fs.rmSync(path.join(repo, '.amp-url.json'));
    fs.symlinkSync('/etc/passwd', path.join(repo, '.amp-url.json'));
    const r = check();
    assert.equal(r.code, 2);
    assert.match(r.stderr, /\.amp-url\.json: not a regular file/);
  });

  for (const format of ['json', 'report', 'sarif'] as const) {
    it(`--baseline (${format}): only new findings are reported and fixed, lines moved or not`, () => {
      const baseline = path.join(repo, `baseline.${format}`);
      fs.writeFileSync(baseline, check('--format', format).stdout);
      assert.equal(check('--baseline', baseline).code, 0);
      // Lines added above every old finding, and one new AMP URL among them.
      const page = read('site/index.html');
      write('site/index.html', `<p>new</p>\n<p>${VIEWER}/new</p>\n${page}`);
      write('deploy.yml', `\n\n${read('deploy.yml')}new: ${CACHE}\n`);
      const r = check('--baseline', baseline);
      assert.deepEqual(places(r.stdout), ['deploy.yml:6:6', 'site/index.html:2:4']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /6 in the baseline/);
      // --fix writes only the new ones: the old ones stay as they were.
      const fixed = check('--baseline', baseline, '--fix');
      assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
      assert.equal(
        read('site/index.html'),
        `<p>new</p>\n<p>https://example.com/p/new</p>\n${page}`,
      );
      assert.match(read('deploy.yml'), /^other: https:\/\/www-example-com\.cdn/m);
      assert.match(read('deploy.yml'), /^new: https:\/\/www\.example\.com\/a$/m);
      // The baseline file itself, with its URLs, is not checked.
      assert.doesNotMatch(r.stdout, /baseline/);
    });
  }

  it('a second occurrence of an old URL in the same file is new', () => {
    const baseline = path.join(repo, 'b.json');
    fs.writeFileSync(baseline, check('--format', 'json').stdout);
    write('deploy.yml', `${read('deploy.yml')}again: ${CACHE}\n`);
    assert.deepEqual(places(check('--baseline', baseline).stdout), ['deploy.yml:4:8']);
  });

  it('a baseline that is no report is exit 2 with one line', () => {
    write('b.json', '{"x": 1}');
    const r = check('--baseline', 'b.json');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^amp-url check: --baseline b\.json: not a report of amp-url check/);
    assert.equal(check('--baseline', 'missing.json').code, 2);
  });
});
