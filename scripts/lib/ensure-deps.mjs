// Installs the npm dependencies when they are missing or older than package-lock.json, so that
// `npm test` and `npm start` work on a fresh clone without a separate `npm install` step.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './paths.mjs';

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** `quiet`: npm's output goes to stderr (a tool whose stdout is its result calls it so). */
export function ensureDependencies({ quiet = false } = {}) {
  const installed = mtime(path.join(repoRoot, 'node_modules', '.package-lock.json'));
  const locked = mtime(path.join(repoRoot, 'package-lock.json'));
  if (installed !== undefined && (locked === undefined || installed >= locked)) return;
  (quiet ? console.error : console.log)('Installing npm dependencies (npm ci)…');
  const stdio = quiet ? ['ignore', 2, 2] : 'inherit';
  const result = spawnSync('npm', ['ci'], { cwd: repoRoot, stdio });
  if (result.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
