// UI end-to-end, issue 20: "Replace AMP URLs with publisher URLs in Workspace…" from F1, on a
// folder holding symbolic links to a stand-in for ~/.bashrc and to a
// sibling project, and a FIFO as its .ignore. Through the Refactor Preview's Apply: the files
// outside keep their bytes, the folder's own file is converted, and the report counts the links
// and the ignore file it did not read.
import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const PUB = 'https://example.com/amp_document.html';

let wb,
  outside,
  failed = false;

describe('workspace command on a hostile repository (code-server in Chromium)', function () {
  this.timeout(120_000);

  before(async function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(150_000);
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-e2e-outside-'));
    fs.writeFileSync(path.join(outside, 'bashrc'), `# rc ${CACHE}\n`);
    fs.mkdirSync(path.join(outside, 'sibling-project'));
    fs.writeFileSync(path.join(outside, 'sibling-project', 'index.md'), `s ${CACHE}\n`);
    wb = await openWorkbench({ files: { 'hostile.md': `h ${CACHE}\n` } });
    fs.symlinkSync(path.join(outside, 'bashrc'), path.join(wb.folder, 'bashrc.md'));
    fs.symlinkSync(path.join(outside, 'sibling-project'), path.join(wb.folder, 'sibling'));
    execFileSync('mkfifo', [path.join(wb.folder, '.ignore')]);
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => {
    await wb?.close(failed);
    if (outside) fs.rmSync(outside, { recursive: true, force: true });
  });

  const outsideFiles = () => [
    path.join(outside, 'bashrc'),
    path.join(outside, 'sibling-project', 'index.md'),
  ];

  it('F1, Refactor Preview, Apply: nothing outside the folder is written; the links and the FIFO are counted', async () => {
    const before = outsideFiles().map((f) => fs.readFileSync(f, 'utf8'));
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    // The folder's own file and the links (demo/'s files would fill the preview past the screen).
    await wb.quickInput().fill('{hostile.md,bashrc.md,sibling/**}');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter'); // the default, none
    const apply = wb.page.locator('.bulk-edit-panel .monaco-button', { hasText: /^Apply$/ });
    await apply.waitFor({ timeout: 60_000 });
    // Every change needs confirmation: tick each file (its changes follow), as a user would.
    const boxes = wb.page.locator('.bulk-edit-panel .monaco-list-row input[type="checkbox"]');
    await boxes.first().waitFor();
    const files = await wb.page.locator('.bulk-edit-panel .monaco-list-row').allInnerTexts();
    assert.ok(
      !files.some((f) => /bashrc|sibling|index\.md/.test(f)),
      `a link's target is in the preview: ${files.join(', ')}`,
    );
    for (let i = 0; i < (await boxes.count()); i++)
      if (!(await boxes.nth(i).isChecked())) await boxes.nth(i).click();
    await wb.screenshot('workspace-hostile-preview.png');
    await apply.click();

    const toast = wb.page
      .locator('.notifications-toasts .notification-toast', { hasText: /symbolic links/ })
      .first();
    await toast.waitFor({ timeout: 60_000 });
    const report = await toast.innerText();
    assert.match(report, /2 symbolic links not followed/, report);
    assert.match(report, /1 ignore files not read/, report);

    // The folder's own file is converted; saved, it is on disk (and nothing else is).
    await wb.runCommand('File: Save All');
    const file = path.join(wb.folder, 'hostile.md');
    for (let i = 0; i < 100 && fs.readFileSync(file, 'utf8') !== `h ${PUB}\n`; i++)
      await sleep(100);
    assert.equal(fs.readFileSync(file, 'utf8'), `h ${PUB}\n`);
    assert.deepEqual(
      outsideFiles().map((f) => fs.readFileSync(f, 'utf8')),
      before,
      'a file outside the folder was written',
    );
  });
});
