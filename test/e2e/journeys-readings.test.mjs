// Journeys of issue 21, walked in the real workbench with the default choices, a screenshot per
// step: (a) a web developer debugging CORS reads the cache origin an AMP page sends, from a
// viewer URL and a publisher URL, in the hover and from "Show AMP Cache origin", and copies it;
// (b) a security person reads the canonical URL and the Safe Browsing hash prefixes of a link
// written with `&amp;` in an HTML attribute: the values of the URL the browser requests.
import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const VIEWER = 'https://www.google.com/amp/s/news.example.com/x';
const PUBLISHER = 'https://news.example.com/cors/feed.json';
const ORIGIN = 'https://news-example-com.cdn.ampproject.org';
const STORY_WRITTEN = 'https://news.example.com/story?id=42&amp;lang=en';
const STORY = 'https://news.example.com/story?id=42&lang=en';
const MESSY_WRITTEN = 'https://News.Example.com/a/./b/../story?id=7&amp;lang=fr#top';
const MESSY_CANONICAL = 'https://news.example.com/a/story?id=7&amp;lang=fr';

const PAGE = `<!doctype html>
<html>
<body>
<p><a href="${VIEWER}">in the viewer</a></p>
<p><a href="${PUBLISHER}">feed</a></p>
<p><a href="${STORY_WRITTEN}">story</a></p>
<p><a href="${MESSY_WRITTEN}">messy</a></p>
</body>
</html>
`;

/**
 * The hover's line for the cache origin, as a person reads it: the label, its links (Copy, Replace,
 * Open: hover-markdown.ts puts them between label and value), then the whole origin, on one line.
 */
const ORIGIN_LINE = new RegExp(
  `^Google AMP Cache origin(?: (?:Copy|Replace|Open))* ${ORIGIN.replace(/\./g, '\\.')}$`,
  'm',
);

/** The 4-byte SHA-256 prefix of a Safe Browsing expression, computed here, apart from the extension. */
const prefix = (expression) => createHash('sha256').update(expression).digest('hex').slice(0, 8);

let wb,
  failed = false;

describe('journeys: CORS origins and Safe Browsing hashes as the reader sees the URL (issue 21)', function () {
  this.timeout(120_000);

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({ files: { 'amp-links.html': PAGE } });
    await wb.openFromExplorer('amp-links.html');
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) {
      failed = true;
      await wb.dismissHover(); // a hover left by a failed test would answer the next one's
    }
  });

  after(async () => wb?.close(failed));

  it('(a) CORS: the hover of an AMP viewer URL names the cache origin its page sends', async () => {
    const { hover } = await wb.hoverUntil(VIEWER, (t) => t.includes('Google AMP Cache origin'));
    const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /AMP URL · AMP viewer URL/);
    assert.match(text, ORIGIN_LINE);
    assert.match(
      text,
      /^Publisher URL(?: (?:Copy|Replace|Open))* https:\/\/news\.example\.com\/x$/m,
    );
    assert.ok(!/origin\s+https:\/\/www\.google\.com/.test(text), text); // not the viewer's host
    await wb.screenshot('journey-cors-1-viewer-hover.png', hover);
    await wb.dismissHover();
  });

  it('(a) CORS: the hover of the publisher URL names the same origin', async () => {
    // The hover of this URL, not one still showing for the viewer URL above.
    const { hover } = await wb.hoverUntil(
      PUBLISHER,
      (t) => t.includes(`: ${PUBLISHER}\n`) && t.includes('Google AMP Cache origin'),
    );
    const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, ORIGIN_LINE);
    await wb.screenshot('journey-cors-2-publisher-hover.png', hover, hover);
    await wb.dismissHover();
  });

  it('(a) CORS: "Show AMP Cache origin" from the palette on the viewer URL shows it, and Copy copies it', async () => {
    await wb.clickInside(VIEWER);
    await wb.runCommand('AMP URL: Show AMP Cache origin');
    const toast = await wb.notification(ORIGIN);
    const message = (await toast.innerText()).replace(/\u00a0/g, ' ');
    assert.match(
      message,
      /Google AMP Cache origin \(the Origin its pages send\): https:\/\/news-example-com\.cdn\.ampproject\.org/,
    );
    assert.ok(!message.includes('https://www.google.com'), message);
    await wb.screenshot('journey-cors-3-show-origin.png');
    await toast.locator('.monaco-button', { hasText: 'Copy' }).first().click();
    let copied = '';
    for (let i = 0; i < 20 && copied !== ORIGIN; i++) {
      await sleep(200);
      copied = await wb.page.evaluate(() => navigator.clipboard.readText());
    }
    assert.strictEqual(copied, ORIGIN);
  });

  it('(b) Safe Browsing: the hover of an &amp; link shows the URL the browser requests and its hash prefixes', async () => {
    const expression = 'news.example.com/story?id=42&lang=en';
    // The mouse goes on the URL's start: VS Code 1.139 colours `&amp;` as an HTML entity, a
    // rendered piece of its own, so the piece the link starts with ends before it.
    const { hover } = await wb.hoverUntil(STORY_WRITTEN.slice(0, STORY_WRITTEN.indexOf('&')), (t) =>
      t.includes('Safe Browsing hash prefix'),
    );
    const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
    // The header and every value are the decoded URL's: no `&amp;` anywhere.
    assert.ok(text.includes(`AMP URL · URL: ${STORY}`), text);
    assert.ok(!text.includes('&amp;'), text);
    // Its canonical form is itself: named once, as already in this form.
    assert.match(text, /Already in this form: [^\n]*Safe Browsing canonical URL/);
    assert.ok(text.includes(`${expression} → ${prefix(expression)}`), text);
    assert.notStrictEqual(prefix(expression), prefix('news.example.com/story?id=42&amp;lang=en'));
    await wb.screenshot('journey-hashes-1-hover.png', hover);
    await wb.dismissHover();
  });

  it('(b) Safe Browsing: "Canonicalize" writes the canonical URL, &amp; kept as the page wrote it, saved to disk', async () => {
    await wb.clickInside(MESSY_WRITTEN.slice(0, 40));
    await wb.runCommand('AMP URL: Canonicalize (Safe Browsing)');
    await wb.waitForText((t) => t.includes(MESSY_CANONICAL), 'the canonical URL');
    await wb.screenshot('journey-hashes-2-canonicalized.png');
    await wb.page.keyboard.press('Control+s');
    let disk = '';
    for (let i = 0; i < 25 && !disk.includes(MESSY_CANONICAL); i++) {
      await sleep(200);
      disk = fs.readFileSync(path.join(wb.folder, 'amp-links.html'), 'utf8');
    }
    assert.ok(disk.includes(`<a href="${MESSY_CANONICAL}">messy</a>`), disk);
    assert.ok(disk.includes(`<a href="${STORY_WRITTEN}">story</a>`), disk); // untouched
  });
});
