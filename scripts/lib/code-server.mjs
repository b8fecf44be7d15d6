// Starts and stops code-server (the VS Code server with its browser workbench) for tests and `npm start`.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { killGroup, onCleanup, tempFolderCleanup } from './cleanup.mjs';
import { codeServerEntry, installedVersion, nodeExecutable, vscodeBuild } from './paths.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// Variables code-server reads that would override the arguments below: PORT and CODE_SERVER_HOST
// beat --bind-addr (a CODE_SERVER_HOST=0.0.0.0 in the caller's shell would serve the network),
// PASSWORD / HASHED_PASSWORD / CODE_SERVER_CONFIG would choose another password or config.
const OVERRIDES =
  /^(PORT|CODE_SERVER_HOST|CODE_SERVER_CONFIG|PASSWORD|HASHED_PASSWORD|GITHUB_TOKEN)$/;

/**
 * The environment code-server gets: no editor or npm variables of the caller, its own config
 * folders, and the Node it runs on first on PATH (a build with a Node of its own: what it starts,
 * e.g. its agent host, runs on that Node too).
 */
function serverEnv(build, home, extra) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(VSCODE_|ELECTRON_|npm_)/i.test(k) && !OVERRIDES.test(k),
    ),
  );
  const node = nodeExecutable(build);
  return {
    ...env,
    ...(node !== process.execPath && {
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    }),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    ...extra,
  };
}

/**
 * The tests and `npm start` load the extension (and its tests) through the workbench URL's
 * `payload` (extensionDevelopmentPath, extensionTestsPath). Newer VS Code releases read that
 * payload only in a development build or with the server's `--enable-smoke-test-driver`
 * (VS Code's own web smoke tests run that way); without it the workbench opens without the
 * extension. Newer code-server releases pass VS Code server options through `--vscode-option`;
 * older ones (4.100.3) have no such option and read the payload anyway.
 */
function developmentArgs(build) {
  return usesSmokeTestDriver(build) ? ['--vscode-option', 'enable-smoke-test-driver'] : [];
}

/**
 * Whether the workbench of `build` runs with the smoke-test driver (see developmentArgs). VS Code
 * then shows no notification toasts (NotificationsToasts skips them for its smoke tests): a
 * notification is only in the Notifications center.
 */
export function usesSmokeTestDriver(build) {
  const cli = path.join(path.dirname(codeServerEntry(build)), 'cli.js');
  return fs.readFileSync(cli, 'utf8').includes('"vscode-option"');
}

/**
 * Starts code-server on 127.0.0.1 in its own process group and waits until /healthz answers.
 * `password`: the workbench asks for it (`npm start`). Without one there is no authentication,
 * which only the tests use: they bind a random free port on 127.0.0.1 for one short run of their
 * own and open it at once with their own browser.
 * `workspaceTrust`: leave workspace trust on (VS Code's default; the user settings decide), for the
 * untrusted-workspace tests. Off by default: the tests and `npm start` open this repository's
 * own folders, which the user trusts by running them.
 * `build`: which VS Code (scripts/lib/paths.mjs, VSCODE_BUILDS); default AMP_URL_VSCODE's, else
 * the newest.
 * @param {{ userDataDir: string, extensionsDir: string, port?: number, folder?: string,
 *           env?: Record<string, string>, logFile?: string, quiet?: boolean,
 *           workspaceTrust?: boolean, password?: string,
 *           build?: { name: string, codeServer: string, vscode: string, node?: string } }} options
 */
export async function startCodeServer(options) {
  const build = options.build ?? vscodeBuild();
  if (!installedVersion(build)) {
    throw new Error(
      `code-server ${build.codeServer} (VS Code ${build.vscode}) is not installed: ` +
        `run \`node scripts/setup-vscode.mjs ${build.name}\` first`,
    );
  }
  const port = options.port ?? (await freePort());
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-home-'));
  const removeHome = tempFolderCleanup(home);
  fs.mkdirSync(options.userDataDir, { recursive: true });
  fs.mkdirSync(options.extensionsDir, { recursive: true }); // a missing one hides the extension
  const logFile = options.logFile ?? path.join(home, 'code-server.log');
  const out = fs.openSync(logFile, 'a');
  const development = developmentArgs(build);
  const args = [
    codeServerEntry(build),
    '--auth',
    options.password ? 'password' : 'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    options.userDataDir,
    '--extensions-dir',
    options.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    ...development,
    ...(options.folder ? [options.folder] : []),
  ];
  const child = spawn(nodeExecutable(build), args, {
    detached: true, // own process group: stopping it also stops the extension hosts it forks
    stdio: ['ignore', out, out],
    // The password goes by environment, not argument: `ps` shows arguments to every local user.
    env: serverEnv(build, home, {
      ...options.env,
      ...(options.password && { PASSWORD: options.password }),
    }),
  });
  fs.closeSync(out);
  // Whatever happens to this process (Ctrl+C during start-up included), the group goes with it.
  const kill = onCleanup(() => killGroup(child.pid, 'SIGKILL'));
  let exited = false;
  let stopped = false;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      resolve(code ?? signal);
    }),
  );

  const server = {
    build,
    port,
    url: `http://127.0.0.1:${port}`,
    logFile,
    userDataDir: options.userDataDir,
    /** Whether the workbench runs with VS Code's smoke-test driver (see developmentArgs): it then
     *  shows no notification toasts, only the Notification Center's list. */
    smokeTestDriver: development.length > 0,
    /** Resolves with the exit code (or signal) when code-server's main process ends. */
    exited: exit,
    async stop() {
      if (stopped) return;
      stopped = true;
      killGroup(child.pid, 'SIGTERM');
      for (let i = 0; i < 30 && !exited; i++) await sleep(100);
      kill(); // SIGKILL: extension hosts that ignored SIGTERM
      removeHome();
    },
  };
  try {
    await waitUntil(
      async () => {
        if (exited) throw new Error(`code-server exited at start:\n${tail(logFile)}`);
        return fetch(`${server.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
      'code-server to answer /healthz',
    );
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/**
 * Resolves once the remote extension host has activated its eager extensions. Opening a file
 * before that leaves its editor without the extension's hovers (seen in half the runs).
 */
export function waitForExtensionHost(userDataDir, timeoutMs = 60_000) {
  return waitUntil(
    () => {
      const logs = path.join(userDataDir, 'logs');
      if (!fs.existsSync(logs)) return false;
      return fs
        .readdirSync(logs, { recursive: true })
        .filter((f) => String(f).endsWith('remoteexthost.log'))
        .some((f) =>
          fs
            .readFileSync(path.join(logs, String(f)), 'utf8')
            .includes('Eager extensions activated'),
        );
    },
    timeoutMs,
    'the extension host ("Eager extensions activated" in remoteexthost.log)',
  );
}

export async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The workbench URL that opens `folder` (and `openFile`) with an extension under development (and its tests). */
export function workbenchUrl(
  server,
  { folder, openFile, extensionDevelopmentPath, extensionTestsPath },
) {
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${path.resolve(p)}`;
  const payload = [];
  for (const dev of [extensionDevelopmentPath ?? []].flat())
    payload.push(['extensionDevelopmentPath', remote(dev)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  if (openFile) payload.push(['openFile', remote(openFile)]);
  const query = new URLSearchParams();
  if (folder) query.set('folder', path.resolve(folder));
  if (payload.length) query.set('payload', JSON.stringify(payload));
  return `${server.url}/?${query}`;
}
