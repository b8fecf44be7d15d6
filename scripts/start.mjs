#!/usr/bin/env node
// `npm start`: builds the extension and opens a real VS Code with it on demo/.
// Desktop `code` when installed, otherwise the browser workbench of code-server on 127.0.0.1:8080
// (the newest VS Code the tests prove; `npm start -- --oldest` or AMP_URL_VSCODE=<version> picks
// another of scripts/lib/vscode-builds.json),
// behind a password made for this run and printed with the address (a workbench has a terminal:
// other local users, or a web page rebinding its DNS name to 127.0.0.1, must not get in).
// Ctrl+C at any moment, start-up included, stops code-server's process group and removes the
// temporary folders (scripts/lib/cleanup.mjs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exitOnSignals, onCleanup } from './lib/cleanup.mjs';
import { setup } from './setup-vscode.mjs';
import { freePort, portIsFree, startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { cacheRoot, repoRoot, vscodeBuild } from './lib/paths.mjs';
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

/** Runs a command to its end; asynchronous, so a signal is handled (and the child stopped) at once. */
function runChild(cmd, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, options);
    const stop = onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    child.on('error', (err) => {
      stop();
      reject(err);
    });
    child.on('exit', (code) => {
      stop();
      resolve(code);
    });
  });
}

async function build() {
  console.log('[start] building the extension');
  const script = path.join(repoRoot, 'scripts', 'build.mjs');
  const code = await runChild(process.execPath, [script], { cwd: repoRoot, stdio: 'inherit' });
  if (code !== 0) throw new Error('the build failed (see above)');
}

async function desktopCode() {
  if (process.env.AMP_URL_START_WEB) return undefined;
  const code = await runChild('code', ['--version'], { stdio: 'ignore' }).catch(() => 1);
  return code === 0 ? 'code' : undefined;
}

/** `--oldest`, `--newest` or `--vscode=<version>`; else AMP_URL_VSCODE, else the newest. */
function chosenBuild(argv) {
  let choice;
  for (const arg of argv) {
    const m = /^--(oldest|newest)$|^--vscode=(.+)$/.exec(arg);
    if (!m) throw new Error(`unknown option ${arg} (use --oldest, --newest or --vscode=<version>)`);
    choice = m[1] ?? m[2];
  }
  return vscodeBuild(choice);
}

async function startWeb(build) {
  const [{ version }] = await setup([build]);
  const wanted = Number(process.env.PORT) || 8080;
  const port = (await portIsFree(wanted)) ? wanted : await freePort();
  if (port !== wanted) console.log(`Port ${wanted} is busy; using ${port}.`);

  // A profile per version: an older VS Code need not read what a newer one wrote.
  const profile = path.join(cacheRoot(), 'start', `vscode-${build.vscode}`);
  const userDataDir = path.join(profile, 'user-data');
  addDefaultSettings(path.join(userDataDir, 'User', 'settings.json'));
  const password = randomBytes(18).toString('base64url'); // 144 bits, new for each run
  console.log(`[start] starting code-server on 127.0.0.1:${port}`);
  const server = await startCodeServer({
    password,
    port,
    userDataDir,
    folder: demo,
    build,
    extensionsDir: path.join(profile, 'extensions'),
    logFile: path.join(profile, 'code-server.log'),
  });
  const url = workbenchUrl(server, {
    folder: demo,
    openFile: path.join(demo, 'README.md'),
    extensionDevelopmentPath: repoRoot,
  });
  console.log(`
  VS Code ${version.replace(/^.*with Code /, '')} (code-server ${build.codeServer}) is serving the extension on the demo folder,
  on 127.0.0.1 only. Open this address in a browser, sign in with the password (new for each run),
  then hover any URL in README.md:

    ${url}
    Password: ${password}

  After \`npm run build\`, reload the page to load the new build. Log: ${server.logFile}
  Press Ctrl+C to stop.
`);
  stopServer = () => server.stop();
  const code = await server.exited;
  if (stopping) return; // stopped by a signal: its handler cleans up and exits
  console.error(`code-server stopped (${code}); see ${server.logFile}`);
  await server.stop();
  process.exit(1);
}

// Ctrl+C: a graceful stop of code-server once it runs (SIGTERM, then SIGKILL), then every clean-up.
let stopServer = async () => {};
let stopping = false;
exitOnSignals(() => {
  stopping = true;
  return stopServer();
});

async function main() {
  const target = chosenBuild(process.argv.slice(2));
  ensureDependencies();
  await build();
  // A version asked for by name is one of code-server's, not the desktop `code` installed.
  const chosen = process.argv.length > 2 || Boolean(process.env.AMP_URL_VSCODE);
  const code = chosen ? undefined : await desktopCode();
  if (code) {
    console.log(`Opening VS Code with the extension on ${demo}`);
    spawn(code, [`--extensionDevelopmentPath=${repoRoot}`, demo], {
      stdio: 'inherit',
      detached: true,
    }).unref();
    return;
  }
  await startWeb(target);
}

main().catch((err) => {
  console.error(`npm start failed: ${err.message}`);
  process.exit(1);
});
