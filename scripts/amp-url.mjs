#!/usr/bin/env node
// `npm run -s amp-url -- <command> …` (or `node scripts/amp-url.mjs …`) from a fresh clone:
// installs the dependencies and builds dist/cli/amp-url.js when missing or older than src/, then
// runs it with this process's arguments, stdin, stdout and stderr, and exits with its code.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureDependencies } from './lib/ensure-deps.mjs';
import { repoRoot } from './lib/paths.mjs';

const cli = path.join(repoRoot, 'dist', 'cli', 'amp-url.js');

/** The newest modification time under `dir` (the sources the bundle is built from). */
function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) t = Math.max(t, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  return t;
}

function stale() {
  try {
    return fs.statSync(cli).mtimeMs < newest(path.join(repoRoot, 'src'));
  } catch {
    return true;
  }
}

ensureDependencies({ quiet: true });
if (stale()) {
  // stdout is the tool's output: the build's messages go to stderr.
  const build = spawnSync(process.execPath, ['scripts/build-cli.mjs', '--no-types'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) process.exit(2);
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 2);
