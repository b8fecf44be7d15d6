// Loaded by VS Code inside the extension host (extensionTestsPath): runs every *.test.js beside it with mocha.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { removeTempFiles } from './util';

export async function run(): Promise<void> {
  // The editor the suite really runs in, e.g. "VS Code 1.100.3 (code-server, Web UI)".
  console.log(
    `VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.UIKind[vscode.env.uiKind]} UI)`,
  );
  // Documents keep exactly the text the tests write: the web workbench saves files after a delay
  // by default (desktop does not), and VS Code removes U+2028/U+2029 from opened files unless told
  // not to (the hostile-text tests carry them).
  await vscode.workspace
    .getConfiguration('files')
    .update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  await vscode.workspace
    .getConfiguration('editor')
    .update('unusualLineTerminators', 'off', vscode.ConfigurationTarget.Global);
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  const only = process.env.AMP_URL_TEST_GREP;
  if (only) mocha.grep(only);
  for (const file of fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve)).finally(
    removeTempFiles,
  );
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
