// UI end-to-end of the extension bundle (package.json `browser`, dist/extension.js) in VS Code's web
// worker extension host, the only host vscode.dev and github.dev have, inside the real workbench.
//
// How it gets there: the user setting `remote.extensionKind` set to ["web"] for this extension. The
// workbench URL's `extensionDevelopmentKind` payload entry does NOT work in VS Code 1.100.3's browser
// workbench: it is parsed into `environmentService.extensionDevelopmentLocationKind`, but the
// extension host picker reads `environmentService.extensionDevelopmentKind`, which only the desktop
// (command line) environment has, so the extension stays in the remote Node host.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.mjs';
import { hoverShows, openWorkbench, sleep } from './lib/workbench.mjs';

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;
const WEB_WORKER_ONLY = { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } };

// Other URLs than the Node-host tests' (workbench.test.mjs), through other paths of the core in the
// browser bundle: IDN (punycode) for a domain with `--`, SHA-256 + Base32 for a domain too long for a label.
const IDN_URL = 'https://en-us.example.com/news/today?ref=home';
const IDN_CACHED =
  'https://0-en--us-example-com-0.cdn.ampproject.org/c/s/en-us.example.com/news/today?ref=home';
const LONG_URL =
  'https://a-publisher-domain-too-long-for-a-readable-amp-cache-subdomain.example.com/story.html';
// Base32 of the domain's SHA-256 without its `====`, computed apart with Node's crypto.
const LONG_CACHED =
  'https://fk2a25ru3lshua33g3cwntx7w5526zlffrc4f3xgzvrgdrpbv3ja.cdn.ampproject.org/c/s/' +
  'a-publisher-domain-too-long-for-a-readable-amp-cache-subdomain.example.com/story.html';
const PALETTE_URL = 'https://foo-example.com/blog/post-1';
const PALETTE_CACHED =
  'https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/blog/post-1';
const HOVERS = [
  { what: 'a publisher URL (IDN subdomain)', file: 'README.md', url: IDN_URL, cached: IDN_CACHED },
  {
    what: 'a publisher URL whose domain is too long for a label (hashed)',
    file: 'long-domain.txt',
    url: LONG_URL,
    cached: LONG_CACHED,
  },
];
const FILES = {
  'long-domain.txt': `A publisher domain too long for an AMP Cache label:\n${LONG_URL}\n`,
};

let wb,
  failed = false;

describe('web worker extension host (browser bundle in code-server, Chromium)', function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(240_000);
    wb = await openWorkbench({ settings: WEB_WORKER_ONLY, files: FILES });
    // The web worker host starts with the page; an editor opened before the extension is active
    // may never get its hovers, so wait until Running Extensions reports it activated.
    await wb.showRunningExtensions();
    await waitForActivation();
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  it('runs in the web worker extension host, not in the remote Node host', async () => {
    const row = (await runningExtensionRow().innerText()).replace(/\s+/g, ' ');
    assert.match(
      row,
      /\bweb worker\b/,
      `Running Extensions does not place ${EXTENSION_ID} in the web worker host: ${row}`,
    );
    assert.ok(
      !row.includes(`127.0.0.1:${wb.server.port}`),
      `Running Extensions places ${EXTENSION_ID} in the remote host: ${row}`,
    );
    await wb.screenshot('web-worker-running-extensions.png');
    await wb.closeModalEditor(); // VS Code 1.139 shows it above the workbench
    // The remote (Node) host logs each activation; it must never have loaded the Node bundle.
    const log = remoteHostLog();
    assert.ok(
      log.includes('Eager extensions activated'),
      'the remote extension host log is missing',
    );
    const activations = log
      .split('\n')
      .filter((line) => line.includes(`_doActivateExtension ${EXTENSION_ID}`));
    assert.deepStrictEqual(
      activations,
      [],
      'the remote Node extension host activated the extension too',
    );
  });

  for (const { what, file, url, cached } of HOVERS) {
    it(`shows the AMP Cache URL in the hover of ${what}`, async () => {
      await wb.openFromExplorer(file);
      await wb.hoverUntil(url, (text) => hoverShows(text, cached));
      await wb.dismissHover();
    });
  }

  it('converts the URL under the cursor from the command palette (F1), and undo restores it', async () => {
    await wb.openFromExplorer('README.md');
    await wb.clickInside(PALETTE_URL);
    await wb.runCommand('AMP URL: Convert to AMP Cache URL');
    await wb.waitForText(
      (text) => text.includes(`- ${PALETTE_CACHED}`) && !text.includes(`- ${PALETTE_URL}`),
      'the converted URL',
    );
    await wb.undo((text) => text.includes(`- ${PALETTE_URL}`) && !text.includes(PALETTE_CACHED));
  });
});

/** This extension's row in the Running Extensions editor (it shows the id when the name is missing). */
function runningExtensionRow() {
  return wb.page
    .locator('.runtime-extensions-editor .monaco-list-row', {
      hasText: new RegExp(`${manifest.displayName}|${EXTENSION_ID}`),
    })
    .first();
}

/** Waits until Running Extensions shows this extension's activation time; fails with what it shows instead. */
async function waitForActivation() {
  const row = runningExtensionRow();
  let shown = '(no row)';
  // Up to 150 s: on a loaded machine (load 15-20 on 2 cores) the web worker host of VS Code 1.139
  // took over 60 s to list the extension.
  // The list renders only the rows in view, and 1.139's modal shows about eight: scroll through.
  const list = wb.page.locator('.runtime-extensions-editor .monaco-list').first();
  const deadline = Date.now() + 150_000;
  for (let i = 0; Date.now() < deadline; i++) {
    if (await row.count()) shown = (await row.innerText()).replace(/\s+/g, ' ');
    if (/Activation: \d/.test(shown)) return;
    const box = await list.boundingBox().catch(() => null);
    if (box) {
      await wb.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await wb.page.mouse.wheel(0, i % 8 === 7 ? -10_000 : 300);
    }
    await sleep(200);
  }
  const rows = await wb.page.locator('.runtime-extensions-editor .monaco-list-row').allInnerTexts();
  await wb.screenshot('failed-web-worker-activation.png');
  assert.fail(
    `${EXTENSION_ID} never activated; Running Extensions shows: ${shown}; its rows: ` +
      rows.map((r) => r.replace(/\s+/g, ' ')).join(' | '),
  );
}

/** Everything the remote extension host logged in this session. */
function remoteHostLog() {
  const logs = path.join(wb.server.userDataDir, 'logs');
  return fs
    .readdirSync(logs, { recursive: true })
    .filter((f) => String(f).endsWith('remoteexthost.log'))
    .map((f) => fs.readFileSync(path.join(logs, String(f)), 'utf8'))
    .join('\n');
}
