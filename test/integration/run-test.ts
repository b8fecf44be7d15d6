// Runs the integration suite (test/integration/suite) inside a real VS Code with the standard
// @vscode/test-electron runTests(). Which VS Code:
//  - AMP_URL_VSCODE_EXECUTABLE: that executable (a desktop `code`, or scripts/code-shim.mjs);
//  - AMP_URL_VSCODE_DOWNLOAD=1, or a machine that reaches the VS Code download and has a display:
//    desktop VS Code downloaded by runTests();
//  - otherwise code-server set up by scripts/setup-vscode.mjs, driven by scripts/code-shim.mjs.
import { runTests } from '@vscode/test-electron';
import * as dns from 'node:dns';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const VSCODE_VERSION = '1.100.3';
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

async function main(): Promise<void> {
  const vscodeExecutablePath = await executable();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-vscode-'));
  console.log(
    `Integration tests in ${vscodeExecutablePath ?? `VS Code ${VSCODE_VERSION} (downloaded)`}`,
  );
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

main().catch((err: unknown) => {
  console.error(`Integration tests failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
