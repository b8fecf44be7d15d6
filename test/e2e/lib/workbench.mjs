// The real VS Code workbench (code-server) in headless Chromium, driven like a person would: mouse,
// keyboard, Quick Picks, dialogs. One session per test file, on a temporary copy of demo/; every
// session has its own port, user-data dir and browser profile, so runs side by side don't collide.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchBrowser } from '../../../scripts/lib/browser.mjs';
import {
  sleep,
  startCodeServer,
  tail,
  waitForExtensionHost,
  workbenchUrl,
} from '../../../scripts/lib/code-server.mjs';
import { installedVersion, repoRoot } from '../../../scripts/lib/paths.mjs';
import { WorkbenchWidgets, quote } from './workbench-widgets.mjs';

export { sleep };

const SUITE_TIMEOUT_MS = Number(process.env.AMP_URL_TEST_TIMEOUT_MS) || 5 * 60_000;
export const shotsDir = path.resolve(
  repoRoot,
  process.env.AMP_URL_SCREENSHOTS_DIR || 'test-results/screenshots',
);

const USER_SETTINGS = {
  '[markdown]': { 'editor.wordWrap': 'off' }, // one URL per rendered line, so the text can be read back
  '[plaintext]': { 'editor.wordWrap': 'off' },
  'workbench.startupEditor': 'none',
  'git.openRepositoryInParentFolders': 'never',
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
};

/** The VS Code a run uses is printed once, by the first session. */
let versionShown = false;

/**
 * Starts code-server and Chromium on a fresh copy of demo/ plus `files` (name → text), with
 * `settings` added to the user settings; `workspaceTrust`: leave workspace trust on. Call from a
 * mocha `before`; `close()` from `after`.
 */
export async function openWorkbench({ settings = {}, files = {}, workspaceTrust = false } = {}) {
  // A hang anywhere must fail the run, not block CI. One limit per session (test file): mocha
  // runs every file in one process, so a limit for the process would grow with the file count.
  const hang = setTimeout(() => {
    console.error(
      `e2e: a session still open after ${SUITE_TIMEOUT_MS / 1000} s (AMP_URL_TEST_TIMEOUT_MS), giving up`,
    );
    process.exit(1); // code-server's process group is killed on exit
  }, SUITE_TIMEOUT_MS).unref();

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-e2e-'));
  const folder = path.join(scratch, 'demo');
  fs.cpSync(path.join(repoRoot, 'demo'), folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true }); // `content/a.md`, `.vscode/settings.json`
    fs.writeFileSync(path.join(folder, name), text);
  }
  const userDataDir = path.join(scratch, 'user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2),
  );
  const wb = new Workbench(scratch, folder);
  wb.hang = hang;
  try {
    wb.server = await startCodeServer({
      userDataDir,
      extensionsDir: path.join(scratch, 'extensions'),
      logFile: path.join(scratch, 'code-server.log'),
      workspaceTrust, // true: the user settings decide (an untrusted folder opens in Restricted Mode)
    });
    if (!versionShown) {
      versionShown = true;
      const line = installedVersion(wb.server.build); // `4.139.1 <commit> with Code 1.139.1`
      console.log(`  VS Code ${wb.server.build.vscode} (code-server ${line}), Chromium`);
    }
    wb.browser = await launchBrowser();
    // Clipboard rights: "Show all forms" copies, and the tests paste what it copied.
    const context = await wb.browser.newContext({
      viewport: { width: 1280, height: 760 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    wb.page = await context.newPage();
    await wb.page.goto(workbenchUrl(wb.server, { folder, extensionDevelopmentPath: repoRoot }));
    await wb.page.locator('.monaco-workbench').waitFor();
    // Files opened before the remote extension host is up never get the extension's hovers.
    await waitForExtensionHost(userDataDir);
  } catch (err) {
    await wb.close(true);
    throw err;
  }
  return wb;
}

/**
 * Whether the hover's text shows `value`: whole, or shortened in the middle (`start…end`, the way
 * the hover shortens long values to fit its width).
 */
export function hoverShows(text, value) {
  if (text.includes(value)) return true;
  return [...text.matchAll(/(\S{12,})…(\S{12,})/g)].some(
    ([, start, end]) => value.startsWith(start) && value.endsWith(end),
  );
}

export class Workbench extends WorkbenchWidgets {
  constructor(scratch, folder) {
    super();
    this.scratch = scratch;
    this.folder = folder;
    this.server = undefined;
    this.browser = undefined;
    this.page = undefined;
  }

  /** Stops everything; prints code-server's log when a test failed. */
  async close(failed) {
    clearTimeout(this.hang);
    if (failed) console.error(`--- code-server log ---\n${tail(this.server?.logFile)}`);
    await this.browser?.close().catch(() => {});
    await this.server?.stop();
    fs.rmSync(this.scratch, { recursive: true, force: true, maxRetries: 3 });
  }

  /** For mocha's afterEach: a screenshot of a failed test. */
  async shootFailure(test) {
    if (test?.state !== 'failed' || !this.page) return false;
    fs.mkdirSync(shotsDir, { recursive: true });
    const file = path.join(shotsDir, `failed-${test.title.replace(/\W+/g, '-')}.png`);
    await this.page.screenshot({ path: file }).catch(() => {});
    console.error(`  screenshot of the failure: ${path.relative(repoRoot, file)}`);
    // What a person would have read on screen: CI keeps the log, not the picture.
    for (const line of await this.visibleMessages().catch(() => []))
      console.error(`  on screen: ${line}`);
    return true;
  }

  /** The texts of the notifications, dialogs and status bar progress showing now. */
  async visibleMessages() {
    const selectors = [
      '.notification-toast .notification-list-item-message',
      '.notifications-center .notification-list-item-message',
      '.monaco-dialog-box .dialog-message-row',
      '.statusbar-item[id*="progress"], .statusbar-item .codicon-sync',
    ];
    const texts = [];
    for (const sel of selectors)
      for (const el of await this.page.locator(sel).all())
        if (await el.isVisible()) texts.push((await el.innerText()).replace(/\s+/g, ' ').trim());
    const dirty = await this.page.locator('.tab.dirty').allInnerTexts();
    if (dirty.length) texts.push(`unsaved tabs: ${dirty.map((t) => t.trim()).join(', ')}`);
    return texts;
  }

  /**
   * Waits until the workbench has seen every file change made on disk so far. The file watcher
   * delivers events late and in order: a file written now and seen in the Explorer means the
   * earlier ones arrived. A test that saves files and then opens the Refactor Preview needs
   * this, or a late event of its own save makes the preview refuse to apply ("changed in the
   * meantime"), which a person clicking at human speed never meets.
   */
  async settleFileEvents() {
    const name = `zz-settle-${Date.now()}.txt`;
    const file = path.join(this.folder, name);
    const row = this.page.locator('.explorer-folders-view .monaco-list-row', { hasText: name });
    fs.writeFileSync(file, '');
    await row.first().waitFor({ timeout: 60_000 });
    fs.rmSync(file);
    await row.first().waitFor({ state: 'detached', timeout: 60_000 });
  }

  /**
   * The whole workbench as `name`; with `detail`, also that element alone as `<name>-detail.png`
   * (the walkthrough's pictures: legible at its width, a fraction of the bytes).
   */
  async screenshot(name, locator, detail) {
    fs.mkdirSync(shotsDir, { recursive: true });
    await this.page.screenshot({ path: path.join(shotsDir, name) });
    if (detail)
      await detail.screenshot({ path: path.join(shotsDir, name.replace(/\.png$/, '-detail.png')) });
    if (locator) await locator.waitFor(); // still showing while the picture was taken
  }

  /** Opens `name` from the Explorer and waits for its editor. */
  /** The "AMP URL" output channel's whole text, from its log file (the output view shows a window). */
  reportLog() {
    const find = (dir) =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? find(p) : e.name.endsWith('AMP URL.log') ? [p] : [];
      });
    const files = find(path.join(this.scratch, 'user-data', 'logs'));
    assert.ok(files.length > 0, 'no log file of the "AMP URL" channel');
    return files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  }

  async openFromExplorer(name) {
    const row = this.page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: name })
      .first();
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    await this.page.locator(`.tab.active[aria-label^="${name}"]`).first().waitFor();
    await this.editorLines().waitFor();
    await this.waitForText((text) => text.trim().length > 0, `the text of ${name}`);
  }

  editorLines() {
    return this.page.locator('.editor-instance .view-lines').first();
  }

  async editorText() {
    return (await this.editorLines().innerText()).replace(/\u00a0/g, ' ');
  }

  async waitForText(ok, what) {
    let text = '';
    for (let i = 0; i < 50; i++) {
      text = await this.editorText();
      if (ok(text)) return text;
      await sleep(200);
    }
    assert.fail(`the editor never showed ${what}; it shows:\n${text}`);
  }

  /** Ctrl+Z in the editor, then waits for `ok`. */
  async undo(ok) {
    await this.page.keyboard.press('Control+z');
    await this.waitForText(ok, 'the original text after undo');
  }

  /**
   * The editor's link detection marks each URL: a stable anchor for the mouse. VS Code renders
   * long tokens in pieces of 50 characters, so match the piece the URL starts with.
   */
  linkTo(url) {
    const start = new RegExp(`^${quote(url.slice(0, 40))}`);
    return this.page
      .locator('.editor-instance .view-lines span.detected-link', { hasText: start })
      .first();
  }

  /** A point inside the first characters of the rendered `text` (a detected link, or any text
   *  with `{ link: false }`). The mouse goes there directly: Playwright's own scroll-into-view
   *  would shift VS Code's editor sideways. */
  async pointIn(text, { link = true } = {}) {
    const target = link
      ? this.linkTo(text)
      : this.page
          .locator('.editor-instance .view-lines .view-line span span', {
            hasText: new RegExp(quote(text).replace(/ /g, '[ \u00a0]')),
          })
          .first();
    for (let attempt = 0; attempt < 20; attempt++) {
      await target.waitFor();
      const box = await target.boundingBox(); // null when VS Code re-rendered the line meanwhile
      if (box) return { x: box.x + Math.min(30, box.width / 2), y: box.y + box.height / 2 };
      await sleep(250);
    }
    assert.fail(`cannot place the mouse on ${text}`);
  }

  /** Left-clicks into `text`: the cursor goes there. */
  async clickInside(text, options) {
    const { x, y } = await this.pointIn(text, options);
    await this.page.mouse.click(x, y);
    await this.waitForCursorAt(y);
  }

  /** Waits until the editor's cursor is drawn on the line at height `y` of the page. */
  async waitForCursorAt(y) {
    const cursor = this.page.locator('.editor-instance .cursors-layer .cursor').first();
    for (let i = 0; i < 50; i++) {
      const box = await cursor.boundingBox().catch(() => null);
      if (box && box.y <= y && y <= box.y + box.height) return;
      await sleep(100);
    }
    assert.fail(`the cursor never moved to the line at y=${y}`);
  }

  /** Hovers `url` until the hover satisfies `ok`; VS Code does not re-ask providers while a hover shows.
   *  Resolves with the hover and the mouse's point. */
  async hoverUntil(url, ok) {
    const { x, y } = await this.pointIn(url);
    const hover = this.page.locator('.monaco-hover:visible').first();
    let last = '';
    for (let attempt = 0; attempt < 10; attempt++) {
      await this.page.mouse.move(x, y);
      try {
        await hover.waitFor({ timeout: 5000 });
        await sleep(500); // providers answer one after another
        last = (await hover.innerText()).replace(/\u00a0/g, ' '); // labels hold no-break spaces
        if (ok(last)) return { hover, x, y };
      } catch {
        /* no hover yet */
      }
      await this.dismissHover();
      await sleep(500);
    }
    assert.fail(`the hover of ${url} never showed what was expected; last hover:\n${last}`);
  }

  async dismissHover() {
    await this.page.mouse.move(5, 5);
    await this.page.keyboard.press('Escape');
    await this.page
      .locator('.monaco-hover:visible')
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => {});
  }

  /** The labels of the open context menu. */
  async menuLabels() {
    const menu = this.page.locator('.monaco-menu').first();
    await menu.waitFor();
    await menu.locator('.action-item').first().waitFor();
    return (await menu.locator('.action-item .action-label').allInnerTexts())
      .map((s) => s.trim())
      .filter(Boolean);
  }

  /** Clicks the context menu item `label`. VS Code's menu ignores mouse-ups in its first 100 ms
   *  (against accidental clicks), so a click that leaves the menu open is repeated. */
  async clickMenuItem(label) {
    const menu = this.page.locator('.monaco-menu');
    for (let attempt = 0; attempt < 20; attempt++) {
      await menu.locator('.action-item', { hasText: label }).first().click();
      try {
        await menu.waitFor({ state: 'detached', timeout: 500 });
        await this.releaseRightButton();
        return;
      } catch {
        /* the click came too early */
      }
    }
    assert.fail(`clicking "${label}" never closed the context menu`);
  }

  async closeMenu() {
    await this.page.keyboard.press('Escape');
    await this.page
      .locator('.monaco-menu')
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => {});
    await this.releaseRightButton();
  }

  /**
   * The right-click's mouse-up lands on the context menu that opened under the pointer, so the
   * editor never sees the button go up. VS Code 1.139 shows no hover while it believes a button
   * is down (1.100 did), until the next mouse-up in the editor: send that one, as a person's
   * next click would.
   */
  async releaseRightButton() {
    await this.page.mouse.up({ button: 'right' });
  }

  /**
   * F1, then the command whose palette label is `label`; Enter. A view that takes the focus
   * while it renders (the Welcome page after a walkthrough) can close the palette between F1 and
   * the typing, as it would close a person's: then F1 again, as a person would.
   */
  async runCommand(label) {
    const input = this.quickInput();
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      await input.waitFor();
      try {
        await input.fill(`>${label}`, { timeout: attempt < 3 ? 10_000 : 30_000 });
        break;
      } catch (e) {
        if (attempt === 3) throw e;
        console.error(`  runCommand: the palette closed before "${label}" was typed; F1 again`);
      }
    }
    await this.quickPickRow(label).waitFor();
    await this.page.keyboard.press('Enter');
  }
}
