// Which VS Code a run uses, for the TypeScript runners (run-test.ts, bench/workspace/run.ts): the
// same choice as scripts/lib/paths.mjs makes, from the same list (scripts/lib/vscode-builds.json).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface VscodeBuild {
  name: string;
  codeServer: string;
  vscode: string;
  node?: string;
}

const root = path.resolve(__dirname, '../../..');

/** AMP_URL_VSCODE's build (`oldest`, `newest` or a version), else the newest. */
export function vscodeBuild(choice = process.env.AMP_URL_VSCODE): VscodeBuild {
  const builds = JSON.parse(
    fs.readFileSync(path.join(root, 'scripts', 'lib', 'vscode-builds.json'), 'utf8'),
  ) as VscodeBuild[];
  const newest = builds[builds.length - 1];
  if (!choice) return newest;
  const wanted = choice.trim().toLowerCase();
  const build = builds.find(
    (b) =>
      b.name === wanted ||
      [b.vscode, b.codeServer].some((v) => v === wanted || v.startsWith(`${wanted}.`)),
  );
  if (!build) throw new Error(`AMP_URL_VSCODE=${choice}: not a VS Code version this project tests`);
  return build;
}
