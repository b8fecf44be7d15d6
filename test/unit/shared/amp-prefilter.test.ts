// The check's prefilter (src/shared/amp-prefilter.ts) against the full check: on adversarial
// spellings, generated files and the repository's own files, `amp-url check`'s way (skip the
// file when mayHoldAmpUrl says no, skip a URL when mayBeAmpUrlAt says no) reports exactly what
// reading and classifying every URL of every file reports.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mayBeAmpUrlAt, mayHoldAmpUrl } from '../../../src/shared/amp-prefilter';
import { checkText, findUrlsIn, type CheckRule } from '../../../src/shared/check-file';
import { languageOfPath } from '../../../src/shared/language-of-path';
import { readSettings, type Settings } from '../../../src/shared/settings';
import { prng } from '../../../bench/urls';
import { WRITTEN } from '../../helpers/readings';
import { eachUrl } from '../../../src/core/find/find-urls';
import { readUrlAt } from '../../../src/shared/read-url';
import { groupFor } from '../../../src/shared/workspace-plan';
import { urlsToPlan } from '../../../src/shared/amp-url-matches';

const AMP_RULES = new Set<CheckRule>(['amp-cache-url', 'amp-viewer-url', 'amp-no-publisher-url']);
const DEFAULT = readSettings(() => undefined, true);
/**
 * Custom caches, one with an IDN domain (the settings take ASCII domains; a library caller may
 * pass any): their hosts count as the registered ones do.
 */
const CUSTOM: Settings = {
  ...DEFAULT,
  caches: [
    ...readSettings(
      (key) =>
        key === 'customCaches' ? [{ id: 'example', cacheDomain: 'cache.example.net' }] : undefined,
      true,
    ).caches,
    { id: 'idn', name: 'IDN cache', cacheDomain: 'キャッシュ.example.jp' },
  ],
};

/** The full check: every URL read and classified, no filter. */
function reference(text: string, lang: string | undefined, s: Settings): string[] {
  return findUrlsIn(text, s.caches, lang)
    .filter((f) => f.kind === 'cache' || f.kind === 'viewer')
    .map((f) => `${f.start}-${f.end} ${f.kind} ${f.url}`);
}

/** `amp-url check`'s way: the file's bytes first, then checkText (which filters each URL). */
function prefiltered(text: string, lang: string | undefined, s: Settings): string[] {
  if (!mayHoldAmpUrl(Buffer.from(text, 'utf8'), s.caches)) return [];
  return checkText(text, AMP_RULES, s, lang).map((f) => `${f.start}-${f.end} ${f.kind} ${f.url}`);
}

function agree(text: string, lang: string | undefined, s: Settings): string[] {
  const want = reference(text, lang, s);
  assert.deepEqual(prefiltered(text, lang, s), want, `${lang ?? '?'}: ${JSON.stringify(text)}`);
  return want;
}

const V = 'example.com/a';
/** AMP URLs the full check reports, in spellings a reader decodes: [language, text]. */
const ADVERSARIAL: readonly [string, string][] = [
  ['plaintext', `HTTPS://EXAMPLE-COM.CDN.AMPPROJECT.ORG/C/S/EXAMPLE.COM/A`],
  ['plaintext', `see WWW.GOOGLE.COM/amp/s/${V} now`],
  ['plaintext', `https://www%2Egoogle%2Ecom/amp/s/${V}`],
  ['plaintext', `https://www.%67oogle.com/amp/s/${V}`],
  ['plaintext', `https://example-com.cdn%2eampproject%2eorg/c/s/${V}`],
  ['plaintext', `https://www.ｇｏｏｇｌｅ.com/amp/s/${V}`],
  ['plaintext', `https://example-com.cdn.ａｍｐproject.org/c/s/${V}`],
  ['plaintext', `https://ＷＷＷ.google.com/amp/s/${V}`],
  ['plaintext', `https://www.\u{1d420}oogle.com/amp/s/${V}`],
  ['plaintext', `https://www.goo\ufe0fgle.com/amp/s/${V}`],
  ['plaintext', `https://www.google.com./amp/s/${V}`],
  ['plaintext', `https://www.google.com:443/amp/s/${V}`],
  ['plaintext', `http://www.google.com:80/amp/s/${V}`],
  ['plaintext', `https://www.google.co.uk/amp/s/${V}`],
  ['plaintext', `https://google.com.au/amp/s/${V}`],
  ['plaintext', `https://www.google.cat/amp/s/${V}`],
  ['plaintext', `https://www.bing.com/amp/s/${V}`],
  ['plaintext', `https://bing.com/amp/s/${V}`],
  ['plaintext', `https://search.yahoo.co.jp/amp/s/${V}`],
  ['plaintext', `https://example-com.www.bing-amp.com/c/s/${V}`],
  ['plaintext', `https://example-com.bing-amp.com/c/s/${V}`],
  ['plaintext', `https://example-com.amp.cloudflare.com/c/s/${V}`],
  ['plaintext', `https://cdn.ampproject.org/c/s/${V}`],
  ['plaintext', `https://example-com.cdn.ampproject.org?x=1`],
  ['plaintext', `x,https://example-com.cdn.ampproject.org/c/s/${V}`],
  ['html', `<a href="https://www.google.com&#47;amp&#47;s&#47;${V}">x</a>`],
  ['html', `<a href="https://www&#46;google&#46;com/amp/s/${V}">x</a>`],
  ['html', `<a href="https://www&period;google&period;com/amp/s/${V}">x</a>`],
  ['html', `<a href="https://example-com.cdn.&#97;mpproject.org/c/s/${V}">x</a>`],
  ['html', `<a href="https://www.google.com/&#x61;mp/s/${V}">x</a>`],
  ['html', `<a href='https://www.google.com/amp/s/example.com/?a=1&amp;b=2'>x</a>`],
  ['json', `{"u": "https:\\/\\/www.google.com\\/amp\\/s\\/example.com\\/a"}`],
  ['json', `{"u": "https://www\\u002egoogle\\u002ecom/amp/s/${V}"}`],
  ['json', `{"u": "https://www.google.com\\u002famp/s/${V}"}`],
  ['javascript', `const u = 'https://www\\x2egoogle.com/amp/s/${V}';`],
  [
    'css',
    `a { background: url(https://example-com.cdn\\2e ampproject.org/i/s/example.com/a.png); }`,
  ],
  ['markdown', `[x](https://www&#46;google.com/amp/s/${V})`],
  ['markdown', `[x](https://www.google.com\\/amp/s/${V})`],
];

/** Cache URLs of the custom caches (CUSTOM), registered nowhere else. */
const CUSTOM_CASES: readonly [string, string][] = [
  ['plaintext', `https://example-com.cache.example.net/c/s/${V}`],
  ['plaintext', `https://EXAMPLE-COM.CACHE.EXAMPLE.NET/c/s/${V}`],
  ['plaintext', `https://example-com.cache%2Eexample.net/c/s/${V}`],
  ['plaintext', `https://example-com.キャッシュ.example.jp/c/s/${V}`],
  ['plaintext', `https://example-com.xn--nckua9axima.example.jp/c/s/${V}`],
  ['plaintext', `https://example-com.ｷｬｯｼｭ.example.jp/c/s/${V}`],
  ['html', `<a href="https://example-com.cache&#46;example.net/c/s/${V}">x</a>`],
];

describe('amp-prefilter: the check skips only what the full check would not report', () => {
  it('every adversarial spelling is reported by the full check and let through', () => {
    for (const [lang, text] of ADVERSARIAL) {
      const found = agree(text, lang, DEFAULT);
      assert.ok(found.length > 0, `the full check reports ${JSON.stringify(text)} (${lang})`);
      assert.ok(mayHoldAmpUrl(Buffer.from(text), DEFAULT.caches), text);
    }
  });

  it('custom caches, an IDN one too, are matched as the classifier matches them', () => {
    for (const [lang, text] of CUSTOM_CASES) {
      const found = agree(text, lang, CUSTOM);
      assert.ok(found.length > 0, `the full check reports ${JSON.stringify(text)} (custom)`);
      // Without the custom caches the same host is a publisher's: cleared.
      assert.deepEqual(agree(text, lang, DEFAULT), []);
    }
    assert.equal(mayHoldAmpUrl(Buffer.from(CUSTOM_CASES[0][1]), DEFAULT.caches), false);
  });

  it('the issue-21 readings, each turned into an AMP Cache and a viewer URL', () => {
    for (const [lang, text] of WRITTEN) {
      assert.deepEqual(agree(text, lang, DEFAULT), [], text);
      for (const host of [
        'news-example-com.cdn.ampproject.org/c/s/news.example.com',
        'www.google.com/amp/s/news.example.com',
      ]) {
        const amp = text.replace('news.example.com', host);
        assert.ok(agree(amp, lang, DEFAULT).length > 0, amp);
      }
    }
  });

  it('files with publisher URLs only are cleared without being decoded', () => {
    const text = [
      '<a href="https://amp.example.com/amp/?amp=1&amp;x=%20">AMP page</a>',
      'https://bücher.example/amp/s/x www.example.org/amp https://ampproject.example.com/c/s/a',
      '{"u": "https:\\/\\/news.example.com\\/amp"} https://user@example.com:8080/amp/s/x',
    ].join('\n');
    assert.equal(mayHoldAmpUrl(Buffer.from(text), DEFAULT.caches), false);
    assert.deepEqual(agree(text, 'html', DEFAULT), []);
  });

  it('a URL is skipped only when its authority is surely no AMP host (mayBeAmpUrlAt)', () => {
    const at = (text: string) => mayBeAmpUrlAt(text, 0, DEFAULT.caches);
    assert.equal(at('https://news.example.com/amp/s/x'), false);
    assert.equal(at('www.example.com/amp/s/x'), false);
    assert.equal(at('https://www.google.com/amp/s/x'), true);
    assert.equal(at('WWW.GOOGLE.DE/amp/s/x'), true);
    assert.equal(at('https:\\/\\/a-com.cdn.ampproject.org\\/c'), true);
    assert.equal(at('https://www.google.com\\u002famp'), true); // an escape: read in full
    assert.equal(at('https://a&#46;b/x'), true); // a reference: read in full
  });

  it('generated files: the same findings as the full check, seeded', () => {
    const rnd = prng(22);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    let withFindings = 0;
    let cleared = 0;
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const [lang, text] = generated(rnd, pick);
      const s = rnd() < 0.2 ? CUSTOM : DEFAULT;
      if (agree(text, lang, s).length > 0) withFindings++;
      if (!mayHoldAmpUrl(Buffer.from(text), s.caches)) cleared++;
    }
    // Both ways exercised: many files with AMP URLs, many cleared without decoding.
    assert.ok(withFindings > n / 10, `${withFindings} of ${n} with findings`);
    assert.ok(cleared > n / 10, `${cleared} of ${n} cleared`);
  });

  it('the workspace scan plans the URLs of the publisher conversion from the prefilter, and finds every one a search of every URL finds (issue 28)', () => {
    const rnd = prng(28);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    /** The AMP URLs the publisher conversion plans, from `matches`. */
    const amp = (
      text: string,
      lang: string | undefined,
      s: Settings,
      matches: Iterable<{ start: number; end: number }>,
    ) =>
      [...matches]
        .map((m) => readUrlAt(text, m.start, m.end, lang))
        .filter((m) => groupFor(m.url, 'publisher', s.caches) !== undefined)
        .map((m) => `${m.start}-${m.end} ${m.url}`);
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      const [lang, text] = generated(rnd, pick);
      const s = rnd() < 0.2 ? CUSTOM : DEFAULT;
      const want = amp(text, lang, s, eachUrl(text));
      found += want.length;
      assert.deepEqual(amp(text, lang, s, urlsToPlan(text, true, s.caches)), want, text);
    }
    assert.ok(found > 300, `${found} AMP URLs`);
  });

  it("the repository's own files (sources, tests, docs, fixtures)", () => {
    const root = path.resolve(__dirname, '..', '..', '..', '..');
    let files = 0;
    let withFindings = 0;
    for (const dir of ['src', 'test', 'docs', 'bench']) {
      for (const file of listFiles(path.join(root, dir))) {
        const bytes = fs.readFileSync(file);
        const text = bytes.toString('utf8');
        const lang = languageOfPath(file);
        files++;
        const want = reference(text, lang, DEFAULT);
        if (want.length > 0) withFindings++;
        const got = mayHoldAmpUrl(bytes, DEFAULT.caches)
          ? checkText(text, AMP_RULES, DEFAULT, lang).map(
              (f) => `${f.start}-${f.end} ${f.kind} ${f.url}`,
            )
          : [];
        assert.deepEqual(got, want, file);
      }
    }
    assert.ok(files > 200 && withFindings > 30, `${withFindings} of ${files} files with findings`);
  });
});

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else if (e.isFile() && fs.statSync(p).size < 2_000_000) out.push(p);
  }
  return out;
}

const HOSTS = [
  'example-com.cdn.ampproject.org',
  'cdn.ampproject.org',
  'www.google.com',
  'google.co.uk',
  'www.google.com.br',
  'www.bing.com',
  'bing.com',
  'search.yahoo.co.jp',
  'a-b.www.bing-amp.com',
  'a-b.bing-amp.com',
  'x-y.amp.cloudflare.com',
  'example-com.cache.example.net',
  'example-com.キャッシュ.example.jp',
  '0.ampproject.net',
  'amp.example.com',
  'news.example.com',
  'bücher.example',
  'ampproject.org',
  'google.example.com',
  'notbing.com',
];
const PATHS = [
  '/amp/s/example.com/a',
  '/c/s/example.com/x?y=1',
  '/',
  '',
  '?x=1&y=2',
  '#f',
  '/amp/',
  '/i/s/example.com/a.png',
];
const SCHEMES = ['https://', 'http://', 'HTTPS://', 'hTTp://', 'https:\\/\\/', 'www.', 'WWW.'];

/** One character spelled as some reader decodes it (or as the URL parser maps it). */
function respell(c: string | undefined, rnd: () => number): string {
  if (c === undefined) return '';
  const code = c.charCodeAt(0);
  const hex = code.toString(16);
  switch (Math.floor(rnd() * 9)) {
    case 0:
      return c.toUpperCase();
    case 1:
      return `%${hex.padStart(2, '0')}`;
    case 2:
      return /[a-z0-9.]/i.test(c) ? String.fromCharCode(code + (c === '.' ? 0xfee0 : 0xfee0)) : c;
    case 3:
      return `&#${code};`;
    case 4:
      return `&#x${hex};`;
    case 5:
      return `\\u${hex.padStart(4, '0')}`;
    case 6:
      return `\\x${hex.padStart(2, '0')}`;
    case 7:
      return `\\${hex} `;
    default:
      return c === '.' ? '&period;' : c === '/' ? '\\/' : c;
  }
}

function generated(rnd: () => number, pick: <T>(list: readonly T[]) => T): [string, string] {
  const parts: string[] = [];
  const lang = pick(['html', 'markdown', 'json', 'javascript', 'css', 'plaintext', 'xml']);
  const count = 1 + Math.floor(rnd() * 4);
  for (let k = 0; k < count; k++) {
    const scheme = pick(SCHEMES);
    let host = pick(HOSTS);
    if (scheme.startsWith('www') || scheme.startsWith('WWW')) {
      host = host.replace(/^www\./, '');
    } else if (rnd() < 0.1)
      host = `${rnd() < 0.5 ? 'user@' : ''}${host}${rnd() < 0.5 ? ':443' : ''}`;
    if (rnd() < 0.1) host += '.';
    let url = `${scheme}${host}${pick(PATHS)}`;
    // Respell a few characters of the scheme, host or path.
    if (rnd() < 0.6) {
      const chars = Array.from(url); // code points: a respelling never splits a pair
      const times = 1 + Math.floor(rnd() * 3);
      for (let t = 0; t < times; t++) {
        const i = Math.floor(rnd() * chars.length);
        chars[i] = respell(chars[i], rnd);
      }
      url = chars.join('');
    }
    const around = pick([
      (u: string) => `<a href="${u}">x</a>`,
      (u: string) => `<a href='${u}'>x</a>`,
      (u: string) => `[x](${u})`,
      (u: string) => `<${u}>`,
      (u: string) => `{"u": "${u}"}`,
      (u: string) => `url(${u})`,
      (u: string) => `see ${u}, then`,
      (u: string) => `'${u}'`,
      (u: string) => `(${u})`,
      (u: string) => u,
    ]);
    parts.push(around(url));
    parts.push(pick([' ', '\n', ' the AMP page: ', '\n\n# AMP\n', ' a:b // c ', ' ww. w. ']));
  }
  return [lang, parts.join('')];
}
