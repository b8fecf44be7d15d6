// The opt-in Problems and their lightbulb, as a person uses them (README "Problems and fix on
// save"): a file with two AMP Cache URLs, Ctrl+. on the first one lists "Replace with publisher
// URL" once and "Fix all AMP URLs in file" as quick fixes; each, picked, writes the right text,
// and Undo restores it. The Refactor menu (Ctrl+Shift+R) on a URL already in normal form: what
// VS Code shows of an action that can't apply.
import * as assert from 'node:assert';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE1 = 'https://example-com.cdn.ampproject.org/c/s/example.com/first.html';
const PUB1 = 'https://example.com/first.html';
const CACHE2 = 'https://example-com.cdn.ampproject.org/c/s/example.com/second.html';
const PUB2 = 'https://example.com/second.html';
const PLAIN = 'https://example.com/plain.html';
const FILE = 'two-amp.md';
const TEXT = `# Two AMP links\n\n- ${CACHE1}\n- ${CACHE2}\n- ${PLAIN}\n`;

let wb,
  failed = false;

/** The rows of the open code action menu (headers and actions), as shown. */
async function actionMenu() {
  const widget = wb.page.locator('.action-widget').first();
  await widget.waitFor();
  await widget.locator('.monaco-list-row').first().waitFor();
  await sleep(300); // every provider has answered
  return (await widget.locator('.monaco-list-row').allInnerTexts()).map((s) =>
    s.replace(/\s+/g, ' ').trim(),
  );
}

async function closeActionMenu() {
  await wb.page.keyboard.press('Escape');
  await wb.page
    .locator('.action-widget')
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => {});
}

/**
 * Picks the action labelled `label` in the open code action menu with the keyboard, as a person
 * does (Down to it, Enter): a click there lands on the menu's pointer guard while it settles.
 */
async function pick(label) {
  const focused = wb.page.locator('.action-widget .monaco-list-row.focused').first();
  for (let i = 0; i < 10; i++) {
    if ((await focused.getAttribute('aria-label')) === label) {
      await wb.page.keyboard.press('Enter');
      await wb.page.locator('.action-widget').waitFor({ state: 'hidden', timeout: 5000 });
      return;
    }
    await wb.page.keyboard.press('ArrowDown');
  }
  assert.fail(`no "${label}" in the code action menu`);
}

/** Ctrl+. with the cursor in `url`, until the menu lists what the problem offers. */
async function lightbulbOn(url) {
  for (let attempt = 0; attempt < 10; attempt++) {
    await wb.clickInside(url);
    await wb.page.keyboard.press('Control+.');
    const rows = await actionMenu().catch(() => []);
    if (rows.some((r) => r.includes('Fix all AMP URLs in file'))) return rows;
    await closeActionMenu();
    await sleep(500); // the problems come 300 ms after the file opens
  }
  assert.fail('the lightbulb never offered the problem quick fixes');
}

describe('Problems: the lightbulb on AMP Cache URLs (code-server in Chromium)', function () {
  this.timeout(120_000);

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({
      settings: { 'ampUrl.diagnostics.enabled': true },
      files: { [FILE]: TEXT },
    });
    await wb.openFromExplorer(FILE);
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
    await closeActionMenu();
  });

  after(async () => wb?.close(failed));

  it('Ctrl+. lists Replace with publisher URL once and Fix all; each writes the right text; undo', async () => {
    const rows = await lightbulbOn(CACHE1);
    await wb.screenshot('problems-lightbulb.png');
    console.log(`      menu: ${rows.join(' | ')}`);
    assert.equal(
      rows.filter((r) => r.includes('Replace with publisher URL')).length,
      1,
      rows.join(' | '),
    );
    assert.equal(
      rows.filter((r) => r.includes('Fix all AMP URLs in file')).length,
      1,
      rows.join(' | '),
    );
    assert.ok(
      rows.some((r) => /^Quick Fix/.test(r)),
      rows.join(' | '),
    );
    // Listed first among the quick fixes: the one for the URL under the cursor.
    const fixAt = rows.findIndex((r) => r.includes('Replace with publisher URL'));
    assert.ok(fixAt < rows.findIndex((r) => r.includes('Fix all AMP URLs in file')));

    await pick('Replace with publisher URL');
    await wb.waitForText(
      (t) => t.includes(`- ${PUB1}`) && t.includes(`- ${CACHE2}`),
      'the first URL replaced',
    );
    await wb.undo((t) => t.includes(`- ${CACHE1}`) && t.includes(`- ${CACHE2}`));

    await lightbulbOn(CACHE1);
    await pick('Fix all AMP URLs in file');
    await wb.waitForText(
      (t) => t.includes(`- ${PUB1}`) && t.includes(`- ${PUB2}`) && t.includes(`- ${PLAIN}`),
      'both URLs replaced, the plain one left',
    );
    await wb.undo((t) => t.includes(`- ${CACHE1}`) && t.includes(`- ${CACHE2}`));
  });

  it('the Refactor menu on a URL already in normal form: what an action that cannot apply looks like', async () => {
    await wb.clickInside(PLAIN);
    await wb.page.keyboard.press('Control+Shift+r');
    const rows = await actionMenu();
    console.log(`      refactor menu: ${rows.join(' | ')}`);
    const widget = wb.page.locator('.action-widget').first();
    await widget.getByText('Show Disabled').click({ force: true });
    await widget.locator('.monaco-list-row', { hasText: 'Normalize URL' }).first().waitFor();
    const all = await widget
      .locator('.monaco-list-row')
      .evaluateAll((els) =>
        els.map(
          (e) => `${e.textContent?.trim()} [${e.className}] title=${e.getAttribute('title')}`,
        ),
      );
    console.log(`      with disabled:\n        ${all.join('\n        ')}`);
    await widget
      .locator('.monaco-list-row', { hasText: 'Normalize URL' })
      .first()
      .hover({ force: true });
    await sleep(1500);
    await wb.screenshot('refactor-menu-disabled.png');
    await closeActionMenu();
  });
});
