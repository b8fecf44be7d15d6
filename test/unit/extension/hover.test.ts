import * as assert from 'node:assert/strict';
import { AMP_CACHES } from '../../../src/core';
import { computeForms } from '../../../src/shared/forms';
import {
  hoverMarkdown,
  MAX_VALUE_SHOWN,
  shortValue,
} from '../../../src/extension/logic/hover-markdown';
import { MAX_LINK_TEXT } from '../../../src/extension/logic/link-args';
import { type Settings } from '../../../src/shared/settings';
import { linkTargets } from '../../helpers/markdown';
import {
  settings,
  PUB,
  CACHE,
  target,
  hover,
  links,
  linkTarget,
  rows,
  cellText,
  labels,
  assertSafe,
} from './hover-helpers';

describe('extension hover markdown', () => {
  it('a publisher URL: one header line, the configured cache first, links to our commands', () => {
    const md = hover(PUB);
    assert.equal(md.split('\n')[0], `AMP URL · URL: \`${PUB}\``);
    // Safe Browsing says what no other row does; another cache repeats the first on its host.
    assert.deepEqual(labels(md), [
      'Google AMP Cache URL',
      'Google AMP Cache origin',
      'Safe Browsing hash prefix',
      'Bing AMP Cache URL',
    ]);
    // Whole: what the settings change (/c/s/, the cache's host) stays visible.
    assert.deepEqual([labels(md)[0], rows(md)[0][1]], ['Google AMP Cache URL', `\`${CACHE}\``]);
    assert.match(rows(md)[0][0], /^\*\*.*\*\*$/, 'the form most likely wanted is in bold');
    const replace = links(md).find((l) => l.command === 'ampUrl.replace');
    assert.ok(replace);
    assert.deepEqual(linkTarget(replace), { ...target(PUB), form: 'cache' });
    assertSafe(md, target(PUB), PUB);
  });

  it('Copy, Replace and Open name the form, never the value', () => {
    const md = hover(PUB);
    assert.ok(!linkTargets(md).some((l) => decodeURIComponent(l).includes('cdn.ampproject')));
    const forms = links(md).map((l) => `${l.command} ${linkTarget(l).form ?? '-'}`);
    assert.deepEqual(forms, [
      'ampUrl.copy cache',
      'ampUrl.replace cache',
      'ampUrl.open cache',
      'ampUrl.copy cacheOrigin',
      'ampUrl.replace cacheOrigin',
      'ampUrl.open cacheOrigin',
      'ampUrl.copy hash:0',
      'ampUrl.copy cache:bing',
      'ampUrl.replace cache:bing',
      'ampUrl.open cache:bing',
      'ampUrl.showAllForms -',
    ]);
  });

  it('a cache URL: the publisher URL first', () => {
    const md = hover(CACHE);
    // The header line names the kind; the URL under the pointer is not repeated on a line of its own.
    assert.equal(md.split('\n')[0], 'AMP URL · AMP Cache URL');
    assert.deepEqual([labels(md)[0], rows(md)[0][1]], ['Publisher URL', `\`${PUB}\``]);
  });

  it('an AMP viewer URL: labelled so, the publisher URL first, removed parameters noted', () => {
    const md = hover('https://www.google.com/amp/s/example.com/amp_document.html?usqp=mq331AQ');
    assert.equal(md.split('\n')[0], 'AMP URL · AMP viewer URL');
    assert.deepEqual([labels(md)[0], rows(md)[0][1]], ['Publisher URL', `\`${PUB}\``]);
    assert.match(md, /Note\\: removed usqp/);
  });

  it('a look-alike cache URL: the hover names both hosts in a note', () => {
    const md = hover('https://example-com.cdn.ampproject.org/c/s/evil.example/x');
    assert.deepEqual(rows(md)[0][1], '`https://evil.example/x`');
    const note = md.split('\n').find((l) => l.startsWith('Note\\:'));
    assert.ok(note, md);
    assert.match(note, /example\\-com/);
    assert.match(note, /evil\\.example/);
  });

  it('a cache origin: the publisher domain first', () => {
    const md = hover('https://example-com.cdn.ampproject.org');
    assert.equal(
      md.split('\n')[0],
      'AMP URL · AMP Cache origin: `https://example-com.cdn.ampproject.org`',
    );
    assert.deepEqual([labels(md)[0], rows(md)[0][1]], ['Publisher domain', '`example.com`']);
  });

  it('forms equal to the URL are named once as "already in this form", without a row', () => {
    const url = 'https://example-com.cdn.ampproject.org/i/s/example.com/hero.png';
    const md = hover(url).replace(/\\(.)/g, '$1');
    assert.match(
      md,
      /^Already in this form: Safe Browsing canonical URL, RFC 3986 normalized URL/m,
    );
    assert.ok(!labels(hover(url)).includes('RFC 3986 normalized'));
  });

  it('refusals are folded into one line naming the forms, with the reason once', () => {
    const md = hover('https://user:pw@example.com/x');
    const plain = md.replace(/\\(.)/g, '$1');
    const refusals = plain.split('\n').filter((l) => l.startsWith('Not available'));
    assert.equal(refusals.length, 1, plain);
    assert.match(
      refusals[0],
      /^Not available for Google AMP Cache URL, Google AMP Cache origin, Bing AMP Cache URL, Bing AMP Cache origin: [^:]*user name or password/,
    );
    assert.equal(plain.split('user name or password').length, 2, 'the reason is said once');
    assertSafe(md, target('https://user:pw@example.com/x'), 'userinfo');
  });

  it('many caches: one other cache has a row, the rest are counted behind Show all forms', () => {
    const caches = [
      ...AMP_CACHES,
      ...['c1', 'c2', 'c3'].map((id) => ({
        id,
        name: `Cache ${id}`,
        cacheDomain: `${id}.example`,
      })),
    ];
    const md = hover(PUB, { ...settings, caches });
    assert.deepEqual(labels(md), [
      'Google AMP Cache URL',
      'Google AMP Cache origin',
      'Safe Browsing hash prefix',
      'Bing AMP Cache URL',
    ]);
    const n = computeForms(PUB, settings).hashes?.value?.length ?? 0;
    // Bing's origin, three caches' URL and origin, the other hash prefixes, and the two forms
    // already equal to the URL: that line does not fit the hover's height.
    assert.match(md, new RegExp(`… and ${1 + 6 + n - 1 + 2} more · \\[Show all forms\\]`));
  });

  it('hash prefixes: the most specific one in a row, the others behind Show all forms', () => {
    const url = 'http://a.b.c.d.e.f.g/1/2/3/4/5.html?x=1';
    const sections = new Set(['hashPrefixes']) as Settings['hoverSections'];
    const md = hoverMarkdown(computeForms(url, settings, { sections }), target(url));
    const hashRows = rows(md).filter((_, i) => labels(md)[i] === 'Safe Browsing hash prefix');
    assert.equal(hashRows.length, 1);
    assert.match(
      hashRows[0][1],
      /^`a\.b\.c\.d\.e\.f\.g\/1\/2\/3\/4\/5\.html\?x=1` → `[0-9a-f]{8}`$/,
    );
    const show = links(md).find((l) => l.command === 'ampUrl.showAllForms');
    assert.ok(show);
    assert.deepEqual(linkTarget(show), target(url));
  });

  it('ampUrl.hover.sections: only the sections asked', () => {
    const only = (sections: string[], url = PUB) =>
      labels(
        hoverMarkdown(
          computeForms(url, settings, { sections: new Set(sections) as Settings['hoverSections'] }),
          target(url),
        ),
      );
    assert.deepEqual(only(['cache']), ['Google AMP Cache URL', 'Google AMP Cache origin']);
    assert.deepEqual(only(['otherCaches']), ['Bing AMP Cache URL']);
    assert.deepEqual(only(['hashPrefixes']), ['Safe Browsing hash prefix']);
    assert.deepEqual(only(['publisher'], CACHE), ['Publisher URL']);
    assert.deepEqual(only(['publisher']), []);
  });

  it('a typical hover is small: at most six rows and three lines besides', () => {
    for (const url of [PUB, CACHE, 'https://www.theguardian.com/world/2020/jan/01/amp-story.amp']) {
      const md = hover(url);
      assert.ok(rows(md).length <= 6, md);
      const body = md.split('\n\n').slice(1).join('\n\n').split('  \n');
      assert.ok(body.length - rows(md).length <= 3, md);
      assert.equal(md.split('\n\n').length, 2, `a header and one paragraph: ${md}`);
    }
  });

  it('every form of a URL of normal length is shown whole, up to MAX_VALUE_SHOWN', () => {
    const url = `https://www.example.com/news/${'a'.repeat(100)}.html?utm_source=feed#c`;
    const md = hover(url);
    const values = computeForms(url, settings).forms.flatMap((f) => f.value ?? []);
    assert.ok(Math.max(...values.map((v) => v.length)) <= MAX_VALUE_SHOWN);
    // Each row shows a whole value: no value is shortened, none is cut.
    for (const [, cell] of rows(md)) {
      const shown = cellText(cell);
      assert.ok(values.includes(shown) || / → [0-9a-f]{8}$/.test(shown), `not whole: ${shown}`);
    }
    assert.ok(md.includes(`\`${values[0]}\``), md); // the configured cache's URL
    assert.doesNotMatch(md, /chars\\\)|…[^ ]/);
  });

  // URLs of normal length, up to about 150 characters, of each kind (test/e2e/hover-layout.test.mjs
  // shows them in VS Code), with the form each must list first.
  const NORMAL: [string, string][] = [
    [PUB, 'Google AMP Cache URL'],
    [
      'https://www.example.com/news/2024/05/story.html?utm_source=feed&ref=home#comments',
      'Google AMP Cache URL',
    ],
    [
      'https://www.example-news.com/world/europe/2024/05/21/the-long-road-to-a-new-climate-agreement-in-brussels.html?utm_source=newsletter&utm_medium=email#top',
      'Google AMP Cache URL',
    ],
    [
      'https://www-example--news-com.cdn.ampproject.org/c/s/www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
      'Publisher URL',
    ],
    [
      'https://www-example-news-com.cdn.ampproject.org/c/s/www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
      'Publisher URL',
    ],
    [
      'https://www.google.com/amp/s/www.example.com/news/2024/05/story.amp.html?utm_source=feed&ref=home#comments',
      'Publisher URL',
    ],
    [
      'https://example-com.cdn.ampproject.org/i/s/example.com/images/2024/05/hero-banner.png?w=1200',
      'Publisher URL',
    ],
    ['https://user:pw@example.com/x', 'Safe Browsing canonical URL'],
  ];

  it('lists what fits the hover: the form most wanted first and whole, the rest counted behind Show all forms', () => {
    for (const [url, first] of NORMAL) {
      const md = hover(url);
      const plain = md.replace(/\\(.)/g, '$1').replace(/\u00a0/g, ' ');
      const forms = computeForms(url, settings);
      assert.equal(labels(md)[0], first, md);
      const wanted = forms.forms.find((f) => f.label === first)?.value;
      assert.equal(cellText(rows(md)[0][1]), wanted, md);
      // Every form is in a row, named in a line, or counted in "… and N more".
      const hashes = forms.hashes?.value?.length ?? (forms.hashes ? 1 : 0);
      const same = forms.forms.filter((f) => f.value === url).length;
      const refused = forms.forms.filter((f) => f.value === undefined).length;
      const named =
        rows(md).length +
        (/^Already in this form/m.test(plain) ? same : 0) +
        (/^Not available/m.test(plain) ? refused : 0);
      const more = Number(/… and (\d+) more · \[Show all forms\]/.exec(plain)?.[1] ?? 0);
      assert.equal(named + more, forms.forms.length + hashes, plain);
      assert.match(plain, /\[Show all forms\]\(command:ampUrl\.showAllForms\?[^)]*\)$/, plain);
      assertSafe(md, target(url), url);
    }
  });

  it('long values take fewer rows: a 198-character cache URL leaves room for one more form', () => {
    const md = hover(NORMAL[2][0]);
    assert.deepEqual(labels(md), ['Google AMP Cache URL', 'Google AMP Cache origin']);
    // A warning is never left out: the look-alike's names both hosts, whole.
    const lookAlike = hover(NORMAL[4][0]).replace(/\\(.)/g, '$1');
    assert.match(
      lookAlike,
      /^Note: The cache host "www-example-news-com\.cdn\.ampproject\.org" is not the one of "www\.example-news\.com" \("www-example--news-com\.cdn\.ampproject\.org"\)/m,
    );
  });

  it('why the form most wanted is missing comes before other forms', () => {
    const hashed =
      'https://ipe2ctblezfxarawwb6552oippx4ufdntmq6aizlimbcm4gr2a4q.cdn.ampproject.org';
    const md = hover(hashed).replace(/\\(.)/g, '$1');
    assert.match(md, /^Not available for Publisher domain: hashed: can't be reversed/m);
    assert.deepEqual(labels(hover(hashed)), ['Safe Browsing canonical URL']);
    assert.match(md, /… and 4 more · \[Show all forms\]/); // normalized, the three hash prefixes
    const password = hover('https://user:pw@example.com/some/where').replace(/\\(.)/g, '$1');
    assert.match(password, /^Not available for Google AMP Cache URL, [^\n]*user name or password/m);
  });

  it('the header repeats the URL when it is read differently, or fits on the header line', () => {
    const long = NORMAL[1][0];
    assert.equal(hover(long).split('\n')[0], 'AMP URL · URL');
    assert.equal(hover(PUB).split('\n')[0], `AMP URL · URL: \`${PUB}\``);
    // An HTML attribute's &amp; is decoded (rule 1): the header shows the URL the browser reads.
    const written = long.replace('&', '&amp;');
    const md = hoverMarkdown(computeForms(long, settings), target(written));
    assert.equal(md.split('\n')[0], `AMP URL · URL: \`${long}\``);
    // Without a place in a document (no links) the header always names the URL.
    assert.equal(
      hoverMarkdown(computeForms(long, settings)).split('\n')[0],
      `AMP URL · URL: \`${long}\``,
    );
  });

  it('long values are shortened in the middle, with their length', () => {
    const url = `https://example.com/${'a'.repeat(12_000)}/end.html`;
    const md = hover(url);
    const [cell] = rows(md).map((r) => r[1]);
    assert.match(
      cell,
      /^`https:\/\/example-com\.cdn\.ampproject\.org\/c\/s\/example\.com\/a+…a+\/end\.html` \\\(12\\,064 chars\\\)$/,
    );
    assert.ok(cell.indexOf('`', 1) <= MAX_VALUE_SHOWN + 2);
    assertSafe(md, target(url), 'long');
  });

  it('links are dropped before text: a long URL keeps only Show all forms, then none', () => {
    const say = (md: string) => md.replace(/\\(.)/g, '$1');
    const mid = `https://example.com/${'é'.repeat(3_000)}`;
    const midMd = hover(mid);
    assert.deepEqual(
      links(midMd).map((l) => l.command),
      ['ampUrl.showAllForms'],
    );
    assert.match(say(midMd), /Per-form links are left out: this URL is too long for them\./);
    const huge = `https://example.com/${'é'.repeat(20_000)}`;
    const hugeMd = hover(huge);
    assert.deepEqual(links(hugeMd), []);
    assert.match(say(hugeMd), /Links are left out: this URL is too long for them\./);
    assert.ok(rows(hugeMd).length > 0, 'the text stays');
    const over = `https://example.com/${'a'.repeat(MAX_LINK_TEXT)}`;
    assert.deepEqual(links(hover(over)), []);
  });

  it('without a target there are no links at all', () => {
    assert.deepEqual(links(hoverMarkdown(computeForms(PUB, settings))), []);
  });

  it('a | in a URL cannot split a table cell, even after a backslash', () => {
    for (const url of [
      'https://e.com/a|b',
      'https://e.com/a\\|[x](command:y)|`|',
      'https://e.com/|',
    ]) {
      const md = hover(url);
      assertSafe(md, target(url), url);
      const cache = computeForms(url, settings).forms.find((f) => f.id === 'cache');
      assert.ok(cache?.value, md);
      const shown = shortValue(cache.value);
      assert.equal(cellText(rows(md)[0][1]).slice(0, shown.length), shown);
    }
  });

  it('hostile URLs stay inert: text only in code spans or escaped, links only ours with our arguments', () => {
    const hostile = [
      'https://e.com/](command:workbench.action.terminal.new)',
      'https://e.com/x)[y](command:evil "t")',
      'https://e.com/<img src=x onerror=alert(1)>',
      'https://e.com/&lt;b&gt;&#96;',
      'https://e.com/`a``b```c',
      'https://e.com/$(zap)*em*_u_~~s~~',
      'https://e.com/\u202Egnp.exe',
      'https://e.com/![x](https://evil.example/x.png)',
    ];
    for (const url of hostile) {
      const md = hover(url);
      assertSafe(md, target(url), url);
      assert.doesNotMatch(md, /\u202E/);
    }
  });

  it('a refused URL gives a one-line reason', () => {
    const md = hoverMarkdown(
      computeForms('https://user:pw@[::1]/', settings, { sections: new Set(['cache'] as const) }),
    );
    assert.equal(md.split('\n').length, 1);
    assert.match(md, /not a usable URL/);
  });
});
