// Journeys (issue 21): two people's whole flows through the workbench, with the default choices
// of every picker and dialog, asserting what is on disk and what is shown (the notification, the
// "AMP URL" output channel), one screenshot per step (journey-*.png).
//  (a) an SEO team de-AMPs a content folder: "Replace AMP URLs with publisher URLs in Workspace…";
//  (b) a crawler engineer converts a list of 2,000 URLs: "Convert all URLs" and "Replace AMP URLs".
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE = (p) => `https://www-example-com.cdn.ampproject.org/c/s/www.example.com/${p}`;
const VIEWER = (p) => `https://www.google.com/amp/s/www.example.com/${p}`;
const PUB = (p) => `https://www.example.com/${p}`;
// The cache host is not www.example.com's own: the reverse warns (a look-alike).
const LOOK_ALIKE = 'https://xyz.cdn.ampproject.org/c/s/www.example.com/offer';

const CONTENT = {
  'content/post-1.md': [
    '# Post one',
    '',
    `Read [the guide](${CACHE('guide.html')}) and [the FAQ](${VIEWER('faq.html')}).`,
    `Our own page: ${PUB('about.html')}`,
    '',
  ].join('\n'),
  'content/post-2.html': [
    '<article>',
    `  <a href="${CACHE('list.html?a=1&amp;b=2')}">list</a>`,
    `  <a href="${LOOK_ALIKE}">offer</a>`,
    '</article>',
    '',
  ].join('\n'),
  'content/post-3.md': `See ${VIEWER('news/1.html')} and ${CACHE('news/2.html')}.\n`,
};
const CONVERTED = {
  'content/post-1.md': CONTENT['content/post-1.md']
    .replace(CACHE('guide.html'), PUB('guide.html'))
    .replace(VIEWER('faq.html'), PUB('faq.html')),
  // The look-alike deserves a look: the default path leaves it and the report names it.
  'content/post-2.html': CONTENT['content/post-2.html'].replace(
    CACHE('list.html?a=1&amp;b=2'),
    PUB('list.html?a=1&amp;b=2'),
  ),
  'content/post-3.md': `See ${PUB('news/1.html')} and ${PUB('news/2.html')}.\n`,
};

/** 2,000 URLs as a crawler exports them: cache, viewer and publisher URLs, some look-alikes. */
function urlList() {
  const lines = [];
  for (let i = 0; i < 2000; i++) {
    const p = `p/${i}.html`;
    if (i % 100 === 7) lines.push(`https://xyz.cdn.ampproject.org/c/s/www.example.com/${p}`);
    else if (i % 4 === 0) lines.push(`${CACHE(p)}?amp_js_v=0.1`);
    else if (i % 4 === 1) lines.push(VIEWER(p));
    else if (i % 4 === 2) lines.push(PUB(p));
    else lines.push(CACHE(p));
  }
  return `${lines.join('\n')}\n`;
}
const URLS = urlList();
const LIST_COUNTS = (() => {
  const lines = URLS.trimEnd().split('\n');
  return {
    lookAlikes: lines.filter((l) => l.includes('//xyz.')).length,
    amp: lines.filter((l) => !l.startsWith(PUB(''))).length,
    publisher: lines.filter((l) => l.startsWith(PUB(''))).length,
    viewer: lines.filter((l) => l.startsWith(VIEWER(''))).length,
  };
})();

/** The Convert all picker as a person reads it: the form's one name · the URLs it takes. */
const CONVERT_ALL_ROWS = [
  'AMP Cache URL · of each publisher URL',
  'Publisher URL · of each AMP Cache or AMP viewer URL (the reverse)',
  'Safe Browsing canonical URL · of each URL',
  'RFC 3986 normalized URL · of each URL, with your ampUrl.normalize steps',
];

let wb,
  failed = false;
let step = 0;
const shot = (journey, what, detail) =>
  wb.screenshot(
    `journey-${journey}-${String(++step).padStart(2, '0')}-${what}.png`,
    undefined,
    detail,
  );
const disk = (rel) => fs.readFileSync(path.join(wb.folder, rel), 'utf8');
/** Every file of the folder (demo/'s too: the default "**\/*" converts them), name → text. */
const folderText = () =>
  Object.fromEntries(
    fs
      .readdirSync(wb.folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(wb.folder, path.join(e.parentPath, e.name)))
      .map((rel) => [rel, disk(rel)]),
  );

/** The notification whose text matches `text`, once shown (a toast, or the Notification
 *  Center's row where the workbench shows no toasts: see Workbench.notification). */
const toast = (text) => wb.notification(text);

/** The message of a notification, as one string. */
async function toastMessage(t) {
  return (await t.locator('.notification-list-item-message').innerText()).replace(/\u00a0/g, ' ');
}

/** Clicks "Show Report" on the notification; waits for the output view (which shows the end of
 *  the channel) to show `visible`; returns its text. The view wraps long lines at its width,
 *  which differs between versions and layouts (1.139's Chat side bar narrows it): the rows are
 *  joined back (a row broken at a space keeps that space; the next one starts with the wrap
 *  indent), so a line is matched whole, as a person reads it. */
async function showReport(t, visible) {
  await t.locator('.monaco-button', { hasText: /^Show Report$/ }).click();
  await wb.hideNotifications(); // the center, where it was opened to find the notification
  const lines = wb.page.locator('.part.panel .view-lines').first();
  await lines.waitFor();
  for (let i = 0; i < 50; i++) {
    const text = (await lines.innerText()).replace(/\u00a0/g, ' ').replace(/\n */g, '');
    if (text.includes(visible)) return text;
    await sleep(200);
  }
  assert.fail(`the output view never showed "${visible}"`);
}

/** F1, then the command whose label is exactly `label` (another may start with the same words). */
async function runExactly(label) {
  await wb.page.keyboard.press('F1');
  await wb.quickInput().waitFor();
  await wb.quickInput().fill(`>${label}`);
  await wb.quickPickItem(label).click();
}

/** Hides the panel the way a person does from the keyboard (Ctrl+J toggles it). */
async function closePanel() {
  await wb.page.keyboard.press('Control+j');
  await wb.page.locator('.part.panel').waitFor({ state: 'hidden' });
}

describe('journeys: batch and workspace commands (code-server in Chromium)', function () {
  this.timeout(180_000);

  before(async function () {
    this.timeout(120_000);
    // The list is written in journey (b): journey (a)'s default "**/*" would convert it too.
    wb = await openWorkbench({ files: CONTENT });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
    await wb?.page.keyboard.press('Escape');
  });

  after(async () => wb?.close(failed));

  it('(a) SEO: de-AMP a content folder with the defaults; the report names the look-alike; Undo restores', async () => {
    step = 0;
    const original = folderText();
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    await shot('deamp', 'include');
    await wb.page.keyboard.press('Enter'); // the prefilled **/*
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter'); // none
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', {
        hasText: /Replace \d+ AMP URLs with publisher URLs in \d+ files\?/,
      })
      .waitFor({ timeout: 60_000 });
    const dialogText = await dialog.innerText();
    assert.match(
      dialogText,
      /1 more deserves a look first \(look-alike host, ambiguous query\): Replace leaves it as it is/,
    );
    // Before anything is written, the dialog names the files Replace writes: the first five by
    // name, the others counted per top folder.
    assert.match(
      dialogText,
      /^Files: README\.md, config\.json, content\/post-1\.md, content\/post-2\.html, content\/post-3\.md, and 4 more \(4 at the top\)$/m,
    );
    await shot('deamp', 'dialog', dialog);
    // The default button (Enter) writes.
    await wb.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const t = await toast(/AMP URL: Replaced \d+ URLs in \d+ files/);
    const message = await toastMessage(t);
    assert.match(message, /; 1 left for a look/);
    assert.ok(!message.includes('\n') && message.length < 160, message);
    for (const [rel, text] of Object.entries(CONVERTED))
      for (let i = 0; disk(rel) !== text && i < 50; i++) await sleep(200);
    for (const [rel, text] of Object.entries(CONVERTED)) assert.strictEqual(disk(rel), text, rel);
    await shot('deamp', 'notification');

    const shown = await showReport(t, 'Left for a look (not written) (1):');
    await shot('deamp', 'report');
    assert.match(shown, /content\/post-2\.html:3:\d+ +https:\/\/xyz\.cdn\.ampproject\.org/);
    const log = wb.reportLog();
    assert.match(log, /Replace AMP URLs with publisher URLs in Workspace/);
    // Workspace-relative, as the Problems view names files.
    const post1 = 'content/post-1.md';
    const post2 = 'content/post-2.html';
    const col = (rel, line, text) => CONTENT[rel].split('\n')[line - 1].indexOf(text) + 1;
    const guide = col('content/post-1.md', 3, CACHE('guide.html'));
    assert.ok(
      log.includes(`${post1}:3:${guide}  ${CACHE('guide.html')} → ${PUB('guide.html')}`),
      log,
    );
    assert.match(log, /Left for a look \(not written\) \(1\):/);
    const offer = col('content/post-2.html', 3, LOOK_ALIKE);
    assert.ok(log.includes(`${post2}:3:${offer}  ${LOOK_ALIKE} → ${PUB('offer')}: `), log);
    assert.match(log, /look-alike/);
    await closePanel();

    // Undo: the files no editor held were written on disk directly; one command puts every byte
    // back (the notification's Undo button runs the same command).
    await runExactly('AMP URL: Undo Last Workspace Change');
    const undone = await toast(/AMP URL: Undo: \d+ files put back as they were/);
    assert.doesNotMatch(await toastMessage(undone), /changed since/);
    // Every file the command wrote is back (not only content/): the next journey scans them all,
    // and a save still under way would change a file under its edit.
    for (let i = 0; !isDeepStrictEqual(folderText(), original) && i < 50; i++) await sleep(200);
    for (const [rel, text] of Object.entries(CONTENT)) assert.strictEqual(disk(rel), text, rel);
    assert.deepStrictEqual(folderText(), original);
    await shot('deamp', 'undone');
  });

  it('(a, Preview…) the same folder through the Refactor Preview: Apply with no other click writes every change but the look-alike', async () => {
    step = 0;
    // The previous journey's Save All is on disk; wait until the workbench has heard of it too.
    await wb.settleFileEvents();
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter');
    const dialog = wb.dialog();
    await dialog
      .locator('.dialog-message-row', { hasText: /Replace \d+ AMP URLs/ })
      .waitFor({ timeout: 60_000 });
    await dialog.locator('.monaco-button', { hasText: /^Preview…$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    // The preview's own buttons, in their default state: no box touched.
    const apply = wb.page.locator('.part.panel .monaco-button', { hasText: /^Apply$/ }).first();
    await apply.waitFor({ timeout: 60_000 });
    await shot('preview', 'refactor-preview');
    await apply.click();
    for (const [rel, text] of Object.entries(CONVERTED))
      for (let i = 0; disk(rel) !== text && i < 50; i++) await sleep(200);
    for (const [rel, text] of Object.entries(CONVERTED)) assert.strictEqual(disk(rel), text, rel);
    const t = await toast(/AMP URL: Applied the changes ticked in the Refactor Preview/);
    assert.ok(!(await toastMessage(t)).includes('\n'));
    await shot('preview', 'applied');
    await wb.hideNotifications();
  });

  it('(b) crawler: a list of 2,000 URLs, Convert all then Replace AMP URLs from the palette; one-line notifications with Show Report', async () => {
    step = 0;
    fs.mkdirSync(path.join(wb.folder, 'lists'));
    fs.writeFileSync(path.join(wb.folder, 'lists', 'urls.txt'), URLS);
    await wb.page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: 'lists' })
      .first()
      .click();
    await wb.openFromExplorer('urls.txt');
    await shot('list', 'open');

    // Convert all, the picker's first choice (AMP Cache URL). Each target is named as the hover
    // and Show all forms name that form (src/shared/names.ts), with the URLs it takes.
    await wb.runCommand('AMP URL: Convert all URLs in selection/document');
    await wb.waitForQuickInput('Convert all URLs to…');
    assert.deepStrictEqual(await wb.quickPickRows(), CONVERT_ALL_ROWS);
    await shot('list', 'convert-all-picker', wb.page.locator('.quick-input-widget'));
    await wb.page.keyboard.press('Enter');
    let t = await toast(/AMP URL: Replaced \d+ URLs/);
    let message = await toastMessage(t);
    assert.ok(!message.includes('\n') && message.length < 120, message);
    // The publisher URLs became cache URLs; viewer URLs are left, with the reason in the report;
    // cache URLs, already in that form, are not news and not counted in the notification.
    assert.match(
      message,
      new RegExp(`Replaced ${LIST_COUNTS.publisher} URLs; ${LIST_COUNTS.viewer} left$`),
    );
    await shot('list', 'convert-all-notification');
    await showReport(t, 'urls.txt:');
    await shot('list', 'convert-all-report');
    let log = wb.reportLog();
    assert.match(log, /Convert all URLs to AMP Cache URL: .*urls\.txt/);
    const list = 'lists/urls.txt'; // workspace-relative
    assert.ok(
      log.includes(`${list}:2:1  ${VIEWER('p/1.html')}: an AMP viewer URL`),
      log.slice(-2000),
    );
    await closePanel();
    await wb.editorLines().click({ position: { x: 5, y: 5 } });
    await wb.undo((text) =>
      text.startsWith(
        `${CACHE('p/0.html')}?amp_js_v=0.1\n${VIEWER('p/1.html')}\n${PUB('p/2.html')}`,
      ),
    );

    // Replace AMP URLs: every cache and viewer URL to its publisher URL; look-alikes warned.
    await runExactly('AMP URL: Replace AMP URLs with publisher URLs'); // not "… in Workspace…"
    t = await toast(/AMP URL: Replaced \d+ URLs/);
    message = await toastMessage(t);
    assert.ok(!message.includes('\n') && message.length < 120, message);
    assert.strictEqual(
      message.replace(/^AMP URL: /, ''),
      `Replaced ${LIST_COUNTS.amp} URLs; ${LIST_COUNTS.lookAlikes} warnings`,
    );
    assert.ok(!/not an AMP URL/.test(message), 'a count that means nothing');
    await shot('list', 'replace-notification');
    await showReport(t, 'removed amp_js_v');
    await shot('list', 'replace-report');
    log = wb.reportLog();
    assert.match(log, new RegExp(`Warnings \\(${LIST_COUNTS.lookAlikes}\\):`));
    assert.ok(
      log.includes(`${list}:8:1  https://xyz.cdn.ampproject.org/c/s/www.example.com/p/7.html: `),
      log.slice(-3000),
    );
    assert.match(log, new RegExp(`${LIST_COUNTS.publisher} URLs left as they are: not an AMP URL`));
    await closePanel();
    await wb.editorLines().click({ position: { x: 5, y: 5 } });
    await wb.page.keyboard.press('Control+s');
    // Until the save is whole: VS Code may write over the old bytes and truncate after, so a read
    // in between sees the new start and the old tail.
    const deAmped = (text) =>
      !text.includes('cdn.ampproject.org') && !text.includes('google.com/amp');
    for (let i = 0; !deAmped(disk('lists/urls.txt')) && i < 50; i++) await sleep(200);
    const saved = disk('lists/urls.txt');
    assert.ok(deAmped(saved));
    assert.ok(saved.startsWith(`${PUB('p/0.html')}\n${PUB('p/1.html')}\n${PUB('p/2.html')}\n`));
    await wb.undo((text) => text.startsWith(`${CACHE('p/0.html')}?amp_js_v=0.1`));
    await wb.page.keyboard.press('Control+s');
    for (let i = 0; disk('lists/urls.txt') !== URLS && i < 50; i++) await sleep(200);
    assert.strictEqual(disk('lists/urls.txt'), URLS);
    await shot('list', 'undone');
  });
});
