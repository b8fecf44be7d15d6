// `npm run screenshots`: the README's and the walkthrough's pictures, each a step of a journey
// (test/e2e/journeys-*.test.mjs, walked in the real workbench with the default choices). Runs the
// journeys with their screenshots in a scratch folder, then copies exactly the images README.md
// and package.json's walkthroughs name into media/screenshots/ and removes every other PNG there:
// they and the folder always agree, and a picture is never older than the flow it shows. An image
// named that is no journey step, or that no step saved, fails the run. AMP_URL_VSCODE picks the
// VS Code as for the tests (default: newest).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './lib/paths.mjs';
import { toPalettePng } from './lib/png-palette.mjs';

const media = path.join(repoRoot, 'media', 'screenshots');
const scratch = path.join(repoRoot, 'test-results', 'journey-screenshots');

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
// The walkthrough's step images (the .vsix carries exactly these: .vscodeignore).
const manifest = fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
const named = (text) => [...text.matchAll(/media\/screenshots\/([\w.-]+\.png)/g)].map((m) => m[1]);
const inPackage = new Set(named(manifest));
const wanted = [...new Set([...named(readme), ...inPackage])];
const notJourney = wanted.filter((name) => !name.startsWith('journey-'));
if (notJourney.length) {
  console.error(
    `screenshots: README.md or package.json shows ${notJourney.join(', ')}, not a journey step (journey-*.png of test/e2e/journeys-*.test.mjs)`,
  );
  process.exit(2);
}

const journeys = fs
  .readdirSync(path.join(repoRoot, 'test', 'e2e'))
  .filter((f) => /^journeys-.*\.test\.mjs$/.test(f))
  .map((f) => path.join('test', 'e2e', f));
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`screenshots: walking ${journeys.join(', ')}`);
const run = spawnSync(
  path.join(repoRoot, 'node_modules', '.bin', 'mocha'),
  ['--no-config', '--reporter', 'spec', '--timeout', '120000', '--exit', ...journeys],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, AMP_URL_SCREENSHOTS_DIR: path.relative(repoRoot, scratch) },
  },
);
if (run.status !== 0) {
  console.error('screenshots: a journey failed; media/screenshots/ is left as it was');
  process.exit(run.status ?? 1);
}

const missing = wanted.filter((name) => !fs.existsSync(path.join(scratch, name)));
if (missing.length) {
  console.error(
    `screenshots: no journey step saved ${missing.join(', ')} (README.md or package.json names it)`,
  );
  process.exit(1);
}
fs.mkdirSync(media, { recursive: true });
for (const name of fs.readdirSync(media))
  if (name.endsWith('.png') && !wanted.includes(name)) fs.rmSync(path.join(media, name));
for (const name of wanted) {
  fs.copyFileSync(path.join(scratch, name), path.join(media, name));
  // The .vsix carries the walkthrough's pictures: 256 colours keep it under its size limit.
  if (inPackage.has(name)) toPalettePng(path.join(media, name));
  const kb = Math.round(fs.statSync(path.join(media, name)).size / 1024);
  console.log(`screenshots: media/screenshots/${name} (${kb} KB)`);
}
