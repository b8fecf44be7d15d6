// Journey (issue 27, item 4): a team adopts the workspace de-AMP on a repository that already has
// AMP URLs on purpose. Its .amp-url.json leaves out a fixtures folder and one URL pattern; its
// files leave single URLs out with amp-url-disable comments in HTML, Markdown and JavaScript. The
// dialog names the files Replace will write before anything is written (the first five by name,
// the rest counted per top folder); on disk only the others change; the Problems leave out the
// same URLs. A broken .amp-url.json stops the command with its one-line reason.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE = (p) => `https://www-example-com.cdn.ampproject.org/c/s/www.example.com/${p}`;
const VIEWER = (p) => `https://www.google.com/amp/s/www.example.com/${p}`;
const PUB = (p) => `https://www.example.com/${p}`;

const CONFIG = JSON.stringify({
  ignorePaths: ['fixtures/**'],
  ignoreUrls: ['https://www.google.com/amp/s/www.example.com/kept/*'],
});

const FILES = {
  '.amp-url.json': CONFIG,
  'fixtures/expected.html': `<a href="${CACHE('fixture')}">fixture</a>\n`,
  'site/a.html': [
    `<a href="${CACHE('one')}">changed</a>`,
    '<!-- amp-url-disable-next-line -- the cached copy, on purpose -->',
    `<a href="${CACHE('cached')}">kept</a>`,
    '',
  ].join('\n'),
  'site/b.md': `[kept](${VIEWER('kept/x')}) and [changed](${VIEWER('two')})\n`,
  'src/c.js': [
    `const kept = '${VIEWER('spec')}'; // amp-url-disable-line`,
    `const changed = '${VIEWER('three')}';`,
    '',
  ].join('\n'),
  'docs/1.md': `${VIEWER('d1')}\n`,
  'docs/2.md': `${VIEWER('d2')}\n`,
  'docs/3.md': `${VIEWER('d3')}\n`,
  'docs/4.md': `${VIEWER('d4')}\n`,
};

const AFTER = {
  ...FILES,
  'site/a.html': FILES['site/a.html'].replace(CACHE('one'), PUB('one')),
  'site/b.md': FILES['site/b.md'].replace(VIEWER('two'), PUB('two')),
  'src/c.js': FILES['src/c.js'].replace(VIEWER('three'), PUB('three')),
  'docs/1.md': `${PUB('d1')}\n`,
  'docs/2.md': `${PUB('d2')}\n`,
  'docs/3.md': `${PUB('d3')}\n`,
  'docs/4.md': `${PUB('d4')}\n`,
};

let wb,
  failed = false;
const disk = (rel) => fs.readFileSync(path.join(wb.folder, rel), 'utf8');
const INCLUDE = '{.amp-url.json,fixtures/**,site/**,src/**,docs/**}';

async function startReplace() {
  await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
  await wb.waitForQuickInput('Files to include');
  // The repository's own files (demo/'s would only add to the counts).
  await wb.quickInput().fill(INCLUDE);
  await wb.page.keyboard.press('Enter');
  await wb.waitForQuickInput('Files to exclude');
  await wb.page.keyboard.press('Enter'); // none
}

describe('journey: adopting the workspace de-AMP on a repository with directives and .amp-url.json', function () {
  this.timeout(180_000);

  before(async function () {
    this.timeout(120_000);
    wb = await openWorkbench({ files: FILES, settings: { 'ampUrl.diagnostics.enabled': true } });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
    await wb?.page.keyboard.press('Escape');
  });

  after(async () => wb?.close(failed));

  it('the dialog names the files; Replace writes only what the comments and the file do not leave out', async () => {
    await startReplace();
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', {
        hasText: 'Replace 7 AMP URLs with publisher URLs in 7 files?',
      })
      .waitFor({ timeout: 60_000 });
    const text = await dialog.innerText();
    assert.match(
      text,
      /^Files: docs\/1\.md, docs\/2\.md, docs\/3\.md, docs\/4\.md, site\/a\.html, and 2 more \(site\/ 1, src\/ 1\)$/m,
      text,
    );
    // Nothing is written while the dialog is open.
    for (const [rel, t] of Object.entries(FILES)) assert.strictEqual(disk(rel), t, rel);
    await wb.screenshot('journey-adopt-01-dialog.png');
    await wb.page.keyboard.press('Enter'); // Replace
    await dialog.waitFor({ state: 'detached' });
    await wb.notification(/AMP URL: Replaced 7 URLs in 7 files/);
    for (const [rel, t] of Object.entries(AFTER))
      for (let i = 0; disk(rel) !== t && i < 50; i++) await sleep(200);
    for (const [rel, t] of Object.entries(AFTER)) assert.strictEqual(disk(rel), t, rel);
    await wb.screenshot('journey-adopt-02-written.png');
  });

  it('the Problems leave out the same URLs', async () => {
    // The written files hold no AMP URL any more; one line gets a new one, beside a kept one.
    fs.writeFileSync(
      path.join(wb.folder, 'site', 'a.html'),
      `${AFTER['site/a.html']}<a href="${CACHE('new')}">new</a>\n`,
    );
    await wb.page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: /^site$/ })
      .first()
      .click(); // the folder opened
    await wb.openFromExplorer('a.html');
    await wb.page.keyboard.press('Control+Shift+m');
    const rows = wb.page.locator('.part.panel .monaco-list-row');
    await rows
      .filter({ hasText: PUB('new') })
      .first()
      .waitFor({ timeout: 60_000 });
    await sleep(1000); // a problem on the kept URL would have come with it
    const shown = (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    assert.ok(!shown.some((r) => r.includes(PUB('cached'))), shown.join(' | '));
    await wb.screenshot('journey-adopt-03-problems.png');
    await wb.page.keyboard.press('Control+j');
    await wb.page.locator('.part.panel').waitFor({ state: 'hidden' });
  });

  it('a broken .amp-url.json stops the command with its one-line reason; nothing is written', async () => {
    fs.writeFileSync(path.join(wb.folder, '.amp-url.json'), '{"ignorepaths": []}');
    const before = disk('fixtures/expected.html');
    for (let i = 0; i < 20; i++) await sleep(100); // the watcher forgets the old file
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.notification(/AMP URL: \.amp-url\.json: unknown key "ignorepaths"/);
    assert.strictEqual(disk('fixtures/expected.html'), before);
  });
});
