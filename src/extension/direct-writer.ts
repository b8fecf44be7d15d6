// Direct writes of the workspace commands (src/node/direct-writes.ts), where the extension runs in
// the Node extension host (desktop, code-server, remote). The one bundle dist/extension.js also
// runs in the web worker extension host (vscode.dev), which has no file system of its own: there
// this is undefined and every file goes through a WorkspaceEdit. The Node-only module is a
// bundle of its own, dist/direct-writes.js (scripts/build.mjs), loaded only in a Node host, so
// the web host never sees node:worker_threads and both hosts share one bundle.
import type {
  diskWalkFileSystem,
  runEditorWrites,
  runScanWorkers,
  statOnDisk,
} from '../node/direct-writes';

export interface DirectWriter {
  run: typeof runEditorWrites;
  /** The workspace scan's per-file work in worker processes (files on disk read as UTF-8). */
  scan: typeof runScanWorkers;
  /** workspace.fs.stat of a path on disk, without its round trip (the freshness check's). */
  stat: typeof statOnDisk;
  /** The workspace walk's file system for a folder on disk (the listing's, as workspace.fs'). */
  walkFs: typeof diskWalkFileSystem;
}

/** The global `process`, as far as this file trusts it: the web worker host has none. */
interface MaybeProcess {
  process?: { versions?: { node?: unknown } };
}

/** True in a Node extension host; the web worker host has no `process.versions.node`. */
function inNodeHost(): boolean {
  return typeof (globalThis as MaybeProcess).process?.versions?.node === 'string';
}

function loadDirectWriter(): DirectWriter | undefined {
  if (!inNodeHost()) return undefined;
  // A plain require, kept out of the bundle by scripts/build.mjs (beside it: dist/direct-writes.js;
  // compiled by tsc for the tests: out/src/node/direct-writes.js). A missing file is a packaging
  // fault that must show, so it is not caught.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const writes = require('../node/direct-writes') as typeof import('../node/direct-writes');
  return {
    run: writes.runEditorWrites,
    scan: writes.runScanWorkers,
    stat: writes.statOnDisk,
    walkFs: writes.diskWalkFileSystem,
  };
}

export const directWriter: DirectWriter | undefined = loadDirectWriter();
