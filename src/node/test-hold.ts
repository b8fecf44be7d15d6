// A pause for the hostile-repository tests (test/cli/hostile-repo.test.ts), so that they can
// swap a folder or edit a file at an exact moment of a fix instead of racing a timer. Only when
// AMP_URL_TEST_HOLD names a folder holding two FIFOs, `ready` and `go`, and AMP_URL_TEST_HOLD_AT
// names the moment (`write`: after the read, before the write begins; `rename`: the temporary
// file written, before the freshness check and the rename): the tool writes the file's path to
// `ready`, then waits until something is written to `go`; once a thread, at the first file fixed
// (the fixes are written by worker threads, write-worker.ts: the tests fix few files, which one
// worker writes). Without the variables it does nothing.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type HoldMoment = 'write' | 'rename';

const HOLD_DIR = process.env.AMP_URL_TEST_HOLD;
const HOLD_AT = process.env.AMP_URL_TEST_HOLD_AT;

let held = false;

export function holdForTest(moment: HoldMoment, rel: string): void {
  if (!HOLD_DIR || HOLD_AT !== moment || held) return;
  held = true;
  fs.writeFileSync(path.join(HOLD_DIR, 'ready'), rel);
  fs.readFileSync(path.join(HOLD_DIR, 'go'));
}

const CRASH_AFTER = process.env.AMP_URL_TEST_CRASH_AFTER;

/**
 * For the tests of a write worker that dies (direct-writes.test.ts): when AMP_URL_TEST_CRASH_AFTER
 * names `rel`, the worker ends at once, as if killed, right after it renamed that file and before
 * its outcome is posted. Without the variable it does nothing.
 */
export function crashForTest(rel: string): void {
  if (CRASH_AFTER === rel) process.exit(70);
}
