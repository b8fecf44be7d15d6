#!/usr/bin/env node
// Installs what the real-VS-Code tests and `npm start` need, only when missing:
// Debian packages (compilers, ripgrep, chromium) and code-server (= VS Code 1.100.3 from npm)
// in the user's cache folder. It says what it will install before it does (no prompt: CI has no
// stdin), and every tool it runs is pinned: code-server's version, and node-gyp's for the native
// modules (node-pty's install runs `npx node-gyp`, which would otherwise fetch the latest).
// code-server's own postinstall downloads from GitHub, which these machines cannot reach, so its
// steps are done here by hand (docs/workspace-trust-and-npm-start.md).
// Safe to run concurrently: code-server is built in a private temp folder and renamed into place.
// Interrupted (Ctrl+C), it stops its child processes and removes that folder.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitOnSignals, onCleanup, tempFolderCleanup } from './lib/cleanup.mjs';
import {
  CODE_SERVER_VERSION,
  DEBIAN_PACKAGES,
  NODE_GYP_VERSION,
  cacheRoot,
  chromiumPath,
  codeServerDir,
  codeServerEntry,
} from './lib/paths.mjs';

const log = (msg) => console.log(`[setup] ${msg}`);

export class SetupError extends Error {}

/** Runs a command, keeping its output in a log file; on failure throws with the log's tail. */
function run(cmd, args, { cwd, env = {}, logFile }) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'a');
    fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}   (in ${cwd})\n`);
    const child = spawn(cmd, args, {
      cwd,
      env: { ...cleanEnv(), ...env },
      stdio: ['ignore', out, out],
    });
    // Interrupted: stop it (Ctrl+C reaches it anyway; a `kill` of this process alone does not).
    const stop = onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    child.on('error', (err) => {
      stop();
      fs.closeSync(out);
      reject(new SetupError(`cannot run ${cmd}: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      stop();
      fs.closeSync(out);
      if (code === 0) return resolve();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
      reject(
        new SetupError(
          `\`${cmd} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}) in ${cwd}\n` +
            `--- last lines of ${logFile} ---\n${tail}`,
        ),
      );
    });
  });
}

/** The parent `npm run` exports npm_* variables (local prefix!) that would redirect nested npm calls into the repo. */
function cleanEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')),
  );
}

function missingDebianPackages() {
  return DEBIAN_PACKAGES.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function usesApt() {
  return process.platform === 'linux' && fs.existsSync('/usr/bin/dpkg-query');
}

async function ensureDebianPackages(missing, logFile) {
  if (!usesApt()) {
    if (!fs.existsSync(chromiumPath())) {
      throw new SetupError(
        `No chromium at ${chromiumPath()}: install Chromium and set AMP_URL_CHROMIUM to its path.`,
      );
    }
    return;
  }
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  if (!isRoot && spawnSync('sudo', ['-n', 'true']).status !== 0) {
    throw new SetupError(
      `Missing Debian packages: ${missing.join(' ')}\n` +
        `Install them once with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')} (about a minute)`);
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      cwd: '/',
      env: { DEBIAN_FRONTEND: 'noninteractive' },
      logFile,
    });
  // Wait for another apt run (e.g. a concurrent setup) instead of failing on the dpkg lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  await apt([...lock, 'update', '-q']);
  await apt([...lock, 'install', '-y', '-q', ...missing]);
  const still = missingDebianPackages();
  if (still.length)
    throw new SetupError(`apt-get did not install: ${still.join(' ')} (see ${logFile})`);
}

/** `--version` prints e.g. `4.100.3 <commit> with Code 1.100.3`. */
function codeServerVersion(entry) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-cs-'));
  const removeHome = tempFolderCleanup(home);
  const env = { ...cleanEnv(), XDG_CONFIG_HOME: home, XDG_DATA_HOME: home }; // else it writes ~/.config/code-server
  const r = spawnSync(process.execPath, [entry, '--version'], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  removeHome();
  return r.status === 0
    ? r.stdout.split('\n').find((line) => line.includes('with Code'))
    : undefined;
}

/** code-server's postinstall, minus its GitHub downloads. */
async function buildCodeServer(dir, logFile) {
  const npm = (args, cwd, env) => run('npm', args, { cwd, env, logFile });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  log(
    `installing code-server@${CODE_SERVER_VERSION} and node-gyp@${NODE_GYP_VERSION} from npm (about a minute, ~310 MB)`,
  );
  // node-gyp sits in this folder's node_modules/.bin, above every package of code-server: the
  // `npx node-gyp` of node-pty's install finds it there instead of fetching the latest.
  await npm(
    [
      'install',
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      `code-server@${CODE_SERVER_VERSION}`,
      `node-gyp@${NODE_GYP_VERSION}`,
    ],
    dir,
  );
  await npm(['rebuild', 'argon2'], dir); // its prebuilt download fails here; it compiles instead

  const vscodeDir = path.join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  await npm(['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], vscodeDir);
  const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  fs.mkdirSync(rgDir, { recursive: true });
  fs.copyFileSync(
    findOnPath('rg') ?? fail('ripgrep (rg) is not installed'),
    path.join(rgDir, 'rg'),
  );
  fs.chmodSync(path.join(rgDir, 'rg'), 0o755);
  // yes=false: should any package `npx` a tool that is not installed here, fail instead of fetching it.
  await npm(['rebuild'], vscodeDir, { npm_config_yes: 'false' });

  const asar = path.join(vscodeDir, 'node_modules.asar');
  fs.rmSync(asar, { recursive: true, force: true });
  fs.symlinkSync('node_modules', asar);
  relink(path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'), 'code-linux.sh');
  relink(path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'), 'browser-linux.sh');
  await npm(
    ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
    path.join(vscodeDir, 'extensions'),
  );
}

function relink(link, target) {
  fs.rmSync(link, { force: true });
  fs.symlinkSync(target, link);
}

function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return undefined;
}

function fail(message) {
  throw new SetupError(message);
}

async function ensureCodeServer(logFile) {
  const finalDir = codeServerDir();
  const entry = codeServerEntry();
  if (fs.existsSync(path.join(finalDir, '.complete'))) return entry;

  const tmpDir = `${finalDir}.tmp-${process.pid}-${Date.now()}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const removeTmp = tempFolderCleanup(tmpDir);
  try {
    await buildCodeServer(tmpDir, logFile);
    const tmpEntry = path.join(tmpDir, path.relative(finalDir, entry));
    const version = codeServerVersion(tmpEntry);
    if (!version?.includes(CODE_SERVER_VERSION)) {
      throw new SetupError(
        `the installed code-server does not start: \`node ${tmpEntry} --version\` failed (see ${logFile})`,
      );
    }
    fs.writeFileSync(path.join(tmpDir, '.complete'), `${version}\n`);
    const done = () => fs.existsSync(path.join(finalDir, '.complete'));
    if (!done()) {
      fs.rmSync(finalDir, { recursive: true, force: true }); // an interrupted run's leftover
      try {
        fs.renameSync(tmpDir, finalDir);
      } catch (err) {
        if (!done()) throw err; // else a concurrent setup finished first: use its copy
      }
    }
  } finally {
    removeTmp();
  }
  return entry;
}

/** Says what set-up is about to install, before it does (CI has no stdin: no prompt). */
function announce(missingPackages, needCodeServer) {
  if (missingPackages.length === 0 && !needCodeServer) return;
  log(
    'to run a real VS Code for `npm test` and `npm start`, set-up installs (once, nothing else):',
  );
  if (missingPackages.length) {
    const how = process.getuid?.() === 0 ? 'apt-get install' : 'sudo -n apt-get install';
    log(`  Debian packages (${how}): ${missingPackages.join(' ')}`);
  }
  if (needCodeServer) {
    log(
      `  from npm, into ${codeServerDir()}: code-server@${CODE_SERVER_VERSION} (VS Code 1.100.3, ~310 MB) ` +
        `and node-gyp@${NODE_GYP_VERSION} (to build its native modules)`,
    );
  }
}

/** Makes sure everything is installed; returns the code-server entry script and its version line. */
export async function setup() {
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const logFile = path.join(cacheRoot(), 'setup.log');
  const missing = usesApt() ? missingDebianPackages() : [];
  announce(missing, !fs.existsSync(path.join(codeServerDir(), '.complete')));
  await ensureDebianPackages(missing, logFile);
  const entry = await ensureCodeServer(logFile);
  const version = fs.readFileSync(path.join(codeServerDir(), '.complete'), 'utf8').trim();
  return { entry, version };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  exitOnSignals();
  const started = Date.now();
  setup().then(
    ({ version }) => {
      log(
        `code-server ${version} ready in ${codeServerDir()} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    },
    (err) => {
      console.error(`[setup] FAILED: ${err instanceof SetupError ? err.message : err.stack}`);
      process.exit(1);
    },
  );
}
