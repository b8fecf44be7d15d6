// The opt-in Problems and their lightbulb, as a person uses them (README "Problems and fix on
// save"): a file with two AMP Cache URLs, Ctrl+. on the first one lists "Replace with publisher
// URL" once and "Fix all AMP URLs in file" as quick fixes; each, picked, writes the right text,
// and Undo restores it. The Refactor menu (Ctrl+Shift+R) on a URL already in normal form: an
// action that can't apply is listed only after "Show Disabled", faded, its reason in its title.
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
  const { widget } = wb.actionMenu();
  await widget.waitFor();
  await widget.locator('.monaco-list-row').first().waitFor();
  await sleep(300); // every provider has answered
  return (await widget.locator('.monaco-list-row').allInnerTexts()).map((s) =>
    s.replace(/\s+/g, ' ').trim(),
  );
}

async function closeActionMenu() {
  await wb.page.keyboard.press('Escape');
  await wb
    .actionMenu()
    .widget.waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => {});
}

/**
 * Picks the action labelled `label` in the open code action menu with the keyboard, as a person
 * does (Down to it, Enter): a click there lands on the menu's pointer guard while it settles.
 */
async function pick(label) {
  const menu = wb.actionMenu();
  for (let i = 0; i < 10; i++) {
    if ((await menu.focusedLabel()) === label) {
      await wb.page.keyboard.press('Enter');
      await menu.widget.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    }
    await wb.page.keyboard.press('ArrowDown');
  }
  assert.fail(`no "${label}" in the code action menu`);
}

/** The middle of a menu row, for the mouse. */
async function pointOf(row) {
  const box = await row.boundingBox();
  assert.ok(box, 'the row is not shown');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
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

  it('the Refactor menu: an action that cannot apply is behind Show Disabled, faded, with its reason', async () => {
    await wb.clickInside(PLAIN);
    await wb.page.keyboard.press('Control+Shift+r');
    const rows = await actionMenu();
    // As the README says: only what applies, then "Show Disabled".
    assert.ok(rows.includes('Replace with AMP Cache URL'), rows.join(' | '));
    assert.ok(!rows.some((r) => r.startsWith('Normalize URL')), rows.join(' | '));
    const { widget } = wb.actionMenu();
    await widget.getByText('Show Disabled').click({ force: true });
    const normalize = widget.locator('.monaco-list-row', { hasText: 'Normalize URL' }).first();
    await normalize.waitFor();
    await wb.screenshot('refactor-menu-disabled.png');
    assert.equal((await normalize.innerText()).trim(), 'Normalize URL (already in this form)');
    assert.match((await normalize.getAttribute('class')) ?? '', /option-disabled/);
    const canonical = widget.locator('.monaco-list-row', { hasText: 'Canonicalize URL' }).first();
    assert.equal((await canonical.innerText()).trim(), 'Canonicalize URL (already in this form)');
    // A faded action cannot be run. VS Code 1.100 lets the mouse put the focus on it, and Enter
    // there does nothing; 1.139 never focuses it (neither the mouse nor the arrow keys reach it),
    // so the person's only way is a click on it, which does nothing either.
    const before = await wb.editorText();
    const { x, y } = await pointOf(normalize);
    await wb.page.mouse.move(x, y); // a real move: it also lifts the menu's pointer guard
    await sleep(300);
    const menu = wb.actionMenu();
    if (await menu.isFocused(normalize)) {
      await wb.page.keyboard.press('Enter');
    } else {
      for (let i = 0; i < 6; i++) {
        assert.ok(!/\(already in this form\)$/.test(await menu.focusedLabel()));
        await wb.page.keyboard.press('ArrowDown');
      }
      assert.equal(await wb.page.locator('.context-view-pointerBlock').count(), 0);
      await wb.page.mouse.click(x, y);
    }
    await sleep(500);
    assert.equal(await wb.editorText(), before);
    await closeActionMenu();
  });

  it('the Problems view names each URL by its kind and the publisher URL the fix writes', async () => {
    await wb.page.keyboard.press('Control+Shift+m');
    const rows = wb.page.locator('.part.panel .monaco-list-row');
    await rows.filter({ hasText: PUB2 }).first().waitFor();
    const shown = (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    for (const pub of [PUB1, PUB2])
      assert.ok(
        shown.some((r) => r.includes(`AMP Cache URL: use the publisher URL ${pub}`)),
        shown.join(' | '),
      );
    await wb.page.keyboard.press('Control+j'); // the panel hidden again, as a person would
    await wb.page.locator('.part.panel').waitFor({ state: 'hidden' });
    await wb.editorLines().click({ position: { x: 5, y: 5 } });
  });
});
