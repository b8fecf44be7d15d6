// UI end-to-end: the extension in the real VS Code workbench (code-server), driven like a person
// would in headless Chromium: hover, command palette, right-click. Works on a temporary copy of demo/.
import * as assert from 'node:assert';
import { hoverShows, openWorkbench, sleep } from './lib/workbench.mjs';

const PUBLISHER = 'https://example.com/amp_document.html';
const PUBLISHER_CACHED = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const PALETTE_URL = 'https://www.theguardian.com/world/2020/jan/01/amp-story.amp';
const PALETTE_CACHED =
  'https://www-theguardian-com.cdn.ampproject.org/c/s/www.theguardian.com/world/2020/jan/01/amp-story.amp';
const MENU_URL = 'https://foo-example.com/blog/post-1';
const MENU_CACHED = 'https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1';
const TO_CACHE = 'Replace with AMP Cache URL';
const TO_PUBLISHER = 'Replace with publisher URL';
// Plain text of demo/README.md, away from any URL.
const PLAIN = 'Publisher pages';

let wb,
  failed = false;

describe('workbench (code-server in Chromium)', function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(120_000);
    wb = await openWorkbench();
    await wb.openFromExplorer('README.md');
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  it('shows the AMP Cache URL in the hover of a publisher URL', async () => {
    const { hover } = await wb.hoverUntil(PUBLISHER, (text) => hoverShows(text, PUBLISHER_CACHED));
    await wb.screenshot('hover.png', hover);
    await wb.dismissHover();
  });

  it('converts the URL under the cursor from the command palette (F1), and undo restores it', async () => {
    await wb.clickInside(PALETTE_URL);
    await wb.page.keyboard.press('F1');
    const input = wb.quickInput();
    await input.waitFor();
    await input.fill('>AMP URL: Convert to AMP Cache URL');
    await wb.quickPickRow('Convert to AMP Cache URL').waitFor();
    await wb.screenshot('palette.png');
    await wb.page.keyboard.press('Enter');
    await wb.waitForText(
      (text) => text.includes(PALETTE_CACHED) && !text.includes(`- ${PALETTE_URL}`),
      'the converted URL',
    );
    await wb.undo((text) => text.includes(`- ${PALETTE_URL}`) && !text.includes(PALETTE_CACHED));
  });

  // The user's flow: the cursor is somewhere else, the mouse goes to a URL and right-clicks. VS Code
  // moves the cursor and builds the menu in the same instant; the menu item shows because the mouse
  // rested on the URL first (the extension's hover provider updates the context keys). No left-click.
  it('right-click on a publisher URL, with the cursor elsewhere, offers "Replace with AMP Cache URL" at once; undo restores', async () => {
    await cursorOnPlainText();
    const { x, y } = await wb.hoverUntil(MENU_URL, (text) => hoverShows(text, MENU_CACHED));
    await wb.page.mouse.click(x, y, { button: 'right' });
    const labels = await wb.menuLabels();
    assert.ok(
      labels.includes(TO_CACHE),
      `the first context menu lacks "${TO_CACHE}": ${labels.join(' | ')}`,
    );
    assert.ok(!labels.includes(TO_PUBLISHER), `a publisher URL got "${TO_PUBLISHER}"`);
    await wb.screenshot('context-menu.png');
    await wb.clickMenuItem(TO_CACHE);
    await wb.waitForText((text) => text.includes(`- ${MENU_CACHED}`), 'the replaced URL');
    await wb.undo((text) => text.includes(`- ${MENU_URL}`) && !hoverShows(text, MENU_CACHED));
  });

  it('right-click on an AMP Cache URL, with the cursor elsewhere, offers "Replace with publisher URL" at once; undo restores', async () => {
    await cursorOnPlainText();
    const { x, y } = await wb.hoverUntil(
      PUBLISHER_CACHED,
      (text) => text.includes('Publisher URL') && text.includes(PUBLISHER),
    );
    await wb.page.mouse.click(x, y, { button: 'right' });
    const labels = await wb.menuLabels();
    assert.ok(
      labels.includes(TO_PUBLISHER),
      `the first context menu lacks "${TO_PUBLISHER}": ${labels.join(' | ')}`,
    );
    assert.ok(!labels.includes(TO_CACHE), `an AMP Cache URL got "${TO_CACHE}"`);
    await wb.clickMenuItem(TO_PUBLISHER);
    await wb.waitForText(
      (text) => text.includes(`- Google: ${PUBLISHER}`),
      'the publisher URL in place of the cache URL',
    );
    await wb.undo((text) => text.includes(`- Google: ${PUBLISHER_CACHED}`));
  });
});

/**
 * Puts the cursor on plain text by right-clicking there, until the menu offers neither
 * "Replace with…" item: from then on the extension's context keys say "not on a URL", so a later
 * menu can only show an item because the extension turned a key on for it.
 */
async function cursorOnPlainText() {
  await wb.dismissHover();
  const { x, y } = await wb.pointIn(PLAIN, { link: false });
  let labels = [];
  for (let attempt = 0; attempt < 25; attempt++) {
    await wb.page.mouse.click(x, y, { button: 'right' });
    labels = await wb.menuLabels();
    await wb.closeMenu();
    if (!labels.includes(TO_CACHE) && !labels.includes(TO_PUBLISHER)) return;
    await sleep(200);
  }
  assert.fail(`a context menu on plain text keeps offering: ${labels.join(' | ')}`);
}
