// UI end-to-end: the extension in the real VS Code workbench (code-server), driven like a person
// would in headless Chromium. Works on a temporary copy of demo/.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchBrowser } from '../../scripts/lib/browser.mjs';
import { sleep, startCodeServer, tail, waitForExtensionHost, workbenchUrl } from '../../scripts/lib/code-server.mjs';
import { repoRoot } from '../../scripts/lib/paths.mjs';

const SUITE_TIMEOUT_MS = Number(process.env.AMP_URL_TEST_TIMEOUT_MS) || 5 * 60_000;
const shotsDir = path.resolve(repoRoot, process.env.AMP_URL_SCREENSHOTS_DIR || 'test-results/screenshots');

const PUBLISHER = 'https://example.com/amp_document.html';
const PUBLISHER_CACHED = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const PALETTE_URL = 'https://www.theguardian.com/world/2020/jan/01/amp-story.amp';
const PALETTE_CACHED = 'https://www-theguardian-com.cdn.ampproject.org/c/s/www.theguardian.com/world/2020/jan/01/amp-story.amp';
const MENU_URL = 'https://foo-example.com/blog/post-1';
const MENU_CACHED = 'https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1';

const SETTINGS = {
  '[markdown]': { 'editor.wordWrap': 'off' }, // one URL per rendered line, so the text can be read back
  'workbench.startupEditor': 'none',
  'git.openRepositoryInParentFolders': 'never',
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
};

let scratch, server, browser, page, failed = false;

describe('workbench (code-server in Chromium)', function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(120_000);
    // A hang anywhere must fail the run, not block CI.
    setTimeout(() => {
      console.error(`e2e: no result after ${SUITE_TIMEOUT_MS / 1000} s (AMP_URL_TEST_TIMEOUT_MS), giving up`);
      process.exit(1); // code-server's process group is killed on exit
    }, SUITE_TIMEOUT_MS).unref();

    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-e2e-'));
    const folder = path.join(scratch, 'demo');
    fs.cpSync(path.join(repoRoot, 'demo'), folder, { recursive: true });
    const userDataDir = path.join(scratch, 'user-data');
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(SETTINGS, null, 2));
    server = await startCodeServer({
      userDataDir,
      extensionsDir: path.join(scratch, 'extensions'),
      logFile: path.join(scratch, 'code-server.log'),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: repoRoot }));
    await page.locator('.monaco-workbench').waitFor();
    // Files opened before the remote extension host is up never get the extension's hovers.
    await waitForExtensionHost(server.userDataDir);
    await openFromExplorer('README.md');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      failed = true;
      fs.mkdirSync(shotsDir, { recursive: true });
      const file = path.join(shotsDir, `failed-${this.currentTest.title.replace(/\W+/g, '-')}.png`);
      await page.screenshot({ path: file }).catch(() => {});
      console.error(`  screenshot of the failure: ${path.relative(repoRoot, file)}`);
    }
  });

  after(async function () {
    if (failed || !page) console.error(`--- code-server log ---\n${tail(server?.logFile)}`);
    await browser?.close().catch(() => {});
    await server?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  });

  it('shows the AMP Cache URL in the hover of a publisher URL', async () => {
    const hover = await hoverUntil(PUBLISHER, (text) => text.includes(PUBLISHER_CACHED));
    await screenshot('hover.png', hover);
    await dismissHover();
  });

  it('converts the URL under the cursor from the command palette (F1), and undo restores it', async () => {
    await clickInside(PALETTE_URL);
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('>AMP URL: Convert to AMP Cache URL');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Convert to AMP Cache URL' }).first().waitFor();
    await screenshot('palette.png');
    await page.keyboard.press('Enter');
    await acceptQuickPicks();
    await waitForText((text) => text.includes(PALETTE_CACHED) && !text.includes(`- ${PALETTE_URL}`), 'the converted URL');
    await undo((text) => text.includes(`- ${PALETTE_URL}`) && !text.includes(PALETTE_CACHED));
  });

  it('replaces a URL from the editor context menu, and undo restores it', async () => {
    await clickInside(MENU_URL, 'right');
    const item = page.locator('.monaco-menu .action-item', { hasText: 'Replace with AMP Cache URL' });
    await item.first().waitFor();
    await screenshot('context-menu.png');
    await item.first().click();
    await waitForText((text) => text.includes(MENU_CACHED), 'the replaced URL');
    await undo((text) => text.includes(`- ${MENU_URL}`) && !text.includes(MENU_CACHED));
  });
});

async function openFromExplorer(name) {
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  await row.waitFor({ timeout: 60_000 });
  await row.click();
  await page.locator(`.tab[aria-label^="${name}"]`).first().waitFor();
  await page.locator('.editor-instance .view-lines').first().waitFor();
}

/**
 * The editor's link detection marks each URL: a stable anchor for the mouse. VS Code renders
 * long tokens in pieces of 50 characters, so match the piece the URL starts with.
 */
function linkTo(url) {
  const start = new RegExp(`^${url.slice(0, 40).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
  return page.locator('.editor-instance .view-lines span.detected-link', { hasText: start }).first();
}

/** A point inside the URL's first characters. The mouse goes there directly: Playwright's own
 *  scroll-into-view would shift VS Code's editor sideways. */
async function pointIn(url) {
  const link = linkTo(url);
  for (let attempt = 0; attempt < 20; attempt++) {
    await link.waitFor();
    const box = await link.boundingBox(); // null when VS Code re-rendered the line meanwhile
    if (box) return { x: box.x + Math.min(30, box.width / 2), y: box.y + box.height / 2 };
    await sleep(250);
  }
  assert.fail(`cannot place the mouse on ${url}`);
}

async function clickInside(url, button = 'left') {
  const { x, y } = await pointIn(url);
  await page.mouse.click(x, y);
  await sleep(500); // the extension updates its context keys (for the context menu) on selection change
  if (button !== 'left') await page.mouse.click(x, y, { button });
}

/** Hovers `url` until the hover satisfies `ok`; VS Code does not re-ask providers while a hover shows. */
async function hoverUntil(url, ok) {
  const { x, y } = await pointIn(url);
  const hover = page.locator('.monaco-hover:visible').first();
  let last = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.mouse.move(x, y);
    try {
      await hover.waitFor({ timeout: 5000 });
      await sleep(500); // providers answer one after another
      last = await hover.innerText();
      if (ok(last)) return hover;
    } catch { /* no hover yet */ }
    await dismissHover();
    await sleep(500);
  }
  assert.fail(`the hover of ${url} never showed what was expected; last hover:\n${last}`);
}

async function dismissHover() {
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await page.locator('.monaco-hover:visible').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
}

/** A command may ask with Quick Picks (which cache, which preset): take the default answers. */
async function acceptQuickPicks() {
  for (let i = 0; i < 3; i++) {
    await sleep(500);
    if (!await page.locator('.quick-input-widget:visible').count()) return;
    await page.keyboard.press('Enter');
  }
}

async function editorText() {
  return (await page.locator('.editor-instance .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
}

async function waitForText(ok, what) {
  let text = '';
  for (let i = 0; i < 50; i++) {
    text = await editorText();
    if (ok(text)) return;
    await sleep(200);
  }
  assert.fail(`the editor never showed ${what}; it shows:\n${text}`);
}

async function undo(ok) {
  await page.keyboard.press('Control+z'); // the editor has the focus back after the command
  await waitForText(ok, 'the original text after undo');
}

async function screenshot(name, locator) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, name) });
  if (locator) await locator.waitFor(); // still showing while the picture was taken
}
