// UI end-to-end, issue 20: "Replace AMP URLs with publisher URLs in Workspace…" from F1, on a
// folder holding symbolic links to a stand-in for ~/.bashrc and to a sibling project, and a FIFO
// as its .ignore. With the default choices (the counts dialog's default button, Replace): the
// files outside keep their bytes, the folder's own file is converted, and the notification and
// the "AMP URL" report count the links and the ignore file it did not read.
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

  /** The "AMP URL" channel's whole text, from its log file (the output view shows a window). */
  function reportLog() {
    const find = (dir) =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? find(p) : e.name.endsWith('AMP URL.log') ? [p] : [];
      });
    const files = find(path.join(wb.scratch, 'user-data', 'logs'));
    assert.ok(files.length > 0, 'no log file of the "AMP URL" channel');
    return files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  }

  const outsideFiles = () => [
    path.join(outside, 'bashrc'),
    path.join(outside, 'sibling-project', 'index.md'),
  ];

  it("F1 with the default choices (the dialog's default button): nothing outside the folder is written; the links and the FIFO are reported as skipped", async () => {
    const before = outsideFiles().map((f) => fs.readFileSync(f, 'utf8'));
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    // The folder's own file and the links (demo/'s files would only add to the counts).
    await wb.quickInput().fill('{hostile.md,bashrc.md,sibling/**}');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter'); // the default, none
    // The dialog counts only the folder's own file: the links' targets were never read.
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', {
        hasText: 'Replace 1 AMP URL with its publisher URL in 1 file?',
      })
      .waitFor({ timeout: 60_000 });
    await wb.screenshot('workspace-hostile-dialog.png');
    await wb.page.keyboard.press('Enter'); // the default button, Replace
    await dialog.waitFor({ state: 'detached' });

    // The folder's own file is converted and saved (files.refactoring.autoSave); nothing else is.
    const file = path.join(wb.folder, 'hostile.md');
    for (let i = 0; i < 100 && fs.readFileSync(file, 'utf8') !== `h ${PUB}\n`; i++)
      await sleep(100);
    assert.equal(fs.readFileSync(file, 'utf8'), `h ${PUB}\n`);
    assert.deepEqual(
      outsideFiles().map((f) => fs.readFileSync(f, 'utf8')),
      before,
      'a file outside the folder was written',
    );
    assert.ok(fs.lstatSync(path.join(wb.folder, 'bashrc.md')).isSymbolicLink(), 'a link replaced');
    assert.ok(fs.lstatSync(path.join(wb.folder, 'sibling')).isSymbolicLink(), 'a link replaced');

    // The one-line notification counts what was skipped; the report names each with the reason.
    const note = await wb.notification(/AMP URL: Replaced 1 URL in 1 file/);
    const message = (await note.locator('.notification-list-item-message').innerText()).replace(
      /\u00a0/g,
      ' ',
    );
    assert.match(message, /; 3 files skipped$/, message);
    await wb.screenshot('workspace-hostile-notification.png');
    await note.locator('.monaco-button', { hasText: /^Show Report$/ }).click();
    await wb.hideNotifications();
    const output = wb.page.locator('.part.panel .view-lines').first();
    await output.waitFor();
    const shown = async () => (await output.innerText()).replace(/\u00a0/g, ' ');
    for (let i = 0; i < 50 && !(await shown()).includes('Files skipped'); i++) await sleep(200);
    assert.match(await shown(), /Files skipped \(3\):/);
    await wb.screenshot('workspace-hostile-report.png');
    const log = reportLog();
    assert.match(log, /Files skipped \(3\):/);
    assert.match(log, /^ {2}bashrc\.md {2}a symbolic link[^\n]*not followed/m);
    assert.match(log, /^ {2}sibling {2}a symbolic link[^\n]*not followed/m);
    assert.match(log, /^ {2}\.ignore {2}an ignore file not read/m);
    assert.ok(!/bashrc →|index\.md:/.test(log), `a link's target was read:\n${log}`);
  });
});
