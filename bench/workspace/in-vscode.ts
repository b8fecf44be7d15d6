// How the benchmarks that measure the real VS Code start it (run.ts, apply.ts, typing-run.ts):
// a temp folder holding the workspace and a fresh profile, opened through the integration
// harness's runTests() with only this extension, and the suite run in its extension host.
// Which VS Code: AMP_URL_VSCODE_EXECUTABLE, a desktop download with AMP_URL_VSCODE_DOWNLOAD=1,
// else code-server driven by scripts/code-shim.mjs; which version: AMP_URL_VSCODE (vscode-build.ts).
import { runTests } from '@vscode/test-electron';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vscodeBuild } from '../../test/integration/vscode-build';

/** The repository: the extension under test, and where dist/ and scripts/ are. */
export const repoRoot = path.resolve(__dirname, '../../..');

function executable(): string | undefined {
  if (process.env.AMP_URL_VSCODE_EXECUTABLE)
    return path.resolve(process.env.AMP_URL_VSCODE_EXECUTABLE);
  if (process.env.AMP_URL_VSCODE_DOWNLOAD === '1') return undefined;
  return path.join(repoRoot, 'scripts', 'code-shim.mjs');
}

/**
 * Runs `work` with a new temp folder (named `amp-url-bench-<name>-…`) and removes the folder
 * afterwards, whatever happened.
 */
export async function inBenchFolder(
  name: string,
  work: (tmp: string) => Promise<void>,
): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `amp-url-bench-${name}-`));
  try {
    await work(tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Opens `workspace` in the real VS Code with a fresh profile in `tmp` (its user settings
 * `settings`, if given) and runs `suite`, a compiled file of bench/workspace, in the extension
 * host; resolves when the suite has ended.
 */
export async function runInVsCode(options: {
  tmp: string;
  workspace: string;
  suite: string;
  settings?: Record<string, unknown>;
}): Promise<void> {
  const userData = path.join(options.tmp, 'user-data');
  if (options.settings) {
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.writeFileSync(
      path.join(userData, 'User', 'settings.json'),
      JSON.stringify(options.settings),
    );
  }
  await runTests({
    version: vscodeBuild().vscode,
    vscodeExecutablePath: executable(),
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: path.join(__dirname, options.suite),
    launchArgs: [
      options.workspace,
      '--disable-extensions',
      `--user-data-dir=${userData}`,
      `--extensions-dir=${path.join(options.tmp, 'extensions')}`,
    ],
  });
}
