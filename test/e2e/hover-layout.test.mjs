// The hover people read, in each VS Code version's default layout (1.139 opens the Chat panel
// beside the editor, so the editor and its hover are narrower): for URLs of normal length every
// value the hover lists is there whole (not shortened), nothing in the hover scrolls, and every
// link (Copy, Replace, Open, Show all forms) is inside the hover and the window, also for a URL
// near the editor's right edge. Screenshots: hover-layout-<VS Code version>-<n>.png.
import * as assert from 'node:assert';
import { vscodeBuild } from '../../scripts/lib/paths.mjs';
import { openWorkbench } from './lib/workbench.mjs';

// URLs of normal length (up to about 150 characters) with the values the hover must show whole
// (computed apart: the AMP Cache URL format of the spec, /c/s/ for https, /i/ for images, a `-`
// doubled in the cache host; the publisher URL back). `written`: the URL as its file has it,
// when its reader reads it differently (an HTML attribute's &amp;), so the header must show the
// URL read; `prefix`: text before it on its line, which puts it near the editor's right edge.
const CASES = [
  {
    what: 'the issue 21 example (72-character cache URL)',
    url: 'https://example.com/amp_document.html',
    values: [
      'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html',
      'https://example-com.cdn.ampproject.org',
      'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html',
    ],
  },
  {
    what: 'a publisher URL with a query and a fragment',
    url: 'https://www.example.com/news/2024/05/story.html?utm_source=feed&ref=home#comments',
    values: [
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/news/2024/05/story.html?utm_source=feed&ref=home#comments',
    ],
  },
  {
    what: 'an image on the AMP Cache (/i/), near the right edge of the editor',
    prefix: 'The hero image of the day, served by the cache: ',
    url: 'https://example-com.cdn.ampproject.org/i/s/example.com/images/2024/05/hero-banner.png?w=1200',
    values: ['https://example.com/images/2024/05/hero-banner.png?w=1200'],
  },
  {
    what: 'a 153-character publisher URL (a 198-character cache URL), near the right edge',
    prefix: 'Read it on the cache: ',
    url: 'https://www.example-news.com/world/europe/2024/05/21/the-long-road-to-a-new-climate-agreement-in-brussels.html?utm_source=newsletter&utm_medium=email#top',
    values: [
      'https://www-example--news-com.cdn.ampproject.org/c/s/www.example-news.com/world/europe/2024/05/21/the-long-road-to-a-new-climate-agreement-in-brussels.html?utm_source=newsletter&utm_medium=email#top',
    ],
  },
  {
    what: 'a 155-character AMP Cache URL',
    url: 'https://www-example--news-com.cdn.ampproject.org/c/s/www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
    values: [
      'https://www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
    ],
  },
  {
    what: 'a look-alike AMP Cache URL: its warning, which names both hosts, is shown whole',
    url: 'https://www-example-news-com.cdn.ampproject.org/c/s/www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
    values: [
      'https://www.example-news.com/world/2024/05/21/a-new-climate-agreement-in-brussels.amp.html?utm_source=feed#top',
      '"www-example-news-com.cdn.ampproject.org" is not the one of "www.example-news.com" ("www-example--news-com.cdn.ampproject.org")',
    ],
  },
  {
    what: 'an AMP viewer URL with a query and a fragment',
    url: 'https://www.google.com/amp/s/www.example.com/news/2024/05/story.amp.html?utm_source=feed&ref=home#comments',
    values: [
      'https://www.example.com/news/2024/05/story.amp.html?utm_source=feed&ref=home#comments',
      'https://www-example-com.cdn.ampproject.org',
    ],
  },
  {
    what: 'an HTML attribute with &amp;: the header shows the URL the browser reads',
    file: 'attribute.html',
    prefix: '<p><a href="',
    suffix: '">Search results</a></p>',
    url: 'https://www.example.com/search?q=amp+cache&page=2&sort=new#results',
    written: 'https://www.example.com/search?q=amp+cache&amp;page=2&amp;sort=new#results',
    values: [
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/search?q=amp+cache&page=2&sort=new#results',
    ],
  },
];
const FILE = 'layout.txt';
const line = (c) => `${c.prefix ?? ''}${c.written ?? c.url}${c.suffix ?? ''}`;
const FILES = {};
for (const c of CASES) FILES[c.file ?? FILE] = `${FILES[c.file ?? FILE] ?? ''}${line(c)}\n\n`;

let wb,
  open,
  failed = false;
const version = vscodeBuild().vscode;

describe(`hover layout in the default layout (VS Code ${version})`, function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(120_000);
    wb = await openWorkbench({ files: FILES });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  CASES.forEach(({ what, url, written, values, file = FILE }, i) => {
    it(`${what}: every value whole, nothing scrolls, every link inside the hover`, async () => {
      if (open !== file) await wb.openFromExplorer(file);
      open = file;
      const { hover } = await wb.hoverUntil(written ?? url, (text) => text.includes(values[0]));
      await wb.screenshot(`hover-layout-${version}-${i + 1}.png`, hover);
      const m = await hover.evaluate((root) => {
        const box = (el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        // The hover scrolls in its content element (its own scrollbar); the root clips.
        const scrollers = [
          root,
          ...root.querySelectorAll('.monaco-scrollable-element, .monaco-hover-content'),
        ];
        return {
          text: root.innerText.replace(/\u00a0/g, ' '),
          scroll: scrollers.map((el) => ({
            cls: el.className,
            sh: el.scrollHeight,
            ch: el.clientHeight,
            sw: el.scrollWidth,
            cw: el.clientWidth,
          })),
          hover: box(root),
          links: [...root.querySelectorAll('a')]
            .filter((a) => a.innerText.trim())
            .map((a) => ({ text: a.innerText.trim(), ...box(a) })),
          window: { width: window.innerWidth, height: window.innerHeight },
        };
      });
      for (const v of values)
        assert.ok(m.text.includes(v), `the hover does not show ${v} whole:\n${m.text}`);
      // The URL read, when it differs from the text (rule 1); the text under the pointer itself
      // is not repeated unless it fits on the header line.
      if (written) {
        assert.ok(m.text.startsWith(`AMP URL · URL: ${url}\n`), m.text);
        assert.ok(!m.text.includes('&amp;'), m.text);
      }
      assert.match(m.text, /(?:… and \d+ more · )?Show all forms\n/, m.text);
      assert.doesNotMatch(m.text, /\S…\S|\(\d[\d,]* chars\)/, `a shortened value:\n${m.text}`);
      for (const s of m.scroll) {
        assert.ok(s.sh <= s.ch + 1, `the hover scrolls (${s.cls}: ${s.sh} > ${s.ch} px)`);
        assert.ok(s.sw <= s.cw + 1, `the hover scrolls sideways (${s.cls}: ${s.sw} > ${s.cw} px)`);
      }
      const labels = m.links.map((l) => l.text);
      assert.ok(labels.includes('Show all forms'), `no Show all forms: ${labels.join(', ')}`);
      assert.ok(labels.includes('Copy'), `no Copy: ${labels.join(', ')}`);
      for (const l of m.links) {
        const inside =
          l.left >= m.hover.left - 1 &&
          l.right <= m.hover.right + 1 &&
          l.top >= m.hover.top - 1 &&
          l.bottom <= m.hover.bottom + 1 &&
          l.right <= m.window.width &&
          l.bottom <= m.window.height;
        assert.ok(inside, `"${l.text}" is cut off: ${JSON.stringify({ link: l, hover: m.hover })}`);
      }
      await wb.dismissHover();
    });
  });
});
