// UI end-to-end: the pickers that ask the user something (the Normalize preset and step Quick
// Picks, the Insert AMP Cache URL input box with live validation, Show all forms' rows), answered
// with the keyboard and mouse in the real workbench (the same settings as interactive.test.mjs).
import * as assert from 'node:assert';
import { openWorkbench } from './lib/workbench.mjs';

const LIMITS = { 'ampUrl.limits.maxDocumentSize': 2000, 'ampUrl.limits.maxLineLength': 200 };

const FILES = {
  'messy.txt': 'Messy:\n- HTTP://User@Example.COM:80/Foo/./bar/../Baz%7e?b=2&a=1#top\n',
  'insert.txt': 'Heading\nInsert here: \nEnd\n',
  'forms.txt': 'Forms of\n- https://foo-example.com/blog/post-1\nPaste below:\n',
  'forms-two.txt': 'Two\n- https://foo-example.com/blog/post-1\n- https://bar.example.org/b\n',
};

let wb,
  failed = false;

describe('interactive pickers (code-server in Chromium)', function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(120_000);
    wb = await openWorkbench({ settings: LIMITS, files: FILES });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
    await wb?.page.keyboard.press('Escape'); // whatever a failed test left open
  });

  after(async () => wb?.close(failed));

  describe('Normalize (RFC 3986) Quick Pick', () => {
    const MESSY = '- HTTP://User@Example.COM:80/Foo/./bar/../Baz%7e?b=2&a=1#top';

    it('a preset picked by typing its name', async () => {
      await wb.openFromExplorer('messy.txt');
      await cursorTo(2, 5);
      await wb.runCommand('AMP URL: Normalize (RFC 3986)');
      await wb.waitForQuickInput('Normalize (RFC 3986)');
      await wb.quickInput().fill('Aggressive');
      await wb.quickPickRow('Aggressive').waitFor();
      await wb.page.keyboard.press('Enter');
      await wb.waitForText(
        (text) => /^- https:\/\/User@example\.com\/Foo\/Baz~\?a=1&b=2\s*$/m.test(text),
        'the aggressively normalized URL',
      );
      await wb.undo((text) => text.includes(MESSY));
    });

    it('"Choose steps…": the default steps are ticked, two more ticked by hand', async () => {
      await wb.openFromExplorer('messy.txt');
      await cursorTo(2, 5);
      await wb.runCommand('AMP URL: Normalize (RFC 3986)');
      await wb.waitForQuickInput('Normalize (RFC 3986)');
      await wb.quickInput().fill('Choose steps');
      await wb.quickPickRow('Choose steps').waitFor();
      await wb.page.keyboard.press('Enter');
      await wb.waitForQuickInput('Normalization steps');
      // The settings' steps (the safe preset) come ticked.
      assert.strictEqual(await isTicked('Lowercase the host'), true);
      assert.strictEqual(await isTicked('Sort query parameters'), false);
      await tick('Sort query parameters');
      await tick('Remove the fragment');
      // Contradicting steps can't both be ticked: ticking Force http unticks Force https.
      await tick('Force https');
      await tick('Force http');
      // The untick comes from the extension host, a round trip after the click.
      await untilTicked('Force https', false, 'Force http and https both ticked');
      assert.strictEqual(await isTicked('Force http'), true);
      await wb.quickInput().fill('');
      await wb.page.keyboard.press('Enter');
      await wb.waitForQuickInputClosed();
      await wb.waitForText(
        (text) => /^- http:\/\/User@example\.com\/Foo\/Baz~\?a=1&b=2\s*$/m.test(text),
        'the URL normalized with the safe steps, sorted query, no fragment',
      );
      await wb.undo((text) => text.includes(MESSY));
    });
  });

  describe('Insert AMP Cache URL for… input box', () => {
    it('validates as you type (reason for a bad URL, the result for a good one); Enter inserts at the cursor', async () => {
      await wb.openFromExplorer('insert.txt');
      await cursorTo(2, 'end');
      await wb.runCommand('AMP URL: Insert AMP Cache URL for…');
      await wb.waitForQuickInput('Insert AMP Cache URL for…');
      const message = wb.page.locator('.quick-input-widget:visible .quick-input-message');
      await wb.quickInput().fill('ftp://example.com/x');
      await message.filter({ hasText: '"ftp:" is not http or https' }).waitFor();
      assert.ok(
        await wb.page.locator('.quick-input-widget:visible .monaco-inputbox.error').count(),
        'a bad URL is not marked as an error',
      );
      await wb.screenshot('insert-validation.png');
      await wb.quickInput().fill('https://example.com/x.html');
      await message
        .filter({ hasText: 'https://example-com.cdn.ampproject.org/c/s/example.com/x.html' })
        .waitFor();
      assert.strictEqual(
        await wb.page.locator('.quick-input-widget:visible .monaco-inputbox.error').count(),
        0,
        'a good URL is still marked as an error',
      );
      await wb.page.keyboard.press('Enter');
      await wb.waitForText(
        (text) =>
          /^Insert here: https:\/\/example-com\.cdn\.ampproject\.org\/c\/s\/example\.com\/x\.html$/m.test(
            text,
          ),
        'the inserted URL',
      );
      // Said as what happened: inserted, not "replaced".
      await wb.page
        .locator('.statusbar-item', { hasText: /^AMP URL: Inserted 1 URL$/ })
        .first()
        .waitFor();
      await wb.undo(
        (text) => /^Insert here:\s*$/m.test(text) && !text.includes('cdn.ampproject.org'),
      );
    });

    it('Escape inserts nothing', async () => {
      await wb.openFromExplorer('insert.txt');
      await cursorTo(2, 'end');
      await wb.runCommand('AMP URL: Insert AMP Cache URL for…');
      await wb.waitForQuickInput('Insert AMP Cache URL for…');
      await wb.quickInput().fill('https://example.com/y.html');
      await wb.page.keyboard.press('Escape');
      await wb.waitForQuickInputClosed();
      // Typing proves the editor has the focus back and the command has ended; then the text is checked.
      await wb.page.keyboard.type('!');
      await wb.waitForText((text) => /^Insert here: !$/m.test(text), 'the typed mark');
      assert.ok(!(await wb.editorText()).includes('cdn.ampproject.org'), 'Escape inserted the URL');
      await wb.undo((text) => /^Insert here:\s*$/m.test(text));
    });
  });

  describe('Show all forms Quick Pick', () => {
    const URL_ = 'https://foo-example.com/blog/post-1';
    const ORIGIN = 'https://foo--example-com.cdn.ampproject.org';

    it('picking a form copies it', async () => {
      await wb.openFromExplorer('forms.txt');
      await cursorTo(2, 5);
      await wb.runCommand('AMP URL: Show all forms');
      await wb.waitForQuickInput(`All forms of ${URL_}`);
      // Each form by its one name, the hover's and the Convert all picker's.
      const rows = await wb.quickPickRows();
      assert.deepStrictEqual(rows.slice(0, 6), [
        'Google AMP Cache URL',
        'Google AMP Cache origin',
        'Bing AMP Cache URL',
        'Bing AMP Cache origin',
        'Safe Browsing canonical URL',
        'RFC 3986 normalized URL',
      ]);
      // The list shows as many rows as fit; the hash prefixes, filtered, are one per expression.
      for (const row of rows.slice(6)) assert.match(row, /^Safe Browsing hash prefix of /);
      await wb.quickInput().fill('Safe Browsing hash prefix');
      await wb.page
        .locator('.quick-input-widget:visible .quick-input-list .monaco-list-row')
        .nth(2)
        .waitFor();
      assert.deepStrictEqual((await wb.quickPickRows()).sort(), [
        'Safe Browsing hash prefix of foo-example.com/',
        'Safe Browsing hash prefix of foo-example.com/blog/',
        'Safe Browsing hash prefix of foo-example.com/blog/post-1',
      ]);
      await wb.quickInput().fill('Cache origin');
      await wb.quickPickRow(ORIGIN).waitFor();
      await wb.screenshot('show-all-forms.png');
      await wb.quickPickRow(ORIGIN).click();
      await wb.page
        .locator('.statusbar-item', { hasText: 'AMP URL: copied to the clipboard' })
        .first()
        .waitFor();
      assert.strictEqual(await wb.page.evaluate(() => navigator.clipboard.readText()), ORIGIN);
      assert.ok((await wb.editorText()).includes(`- ${URL_}`), 'copying changed the text');
    });

    /** Show all forms, then the Replace button of the Google AMP Cache URL's row. */
    async function replaceWithGoogleForm() {
      await wb.runCommand('AMP URL: Show all forms');
      await wb.waitForQuickInput(`All forms of ${URL_}`);
      await wb.quickInput().fill('Google AMP Cache URL');
      const row = wb.quickPickRow(
        'https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1',
      );
      await row.hover();
      await row.locator('.action-label.codicon-replace').click();
    }

    it("the item's button inserts the form in place of the URL; undo restores", async () => {
      await wb.openFromExplorer('forms.txt');
      await cursorTo(2, 5);
      await replaceWithGoogleForm();
      await wb.waitForText(
        (text) =>
          text.includes(
            '- https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1',
          ),
        'the form in place of the URL',
      );
      await wb.undo((text) => text.includes(`- ${URL_}`) && !text.includes('cdn.ampproject.org'));
    });

    it("two cursors: the item's button inserts that form of each cursor's URL, one undo", async () => {
      await wb.openFromExplorer('forms-two.txt');
      await cursorTo(2, 5);
      await wb.runCommand('Add Cursor Below');
      await replaceWithGoogleForm();
      await wb.waitForText(
        (text) =>
          text.includes(
            '- https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1',
          ) && text.includes('- https://bar-example-org.cdn.ampproject.org/c/s/bar.example.org/b'),
        'the form of each URL in its place',
      );
      await wb.undo((text) => text.includes(`- ${URL_}`) && !text.includes('cdn.ampproject.org'));
    });
  });
});

/** Moves the cursor with the keyboard: to `line` (1-based) and `column` (1-based) or its end. */
async function cursorTo(line, column) {
  const k = wb.page.keyboard;
  await wb.editorLines().click({ position: { x: 5, y: 5 } }); // the editor gets the focus
  await k.press('Control+Home');
  for (let i = 1; i < line; i++) await k.press('ArrowDown');
  if (column === 'end') await k.press('End');
  else for (let i = 1; i < column; i++) await k.press('ArrowRight');
  await wb.page
    .locator('.statusbar-item', {
      hasText: new RegExp(`^Ln ${line}, Col ${column === 'end' ? '\\d+' : column}\\b`),
    })
    .first()
    .waitFor();
}

/** The checkbox of the multi-select row labelled `label` (shown by filtering for it). */
async function checkbox(label) {
  await wb.quickInput().fill(label);
  const row = wb.quickPickRow(label);
  await row.waitFor();
  return row.locator('.monaco-checkbox');
}

async function isTicked(label) {
  return (await (await checkbox(label)).getAttribute('aria-checked')) === 'true';
}

/** Waits (up to 5 s) until `label`'s box is `ticked`, or fails with `message`. */
async function untilTicked(label, ticked, message) {
  for (let i = 0; i < 50 && (await isTicked(label)) !== ticked; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.strictEqual(await isTicked(label), ticked, message);
}

async function tick(label) {
  const box = await checkbox(label);
  await box.click();
  assert.strictEqual(await isTicked(label), true, `${label} did not get ticked`);
}
