// UI end-to-end, issue 28: the workspace de-AMP of a few thousand files with the default choices,
// as a documentation team meets it: F1, the dialog's Replace, a progress notification, then the
// completion notification's Undo. Every file is compared byte for byte after the Replace (each
// one converted, nothing else changed) and after the Undo (each one as it was).
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench } from './lib/workbench.mjs';

const FILES = 3000;
/** 3000 as the messages may write it (3000, or grouped in the user's locale: 3,000). */
const N = '3[,.\\s\\u202f]?000';
const CACHE = (i) => `https://www-example-com.cdn.ampproject.org/c/s/www.example.com/doc/${i}.html`;
const PUB = (i) => `https://www.example.com/doc/${i}.html`;

/** A page of docs with one AMP Cache URL; CRLF in some, a BOM in others (bytes kept as they are). */
function page(i) {
  const eol = i % 5 === 0 ? '\r\n' : '\n';
  const bom = i % 7 === 0 ? '\ufeff' : '';
  const lines = [
    `# Page ${i}`,
    '',
    `See [the page](${CACHE(i)}) and https://www.example.org/${i}.`,
  ];
  return `${bom}${lines.join(eol)}${eol}${'Text of the page. '.repeat(20)}${eol}`;
}

let wb,
  failed = false;

describe('workspace de-AMP of a few thousand files: Replace, then Undo (code-server in Chromium)', function () {
  this.timeout(300_000);

  before(async function () {
    this.timeout(150_000);
    wb = await openWorkbench({});
    for (let i = 0; i < FILES; i++) {
      const dir = path.join(wb.folder, 'docs', `part-${i % 30}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `page-${i}.md`), page(i));
    }
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  const file = (i) => path.join(wb.folder, 'docs', `part-${i % 30}`, `page-${i}.md`);
  /** The files that differ from `want(i)`, by number (the first few). */
  const differing = (want) => {
    const bad = [];
    for (let i = 0; i < FILES && bad.length < 5; i++)
      if (!fs.readFileSync(file(i)).equals(Buffer.from(want(i)))) bad.push(i);
    return bad;
  };

  it(`Replace writes all ${FILES} files on disk; the notification's Undo puts every byte back`, async () => {
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    await wb.quickInput().fill('docs/**');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter');
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', { hasText: new RegExp(`in ${N} files\\?`) })
      .waitFor({ timeout: 120_000 });
    await wb.page.keyboard.press('Enter'); // the default button, Replace
    await dialog.waitFor({ state: 'detached' });

    const done = await wb.notification(
      new RegExp(`AMP URL: Replaced ${N} URLs in ${N} files`),
      120_000,
    );
    await wb.screenshot('workspace-large-replaced.png');
    const converted = (i) => page(i).replace(CACHE(i), PUB(i));
    assert.deepEqual(differing(converted), [], 'files not converted byte for byte');

    await done.locator('.monaco-button', { hasText: /^Undo$/ }).click();
    await wb.notification(new RegExp(`AMP URL: Undo: ${N} files put back as they were`), 120_000);
    await wb.screenshot('workspace-large-undone.png');
    assert.deepEqual(differing(page), [], 'files not put back byte for byte');
  });
});
