// UI end-to-end, issue 20: "Replace AMP URLs with publisher URLs in Workspace…" from F1, on a
// folder holding symbolic links to a stand-in for ~/.bashrc and to a sibling project, and a FIFO
// as its .ignore. With the default choices (the counts dialog's default button, Replace): the
// files outside keep their bytes, the folder's own file is converted, and the notification and
// the "AMP URL" report count the links and the ignore file it did not read. And issue 26: while the
// counts dialog is open, a file is swapped for a link, a folder for a linked folder and a file is
// edited on disk; Replace leaves all three (the check right before the write) and names them, each
// file outside the folder keeps its bytes, and a file name holding a line break forges no line.
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
    const log = wb.reportLog();
    assert.match(log, /Files skipped \(3\):/);
    assert.match(log, /^ {2}bashrc\.md {2}a symbolic link[^\n]*not followed/m);
    assert.match(log, /^ {2}sibling {2}a symbolic link[^\n]*not followed/m);
    assert.match(log, /^ {2}\.ignore {2}an ignore file not read/m);
    assert.ok(!/bashrc →|index\.md:/.test(log), `a link's target was read:\n${log}`);
  });

  it('while the dialog is open, a file swapped for a link, a folder for a linked folder and a file edited on disk are left and reported as changed; names are inert', async () => {
    const race = path.join(wb.folder, 'race');
    fs.mkdirSync(path.join(race, 'dir'), { recursive: true });
    const original = `r ${CACHE}\n`;
    // A name that would forge a finding's line and a clickable location if printed raw.
    const forged = 'nl\n  passwd:1:1  forged.md';
    for (const rel of ['swap.md', 'edited.md', 'ok.md', 'dir/inner.md', forged])
      fs.writeFileSync(path.join(race, rel), original);
    // Stand-ins outside the folder with the very bytes the scan planned on (a naive write would
    // convert them).
    fs.writeFileSync(path.join(outside, 'swap-target.md'), original);
    fs.mkdirSync(path.join(outside, 'dir2'));
    fs.writeFileSync(path.join(outside, 'dir2', 'inner.md'), original);
    const everyOutside = () =>
      Object.fromEntries(
        fs
          .readdirSync(outside, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
          .map((f) => [f, fs.readFileSync(f).toString('base64')]),
      );
    const before = everyOutside();

    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    await wb.quickInput().fill('race/**');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter');
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', {
        hasText: 'Replace 5 AMP URLs with publisher URLs in 5 files?',
      })
      .waitFor({ timeout: 60_000 });
    // While the user reads the dialog: a swap, a linked folder, an edit on disk (a later second,
    // another size).
    fs.rmSync(path.join(race, 'swap.md'));
    fs.symlinkSync(path.join(outside, 'swap-target.md'), path.join(race, 'swap.md'));
    fs.rmSync(path.join(race, 'dir'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'dir2'), path.join(race, 'dir'));
    fs.writeFileSync(path.join(race, 'edited.md'), `PR${original}`);
    await wb.screenshot('workspace-hostile-race-dialog.png');
    await wb.page.keyboard.press('Enter'); // the default button, Replace
    await dialog.waitFor({ state: 'detached' });

    const note = await wb.notification(/AMP URL: Replaced 2 URLs in 2 files/);
    const message = (await note.locator('.notification-list-item-message').innerText()).replace(
      /\u00a0/g,
      ' ',
    );
    assert.match(message, /3 files changed since the scan, left untouched/, message);
    const converted = `r ${PUB}\n`;
    for (let i = 0; i < 100 && fs.readFileSync(path.join(race, 'ok.md'), 'utf8') !== converted; i++)
      await sleep(100);
    assert.equal(fs.readFileSync(path.join(race, 'ok.md'), 'utf8'), converted);
    assert.equal(fs.readFileSync(path.join(race, forged), 'utf8'), converted);
    assert.equal(fs.readFileSync(path.join(race, 'edited.md'), 'utf8'), `PR${original}`);
    assert.ok(fs.lstatSync(path.join(race, 'swap.md')).isSymbolicLink(), 'the link was replaced');
    assert.ok(fs.lstatSync(path.join(race, 'dir')).isSymbolicLink(), 'the link was replaced');
    assert.deepEqual(everyOutside(), before, 'a file outside the folder was written');

    let log = '';
    for (let i = 0; i < 50 && !/left untouched \(3\)/.test(log); i++) {
      log = wb.reportLog();
      await sleep(200);
    }
    assert.match(log, /Files changed since the scan, left untouched \(3\):/);
    for (const name of ['swap.md', 'edited.md', 'inner.md'])
      assert.match(log, new RegExp(`^ {2}\\S*race\\S*${name.replace('.', '\\.')}`, 'm'), name);
    // The line break in the name is shown, not obeyed: no line starts with the forged location.
    assert.ok(log.includes('nl⟨U+000A⟩  passwd:1:1  forged.md'), log);
    assert.ok(!/^\s*passwd:1:1/m.test(log), `a name forged a line:\n${log}`);
  });
});
