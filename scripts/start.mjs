#!/usr/bin/env node
// `npm start`: builds the extension and opens a real VS Code with it on demo/.
// Desktop `code` when installed, otherwise the browser workbench of code-server on 127.0.0.1:8080.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setup } from './setup-vscode.mjs';
import { freePort, portIsFree, startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { cacheRoot, repoRoot } from './lib/paths.mjs';
import { ensureDependencies } from './lib/ensure-deps.mjs';

const demo = path.join(repoRoot, 'demo');
const SETTINGS = {
  'workbench.startupEditor': 'none',
  'git.openRepositoryInParentFolders': 'never', // demo/ sits in the project's repository
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
};

/** Adds our defaults to the demo profile's settings, keeping what the user changed there. */
function addDefaultSettings(file) {
  let settings = {};
  try {
    settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    if (fs.existsSync(file)) return; // comments or a typo: leave the user's file alone
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
}

function build() {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the build failed (see above)');
}

function desktopCode() {
  if (process.env.AMP_URL_START_WEB) return undefined;
  const r = spawnSync('code', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? 'code' : undefined;
}

async function startWeb() {
  const { version } = await setup();
  const wanted = Number(process.env.PORT) || 8080;
  const port = (await portIsFree(wanted)) ? wanted : await freePort();
  if (port !== wanted) console.log(`Port ${wanted} is busy; using ${port}.`);

  const userDataDir = path.join(cacheRoot(), 'start', 'user-data');
  addDefaultSettings(path.join(userDataDir, 'User', 'settings.json'));
  const server = await startCodeServer({
    port,
    userDataDir,
    folder: demo,
    extensionsDir: path.join(cacheRoot(), 'start', 'extensions'),
    logFile: path.join(cacheRoot(), 'start', 'code-server.log'),
  });
  const url = workbenchUrl(server, {
    folder: demo,
    openFile: path.join(demo, 'README.md'),
    extensionDevelopmentPath: repoRoot,
  });
  console.log(`
  VS Code ${version.replace(/^.*with Code /, '')} (code-server) is serving the extension on the demo folder.
  Open this address in a browser, then hover any URL in README.md:

    ${url}

  After \`npm run build\`, reload the page to load the new build. Log: ${server.logFile}
  Press Ctrl+C to stop.
`);
  let stopping;
  const stop = () => (stopping ??= server.stop().then(() => process.exit(0)));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
  const code = await server.exited;
  if (stopping) return stopping;
  console.error(`code-server stopped (${code}); see ${server.logFile}`);
  await server.stop();
  process.exit(1);
}

async function main() {
  ensureDependencies();
  build();
  const code = desktopCode();
  if (code) {
    console.log(`Opening VS Code with the extension on ${demo}`);
    spawn(code, [`--extensionDevelopmentPath=${repoRoot}`, demo], {
      stdio: 'inherit',
      detached: true,
    }).unref();
    return;
  }
  await startWeb();
}

main().catch((err) => {
  console.error(`npm start failed: ${err.message}`);
  process.exit(1);
});
