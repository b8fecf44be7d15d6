// Loaded by VS Code inside the extension host of the untrusted-workspace run (see run-test.ts):
// runs every *.test.js beside it with mocha.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { removeTempFiles } from '../suite/util';

export async function run(): Promise<void> {
  console.log(
    `VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.UIKind[vscode.env.uiKind]} UI), untrusted workspace`,
  );
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  const only = process.env.AMP_URL_TEST_GREP;
  if (only) mocha.grep(only);
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')))
    mocha.addFile(path.join(__dirname, file));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve)).finally(
    removeTempFiles,
  );
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
