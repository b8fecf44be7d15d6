// Loaded by VS Code inside the extension host (extensionTestsPath): runs every *.test.js beside it with mocha.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

export async function run(): Promise<void> {
  // The editor the suite really runs in, e.g. "VS Code 1.100.3 (code-server, Web UI)".
  console.log(`VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.UIKind[vscode.env.uiKind]} UI)`);
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  const only = process.env.AMP_URL_TEST_GREP;
  if (only) mocha.grep(only);
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
