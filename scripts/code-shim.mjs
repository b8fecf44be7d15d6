#!/usr/bin/env node
// A stand-in for the desktop `code` executable, for @vscode/test-electron's runTests() on machines
// that cannot download VS Code: it takes the flags runTests passes, runs the same extension tests
// in code-server's real extension host, opened by headless Chromium, prints their output and
// exits with their exit code. Which VS Code: AMP_URL_VSCODE (scripts/lib/paths.mjs), else the newest.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './lib/browser.mjs';
import { startCodeServer, tail, workbenchUrl } from './lib/code-server.mjs';
import { installedVersion, vscodeBuild } from './lib/paths.mjs';

const TIMEOUT_MS = Number(process.env.AMP_URL_TEST_TIMEOUT_MS) || 10 * 60_000;

/** Reads `--name=value` / `--name value` flags; other `--flags` (runTests' desktop ones) are ignored. */
function parseArgs(argv) {
  const valued = [
    'extensionDevelopmentPath',
    'extensionTestsPath',
    'user-data-dir',
    'extensions-dir',
  ];
  const opts = { extensionDevelopmentPath: [], folders: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!m) {
      opts.folders.push(arg);
      continue;
    }
    const [, name, inline] = m;
    if (name === 'version') opts.version = true;
    if (name === 'disable-workspace-trust') opts.disableWorkspaceTrust = true;
    if (!valued.includes(name)) continue;
    const value = inline ?? argv[++i];
    if (name === 'extensionDevelopmentPath') opts.extensionDevelopmentPath.push(value);
    else opts[name] = value;
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const build = vscodeBuild();
  const version = installedVersion(build);
  if (!version) {
    throw new Error(
      `code-server ${build.codeServer} is not installed: run \`node scripts/setup-vscode.mjs ${build.name}\` first`,
    );
  }
  if (opts.version) {
    console.log(version);
    return 0;
  }
  if (!opts.extensionTestsPath)
    throw new Error('--extensionTestsPath=<compiled test index> is required');

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-itest-'));
  const server = await startCodeServer({
    build,
    userDataDir: opts['user-data-dir'] ?? path.join(scratch, 'user-data'),
    extensionsDir: opts['extensions-dir'] ?? path.join(scratch, 'extensions'),
    logFile: path.join(scratch, 'code-server.log'),
    // As desktop `code`: workspace trust is on unless the caller turns it off (runTests always does).
    workspaceTrust: !opts.disableWorkspaceTrust,
  });
  let browser;
  cleanUp = () =>
    server.stop().then(() => fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 3 }));
  try {
    browser = await launchBrowser();
    const page = await browser.newPage();
    let exit;
    const exitCode = new Promise((resolve, reject) => {
      exit = resolve;
      page.on('crash', () => reject(new Error('the workbench page crashed')));
      server.exited.then((code) => reject(new Error(`code-server stopped (${code})`)));
      setTimeout(
        () => reject(new Error(`no result after ${TIMEOUT_MS / 1000} s (AMP_URL_TEST_TIMEOUT_MS)`)),
        TIMEOUT_MS,
      ).unref();
    });
    // The workbench calls these when it runs extension tests (as in VS Code's own web test runner).
    await page.exposeFunction('codeAutomationLog', (type, args) => printLog(type, args));
    await page.exposeFunction('codeAutomationExit', (code) => exit(code));
    await page.goto(
      workbenchUrl(server, {
        folder: opts.folders[0],
        extensionDevelopmentPath: opts.extensionDevelopmentPath,
        extensionTestsPath: opts.extensionTestsPath,
      }),
    );
    const code = await exitCode;
    if (code !== 0) flushEarlyLog();
    return code;
  } catch (err) {
    flushEarlyLog();
    console.error(`--- last lines of ${server.logFile} ---\n${tail(server.logFile)}`);
    throw err;
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * The workbench forwards its own log and the extension host's console here (mocha's report
 * comes as printf-style 'info' calls). Workbench start-up chatter is held back until the suite's
 * "VS Code <version>" banner, and shown only if the run fails before it.
 */
const early = [];
let bannerSeen = false;
const NOISE = /ENOTFOUND (open-vsx\.org|mobile\.events\.data\.microsoft\.com)/;

function printLog(type, args) {
  const text = format(...args);
  if (NOISE.test(text)) return;
  bannerSeen ||= text.startsWith('VS Code ');
  if (!bannerSeen && !process.env.AMP_URL_VERBOSE) {
    early.push(text);
    return;
  }
  (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(`${text}\n`);
}

function flushEarlyLog() {
  if (!bannerSeen && early.length) console.error(`--- workbench log ---\n${early.join('\n')}`);
}

// Stopped from outside (Ctrl+C, a CI time-out): take code-server and the temporary profile along.
let cleanUp = async () => {};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => cleanUp().finally(() => process.exit(130)));
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[code-shim] ${err.message}`);
    process.exit(1);
  },
);
