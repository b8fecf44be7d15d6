// UI end-to-end of the browser bundle (package.json `browser`, dist/web/extension.js) in VS Code's web
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
import { openWorkbench, sleep } from './lib/workbench.mjs';

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;
const WEB_WORKER_ONLY = { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } };

const PUBLISHER = 'https://example.com/amp_document.html';
const PUBLISHER_CACHED = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const PALETTE_URL = 'https://www.theguardian.com/world/2020/jan/01/amp-story.amp';
const PALETTE_CACHED = 'https://www-theguardian-com.cdn.ampproject.org/c/s/www.theguardian.com/world/2020/jan/01/amp-story.amp';

let wb, failed = false;

describe('web worker extension host (browser bundle in code-server, Chromium)', function () {
  this.timeout(90_000);

  before(async function () {
    this.timeout(120_000);
    wb = await openWorkbench({ settings: WEB_WORKER_ONLY });
    // The web worker host starts with the page; an editor opened before the extension is active
    // may never get its hovers, so wait until Running Extensions reports it activated.
    await wb.runCommand('Developer: Show Running Extensions');
    await waitForActivation();
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  it('runs in the web worker extension host, not in the remote Node host', async () => {
    const row = (await runningExtensionRow().innerText()).replace(/\s+/g, ' ');
    assert.match(row, /\bweb worker\b/, `Running Extensions does not place ${EXTENSION_ID} in the web worker host: ${row}`);
    assert.ok(!row.includes(`127.0.0.1:${wb.server.port}`), `Running Extensions places ${EXTENSION_ID} in the remote host: ${row}`);
    await wb.screenshot('web-worker-running-extensions.png');
    // The remote (Node) host logs each activation; it must never have loaded the Node bundle.
    const log = remoteHostLog();
    assert.ok(log.includes('Eager extensions activated'), 'the remote extension host log is missing');
    const activations = log.split('\n').filter((line) => line.includes(`_doActivateExtension ${EXTENSION_ID}`));
    assert.deepStrictEqual(activations, [], 'the remote Node extension host activated the extension too');
  });

  it('shows the AMP Cache URL in the hover of a publisher URL', async () => {
    await wb.openFromExplorer('README.md');
    await wb.hoverUntil(PUBLISHER, (text) => text.includes(PUBLISHER_CACHED));
    await wb.dismissHover();
  });

  it('converts the URL under the cursor from the command palette (F1), and undo restores it', async () => {
    await wb.openFromExplorer('README.md');
    await wb.clickInside(PALETTE_URL);
    await wb.runCommand('AMP URL: Convert to AMP Cache URL');
    await wb.waitForText((text) => text.includes(PALETTE_CACHED) && !text.includes(`- ${PALETTE_URL}`), 'the converted URL');
    await wb.undo((text) => text.includes(`- ${PALETTE_URL}`) && !text.includes(PALETTE_CACHED));
  });
});

/** This extension's row in the Running Extensions editor (it shows the id when the name is missing). */
function runningExtensionRow() {
  return wb.page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: new RegExp(`${manifest.displayName}|${EXTENSION_ID}`) }).first();
}

/** Waits until Running Extensions shows this extension's activation time; fails with what it shows instead. */
async function waitForActivation() {
  const row = runningExtensionRow();
  let shown = '(no row)';
  for (let i = 0; i < 300; i++) {
    if (await row.count()) shown = (await row.innerText()).replace(/\s+/g, ' ');
    if (/Activation: \d/.test(shown)) return;
    await sleep(200);
  }
  assert.fail(`${EXTENSION_ID} never activated; Running Extensions shows: ${shown}`);
}

/** Everything the remote extension host logged in this session. */
function remoteHostLog() {
  const logs = path.join(wb.server.userDataDir, 'logs');
  return fs.readdirSync(logs, { recursive: true })
    .filter((f) => String(f).endsWith('remoteexthost.log'))
    .map((f) => fs.readFileSync(path.join(logs, String(f)), 'utf8'))
    .join('\n');
}
