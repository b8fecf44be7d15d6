// Where the test/start harness keeps what it installs: outside the repo, shared by every clone.
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** code-server 4.100.3 bundles VS Code 1.100.3 and still runs on Node 20 (newer ones need Node 22). */
export const CODE_SERVER_VERSION = '4.100.3';
export const VSCODE_VERSION = '1.100.3';
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

export function cacheRoot() {
  if (process.env.AMP_URL_CACHE_DIR) return path.resolve(process.env.AMP_URL_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'amp-url-toolkit');
}

export function codeServerDir() {
  return path.join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerEntry() {
  return path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

export function chromiumPath() {
  return process.env.AMP_URL_CHROMIUM || '/usr/bin/chromium';
}
