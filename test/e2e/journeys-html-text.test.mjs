// Journey of issue 27, item 1, walked in the real workbench with the default choices: a web
// developer de-AMPs a static site from F1 ("Replace AMP URLs with publisher URLs in Workspace…",
// Enter at every step). Its HTML page has cache URLs with entity-like query names (`&amp;copy=`,
// `&amp;lt=`, `&amp;reg=`) in text, in <title> and in an attribute. After the replace, the bytes
// on disk are the publisher URLs with `&amp;` kept, and a browser's parser (parse5) reads
// `x=1&copy=2`, not `x=1©=2`.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'parse5';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const CACHE = 'https://www-shop-example-com.cdn.ampproject.org/c/s/www.shop.example.com';
const PUB = 'https://www.shop.example.com';
const PAGE = (base) => `<!doctype html>
<html>
<head><title>Deals ${base}/deals?x=1&amp;lt=2</title></head>
<body>
<p>Text ${base}/p?x=1&amp;copy=2&amp;reg=3 more</p>
<p>Bare ${base}/q?a=1&b=2 more</p>
<p><a href="${base}/a?x=1&amp;not=4">a</a></p>
</body>
</html>
`;

/** Every text and attribute value a browser's parser reads in `html`. */
function readByBrowser(html) {
  const out = [];
  const walk = (node) => {
    if (node.nodeName === '#text') out.push(node.value);
    for (const a of node.attrs ?? []) out.push(a.value);
    for (const kid of node.childNodes ?? []) walk(kid);
  };
  walk(parse(html));
  return out.join('\n');
}

let wb,
  failed = false;

describe('journey: de-AMP an HTML page whose query names look like entities (issue 27)', function () {
  this.timeout(150_000);

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({ files: { 'site/deals.html': PAGE(CACHE) } });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  it('F1, default choices: the page on disk keeps &amp;copy=, &amp;lt=, &amp;reg=; the browser reads x=1&copy=2', async () => {
    const file = path.join(wb.folder, 'site', 'deals.html');
    await wb.runCommand('AMP URL: Replace AMP URLs with publisher URLs in Workspace…');
    await wb.waitForQuickInput('Files to include');
    await wb.page.keyboard.press('Enter'); // the default: every file
    await wb.waitForQuickInput('Files to exclude');
    await wb.page.keyboard.press('Enter'); // the default: none
    const dialog = wb.dialog();
    await dialog.waitFor({ timeout: 60_000 });
    await wb.screenshot('journey-html-text-dialog.png');
    await wb.page.keyboard.press('Enter'); // the default button
    await dialog.waitFor({ state: 'detached' });

    const expected = PAGE(PUB);
    let disk = '';
    for (let i = 0; i < 150 && disk !== expected; i++) {
      await sleep(200);
      disk = fs.readFileSync(file, 'utf8');
    }
    assert.strictEqual(disk, expected);
    const read = readByBrowser(disk);
    for (const url of [
      `${PUB}/deals?x=1&lt=2`,
      `${PUB}/p?x=1&copy=2&reg=3`,
      `${PUB}/q?a=1&b=2`,
      `${PUB}/a?x=1&not=4`,
    ])
      assert.ok(read.includes(url), `the browser does not read ${url} in:\n${read}`);
    assert.ok(!/[©®¬<]=/.test(read), read);
    await wb.screenshot('journey-html-text-done.png');
  });
});
