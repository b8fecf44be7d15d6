// Stopping from outside at any moment (Ctrl+C, `kill`, a closed terminal): what a script started
// (child processes, code-server's process group, temporary folders) is registered here as it is
// made, and undone on SIGINT, SIGTERM or SIGHUP before the process exits. Undoing is synchronous,
// so it also runs from the 'exit' event when a script ends some other way.
import * as fs from 'node:fs';
import * as os from 'node:os';

const undo = new Map(); // id → synchronous clean-up, in the order registered
let nextId = 0;

/** Registers a synchronous clean-up; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(fn) {
  const id = nextId++;
  undo.set(id, fn);
  return () => {
    if (undo.delete(id)) fn();
  };
}

/** A temporary folder removed on exit or interruption, unless removed first. */
export function tempFolderCleanup(dir) {
  return onCleanup(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
}

/** Sends `signal` to a whole process group (a detached child's pid is its group id). */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

/** Runs every registered clean-up, newest first (a process is stopped before its folder goes). */
export function cleanUpAll() {
  for (const [id, fn] of [...undo].reverse()) {
    undo.delete(id);
    try {
      fn();
    } catch (err) {
      console.error(`clean-up failed: ${err.message}`);
    }
  }
}

let installed = false;
/**
 * From now on SIGINT, SIGTERM and SIGHUP clean up and exit (128 + the signal's number).
 * `beforeExit` (optional, async) runs first, e.g. a graceful stop; a second signal skips it.
 */
export function exitOnSignals(beforeExit) {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      const code = 128 + os.constants.signals[signal];
      if (stopping || !beforeExit) {
        cleanUpAll();
        process.exit(code);
      }
      stopping = true;
      Promise.resolve()
        .then(beforeExit)
        .catch(() => {})
        .finally(() => {
          cleanUpAll();
          process.exit(code);
        });
    });
  }
}

process.on('exit', cleanUpAll);
