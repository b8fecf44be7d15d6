// The rules that let a repository that already has AMP URLs adopt the check: inline directives in
// each comment syntax, the configuration file (checked against its JSON schema with ajv), URL
// patterns and baselines.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { readDirectives } from '../../../src/shared/suppress/directives';
import { Suppressions } from '../../../src/shared/suppress/suppressions';
import { urlMatches } from '../../../src/shared/suppress/url-pattern';
import { ConfigError, parseRepoConfig, urlIgnored } from '../../../src/shared/suppress/repo-config';
import { walkFiles } from '../../../src/shared/workspace-files';
import { memoryFs } from '../../helpers/memory-fs';
import { parseBaseline, baselineKey } from '../../../src/shared/suppress/baseline';

const URL = 'https://www.google.com/amp/s/example.com/p';

/** The 1-based lines of `text` whose URL `Suppressions` leaves out (for `rule`). */
function leftLines(text: string, languageId: string | undefined, rule = 'amp-viewer-url') {
  const s = Suppressions.of(text, languageId);
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const at = line.indexOf(URL);
    const offset = text.split('\n').slice(0, i).join('\n').length + (i > 0 ? 1 : 0) + at;
    if (at >= 0 && s.covers(offset, rule)) lines.push(i + 1);
  });
  return lines;
}

describe('inline directives', () => {
  const cases: [string, string | undefined, string, string, string][] = [
    ['HTML', 'html', '<!-- ', ' -->', 'x'],
    ['Markdown', 'markdown', '<!-- ', ' -->', 'x'],
    ['JavaScript //', 'javascript', '// ', '', 'x'],
    ['JavaScript /* */', 'typescript', '/* ', ' */', 'x'],
    ['CSS', 'css', '/* ', ' */', 'x'],
    ['YAML #', 'yaml', '# ', '', 'x'],
    ['a file of unknown language #', undefined, '# ', '', 'x'],
  ];
  for (const [name, lang, open, close] of cases) {
    it(`${name}: next-line, line, and a region`, () => {
      const c = (d: string) => `${open}${d}${close}`;
      const text = [
        URL, // 1
        c('amp-url-disable-next-line'), // 2
        URL, // 3
        `${URL} ${c('amp-url-disable-line')}`, // 4
        c('amp-url-disable'), // 5
        URL, // 6
        URL, // 7
        c('amp-url-enable'), // 8
        URL, // 9
      ].join('\n');
      assert.deepEqual(leftLines(text, lang), [3, 4, 6, 7]);
    });
  }

  it('a comment syntax the language does not have is no directive', () => {
    // `#` is a heading in Markdown, `//` text in HTML; JSON has no comments at all.
    assert.deepEqual(readDirectives('# amp-url-disable-next-line\nx', 'markdown'), []);
    assert.deepEqual(readDirectives('// amp-url-disable-line', 'html'), []);
    assert.deepEqual(readDirectives('{"a": "<!-- amp-url-disable -->"}', 'json'), []);
    assert.deepEqual(readDirectives('<!-- amp-url-disable -->', 'css'), []);
  });

  it('a directive inside a string on its line is no directive', () => {
    assert.deepEqual(
      readDirectives(`const s = "// amp-url-disable-line"; ${URL}`, 'javascript'),
      [],
    );
    assert.deepEqual(readDirectives("x = 'a # amp-url-disable-line'", 'python'), []);
    // A closed string before the comment does not count.
    assert.equal(readDirectives(`f("a") // amp-url-disable-line`, 'javascript').length, 1);
    // In markup text a quote is prose.
    assert.equal(readDirectives(`it's <!-- amp-url-disable-line -->`, 'html').length, 1);
  });

  it('a URL or a fragment is no comment; a longer word is no directive', () => {
    assert.deepEqual(readDirectives('https://amp-url-disable-line.example/', undefined), []);
    assert.deepEqual(readDirectives('see page#amp-url-disable-line', undefined), []);
    assert.deepEqual(readDirectives('// amp-url-disabled', 'javascript'), []);
    assert.deepEqual(readDirectives('/* amp-url-disable', 'javascript'), []); // never closed
  });

  it('rules named after the directive, with a -- reason', () => {
    const [d] = readDirectives(
      '// amp-url-disable-line amp-cache-url, amp-no-publisher-url -- fixture',
      'javascript',
    );
    assert.deepEqual(d.rules, ['amp-cache-url', 'amp-no-publisher-url']);
    const text = `${URL} // amp-url-disable-line amp-cache-url -- only cache URLs`;
    assert.deepEqual(leftLines(text, 'javascript', 'amp-viewer-url'), []);
    assert.deepEqual(leftLines(text, 'javascript', 'amp-cache-url'), [1]);
  });

  it('amp-url-enable with a rule ends only that rule’s region', () => {
    const text = [
      '/* amp-url-disable */',
      '/* amp-url-enable amp-viewer-url */',
      URL, // 3: viewer rule enabled again, cache still off
    ].join('\n');
    assert.deepEqual(leftLines(text, 'css', 'amp-viewer-url'), []);
    assert.deepEqual(leftLines(text, 'css', 'amp-cache-url'), [3]);
  });

  it('CRLF lines; a block comment over lines: next-line is the line after its end', () => {
    const text = `<!--\r\n amp-url-disable-next-line -->\r\n${URL}\r\n${URL}`;
    // The directive is not on the comment's first line: not read (documented).
    assert.deepEqual(leftLines(text, 'html'), []);
    const t2 = `<!-- amp-url-disable-next-line -- because\r\n  of this -->\r\n${URL}\r\n${URL}`;
    assert.deepEqual(leftLines(t2, 'html'), [3]);
  });

  it('a region never closed runs to the end of the file', () => {
    assert.deepEqual(leftLines(`${URL}\n# amp-url-disable\n${URL}\n${URL}`, 'yaml'), [3, 4]);
  });

  it('100,000 directives and URLs: looked up, not scanned per URL', () => {
    const text = Array.from({ length: 100_000 }, () => `${URL} // amp-url-disable-line`).join('\n');
    const s = Suppressions.of(text, 'javascript');
    let n = 0;
    for (let at = text.indexOf(URL); at >= 0; at = text.indexOf(URL, at + 1))
      if (s.covers(at, 'amp-viewer-url')) n++;
    assert.equal(n, 100_000);
  });
});

describe('URL patterns', () => {
  it('* matches any run, slashes too; scheme and host in any case', () => {
    assert.ok(
      urlMatches('https://*.cdn.ampproject.org/i/*', 'https://a-b.cdn.ampproject.org/i/s/a.png'),
    );
    assert.ok(urlMatches('https://*.cdn.ampproject.org/i/*', 'HTTPS://A-B.CDN.AMPPROJECT.ORG/i/x'));
    assert.ok(!urlMatches('https://*.cdn.ampproject.org/i/*', 'https://a.cdn.ampproject.org/c/x'));
    // The path keeps its case.
    assert.ok(!urlMatches('https://a.example/P', 'https://a.example/p'));
    assert.ok(urlMatches('*', ''));
    assert.ok(urlMatches('https://a.example/', 'https://a.example/'));
    assert.ok(!urlMatches('https://a.example/', 'https://a.example/x'));
  });

  it('a pattern of many stars against a long URL ends at once', () => {
    const pattern = `${'*a'.repeat(1000)}b`;
    assert.equal(urlMatches(pattern, 'a'.repeat(2000)), false);
  });
});

describe('the configuration file (.amp-url.json)', () => {
  const schema: unknown = JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../../schemas/amp-url.schema.json'), 'utf8'),
  );
  const validate = new Ajv({ allErrors: true }).compile(schema as object);

  const good = [
    {},
    { $schema: './schemas/amp-url.schema.json' },
    {
      ignorePaths: ['test/fixtures/**', '**/*.snap'],
      ignoreUrls: ['https://*.cdn.ampproject.org/i/*'],
    },
    { rules: { 'amp-no-publisher-url': 'off', 'amp-cache-url': 'warning' } },
  ];
  const bad: [unknown, RegExp][] = [
    [[], /must hold one JSON object/],
    [{ ignorepaths: [] }, /unknown key "ignorepaths"/],
    [{ ignorePaths: 'a/**' }, /ignorePaths must be a list of strings/],
    [{ ignorePaths: [''] }, /ignorePaths\[0\] must be a non-empty string/],
    [{ ignoreUrls: [3] }, /ignoreUrls\[0\] must be a non-empty string/],
    [{ rules: { 'amp-cache': 'off' } }, /unknown rule "amp-cache"/],
    [{ rules: { 'amp-cache-url': 'none' } }, /rules\.amp-cache-url must be off, warning or error/],
  ];

  it('accepts what the schema accepts, and reads it', async () => {
    for (const c of good) {
      assert.ok(validate(c), JSON.stringify(validate.errors));
      parseRepoConfig(JSON.stringify(c));
    }
    const c = parseRepoConfig(JSON.stringify(good[2]));
    // ignorePaths leave files out as the CLI and the workspace commands use them: among the
    // walker's excludes.
    const tree = { test: { fixtures: { a: { 'b.html': '' } } }, src: { 'x.snap': '', 'x.ts': '' } };
    const listed = (await walkFiles(memoryFs(tree), { excludes: c.ignorePaths })).files;
    assert.ok(!listed.includes('test/fixtures/a/b.html'));
    assert.ok(!listed.includes('src/x.snap'));
    assert.ok(listed.includes('src/x.ts'));
    assert.ok(urlIgnored(c, 'https://x.cdn.ampproject.org/i/s/a.png'));
    assert.equal(parseRepoConfig('{}').levels['amp-no-publisher-url'], 'warning');
    assert.equal(parseRepoConfig(JSON.stringify(good[3])).levels['amp-no-publisher-url'], 'off');
  });

  it('refuses what the schema refuses, with one line naming the file', () => {
    for (const [c, message] of bad) {
      assert.equal(validate(c), false, JSON.stringify(c));
      assert.throws(
        () => parseRepoConfig(JSON.stringify(c)),
        (e: unknown) => {
          assert.ok(e instanceof ConfigError);
          assert.match(e.message, /^\.amp-url\.json: /);
          assert.match(e.message, message);
          assert.doesNotMatch(e.message, /\n/);
          return true;
        },
      );
    }
  });

  it('a file that is not JSON: said without quoting it', () => {
    assert.throws(() => parseRepoConfig('{"ignorePaths": [\u001b[31m'), {
      message: /^\.amp-url\.json: not valid JSON/,
    });
    assert.throws(
      () => parseRepoConfig('{"ignorePaths": [\u001b[31m'),
      (e: Error) => !e.message.includes('\u001b'),
    );
  });

  it('a glob the walker cannot use is refused', () => {
    assert.throws(() => parseRepoConfig(JSON.stringify({ ignorePaths: ['{a,b'] })), {
      message: /ignorePaths\[0\] "\{a,b" is not a glob that can be used/,
    });
  });
});

describe('baselines', () => {
  it('reads the JSON report and the SARIF log of check, counting each file’s URL', () => {
    const json = {
      findings: [
        { path: 'a b.md', url: URL },
        { path: 'a b.md', url: URL },
      ],
    };
    assert.equal(parseBaseline(JSON.stringify(json), 'b').get(baselineKey('a b.md', URL)), 2);
    const sarif = {
      version: '2.1.0',
      runs: [
        {
          results: [
            {
              properties: { url: URL },
              locations: [{ physicalLocation: { artifactLocation: { uri: 'a%20b.md' } } }],
            },
          ],
        },
      ],
    };
    assert.equal(parseBaseline(JSON.stringify(sarif), 'b').get(baselineKey('a b.md', URL)), 1);
  });

  it('reads the JSON records of check, what was fixed not counted', () => {
    const records = [
      { path: 'a b.md', url: URL, status: 'found' },
      { path: 'a b.md', url: URL, status: 'fixed' },
      { path: 'a b.md', url: URL, status: 'found' },
    ];
    assert.equal(parseBaseline(JSON.stringify(records), 'b').get(baselineKey('a b.md', URL)), 2);
    assert.equal(parseBaseline('[]', 'b').size, 0);
    assert.throws(() => parseBaseline('[{"path":"a"}]', 'base.json'), {
      message: /finding 1 has no file or URL/,
    });
  });

  it('anything else is refused with the reason', () => {
    assert.throws(() => parseBaseline('nope', 'base.json'), { message: /^base\.json: not JSON/ });
    assert.throws(() => parseBaseline('{"x":1}', 'base.json'), {
      message: /not a report of amp-url check/,
    });
    assert.throws(() => parseBaseline('{"findings":[{"path":"a"}]}', 'base.json'), {
      message: /finding 1 has no file or URL/,
    });
  });
});

describe('the extension’s edit filter', () => {
  it('leaves out what check leaves out: directives, ignored URLs, rules turned off', async () => {
    const { editFilter } = await import('../../../src/shared/suppress/edit-filter');
    const cache = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?x=1&amp;y=2';
    const text = [
      `<a href="${URL}">`,
      `<a href="${URL}"> <!-- amp-url-disable-line -->`,
      `<a href="${cache}">`,
    ].join('\n');
    const at = (line: number, url: string) => {
      const start = text.split('\n').slice(0, line).join('\n').length + (line ? 1 : 0) + 9;
      return { start, end: start + url.length };
    };
    const none = parseRepoConfig('{}');
    const keep = editFilter(text, 'html', none);
    assert.equal(keep({ ...at(0, URL), group: 'viewerToPublisher' }), true);
    assert.equal(keep({ ...at(1, URL), group: 'viewerToPublisher' }), false);
    // The pattern meets the URL as the browser reads it: `&amp;` is `&`.
    const urls = parseRepoConfig(JSON.stringify({ ignoreUrls: ['https://*/c/s/*?x=1&y=2'] }));
    assert.equal(
      editFilter(text, 'html', urls)({ ...at(2, cache), group: 'cacheToPublisher' }),
      false,
    );
    const off = parseRepoConfig(JSON.stringify({ rules: { 'amp-viewer-url': 'off' } }));
    assert.equal(
      editFilter(text, 'html', off)({ ...at(0, URL), group: 'viewerToPublisher' }),
      false,
    );
    assert.equal(
      editFilter(text, 'html', off)({ ...at(2, cache), group: 'cacheToPublisher' }),
      true,
    );
  });
});
