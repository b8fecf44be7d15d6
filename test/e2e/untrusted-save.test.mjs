// Restricted Mode, as a person meets it: a repository whose .vscode/settings.json asks for
// `source.fixAll.ampUrl` on save, opened in a window that does not trust it. A one-word edit on
// line 2 and a real Ctrl+S must leave the AMP Cache URL on line 1 as it is, on screen and on disk
// (the integration test runs the save command; this presses the keys).
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/first.html';
const FILE = 'save-me.md';
const TEXT = `Read ${CACHE} here.\nsecond line\n`;

let wb,
  failed = false;

describe('Restricted Mode: the repository decides nothing (code-server in Chromium)', function () {
  this.timeout(120_000);

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({
      workspaceTrust: true,
      settings: {
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.untrustedFiles': 'open',
        'files.autoSave': 'off',
      },
      files: {
        [FILE]: TEXT,
        '.vscode/settings.json': JSON.stringify({
          'editor.codeActionsOnSave': { 'source.fixAll.ampUrl': 'explicit' },
          'ampUrl.diagnostics.enabled': true,
        }),
      },
    });
    await wb.openFromExplorer(FILE);
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  it('the window is in Restricted Mode', async () => {
    await wb.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor();
  });

  it("Ctrl+S after an edit on line 2 leaves line 1's AMP Cache URL as it is", async () => {
    await wb.clickInside('second line', { link: false });
    await wb.page.keyboard.press('Home');
    await wb.page.keyboard.type('edited ');
    await wb.waitForText((t) => t.includes('edited second line'), 'the typed word');
    await wb.page.keyboard.press('Control+s');
    const file = path.join(wb.folder, FILE);
    const expected = `Read ${CACHE} here.\nedited second line\n`;
    // The save waits for every save participant (ours asked for source.fixAll.ampUrl): on a
    // loaded machine that takes seconds. The tab's dirty mark goes when the save is done.
    const dirty = wb.page.locator(`.tab.dirty[aria-label^="${FILE}"]`);
    for (let i = 0; i < 50 && (await dirty.count()) > 0; i++) await sleep(200);
    if (await dirty.count()) {
      // Seen twice in about twenty runs on VS Code 1.100 (in CI and on a loaded machine): the tab
      // stays dirty with nothing on screen, as if the key never arrived. A person presses again;
      // every save still runs the save participants, so the assertion below keeps its meaning.
      console.error(`  Ctrl+S left ${FILE} unsaved for 10 s; pressing it again`);
      await wb.page.keyboard.press('Control+s');
      for (let i = 0; i < 100 && (await dirty.count()) > 0; i++) await sleep(200);
    }
    for (let i = 0; i < 50 && fs.readFileSync(file, 'utf8') !== expected; i++) await sleep(200);
    await sleep(1000); // a save participant would have run by now
    assert.equal(
      fs.readFileSync(file, 'utf8'),
      expected,
      `on screen: ${(await wb.visibleMessages()).join(' | ')}`,
    );
    assert.ok((await wb.editorText()).includes(`Read ${CACHE} here.`));
    await wb.screenshot('untrusted-save.png');
  });
});
