// Runs the integration suite (test/integration/suite) inside a real VS Code with the standard
// @vscode/test-electron runTests(). Which VS Code:
//  - AMP_URL_VSCODE_EXECUTABLE: that executable (a desktop `code`, or scripts/code-shim.mjs);
//  - AMP_URL_VSCODE_DOWNLOAD=1, or a machine that reaches the VS Code download and has a display:
//    desktop VS Code downloaded by runTests();
//  - otherwise code-server set up by scripts/setup-vscode.mjs, driven by scripts/code-shim.mjs.
// Which version: AMP_URL_VSCODE (`oldest`, `newest`, a version; vscode-build.ts), else the newest.
// Two runs: the main suite (test/integration/suite) with workspace trust off, as runTests() sets it,
// then test/integration/untrusted in a window whose workspace is not trusted.
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { spawn } from 'node:child_process';
import * as dns from 'node:dns';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vscodeBuild } from './vscode-build';

const VSCODE_VERSION = vscodeBuild().vscode;
const root = path.resolve(__dirname, '../../..');

async function canDownload(): Promise<boolean> {
  if (process.env.AMP_URL_VSCODE_DOWNLOAD) return process.env.AMP_URL_VSCODE_DOWNLOAD !== '0';
  if (process.platform === 'linux' && !process.env.DISPLAY) return false; // desktop VS Code needs a display
  const lookup = dns.promises.lookup('update.code.visualstudio.com').then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, 3000, false).unref());
  return Promise.race([lookup, timeout]);
}

async function executable(): Promise<string | undefined> {
  if (process.env.AMP_URL_VSCODE_EXECUTABLE)
    return path.resolve(process.env.AMP_URL_VSCODE_EXECUTABLE);
  if (await canDownload()) return undefined;
  return path.join(root, 'scripts', 'code-shim.mjs');
}

/** The main suite, in test/fixtures, with workspace trust off (runTests() always passes that flag). */
async function runMainSuite(vscodeExecutablePath: string | undefined): Promise<void> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-vscode-'));
  try {
    await runTests({
      version: VSCODE_VERSION,
      vscodeExecutablePath,
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(__dirname, 'suite', 'index.js'),
      launchArgs: [
        path.join(root, 'test', 'fixtures'),
        '--disable-extensions', // only ours
        `--user-data-dir=${path.join(profile, 'user-data')}`,
        `--extensions-dir=${path.join(profile, 'extensions')}`,
      ],
    });
  } finally {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * test/integration/untrusted in test/fixtures/untrusted-workspace, opened untrusted: launched like
 * runTests() does but without `--disable-workspace-trust`, with a fresh profile (no trusted
 * folders) whose user settings keep trust on and skip the start-up trust dialog.
 */
async function runUntrustedSuite(vscodeExecutablePath: string | undefined): Promise<void> {
  const executablePath = vscodeExecutablePath ?? (await downloadAndUnzipVSCode(VSCODE_VERSION));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-vscode-untrusted-'));
  const userDataDir = path.join(profile, 'user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({
      'security.workspace.trust.enabled': true,
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.untrustedFiles': 'open',
    }),
  );
  const args = [
    path.join(root, 'test', 'fixtures', 'untrusted-workspace'),
    '--disable-extensions',
    `--user-data-dir=${userDataDir}`,
    `--extensions-dir=${path.join(profile, 'extensions')}`,
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--disable-updates',
    '--skip-welcome',
    '--skip-release-notes',
    `--extensionTestsPath=${path.join(__dirname, 'untrusted', 'index.js')}`,
    `--extensionDevelopmentPath=${root}`,
  ];
  try {
    const code = await new Promise<number | string>((resolve, reject) => {
      const child = spawn(executablePath, args, { stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (exitCode, signal) => {
        resolve(exitCode ?? signal ?? 1);
      });
    });
    if (code !== 0) throw new Error(`the untrusted-workspace run failed (${code})`);
  } finally {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function main(): Promise<void> {
  const vscodeExecutablePath = await executable();
  console.log(
    `Integration tests in ${vscodeExecutablePath ?? `VS Code ${VSCODE_VERSION} (downloaded)`}`,
  );
  // Both runs, even when the first fails; then every failure.
  const failures: string[] = [];
  for (const suite of [runMainSuite, runUntrustedSuite]) {
    await suite(vscodeExecutablePath).catch((err: unknown) => {
      failures.push(err instanceof Error ? err.message : String(err));
    });
  }
  if (failures.length) throw new Error(failures.join('; '));
}

main().catch((err: unknown) => {
  console.error(`Integration tests failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
