// The workers the extension host starts (issue 28): its direct writes run in at most two child
// processes, each with a small young generation, where `amp-url check --fix` keeps four threads
// of V8's default size. A stand-in worker reports, for each job, where it ran and its limits.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runDirectWrites } from '../../../src/node/direct-writes';
import { CLI_THREADS, EDITOR_PROCESSES, EDITOR_THREADS } from '../../../src/node/thread-limits';
import type { WriteJob, WriteOutcome } from '../../../src/node/write-jobs';

/** pool-port.js as tsc compiled it, beside this test's folder in out/. */
const POOL_PORT = path.join(__dirname, '../../../src/node/pool-port.js');

/** Reports for each job where it ran (process and thread) and with what young generation. */
const REPORTER = `
const { threadId, resourceLimits } = require('node:worker_threads');
const { servePool } = require(${JSON.stringify(POOL_PORT)});
servePool('write', (data, port) => {
  let first = 0;
  port.onMessage((m) => {
    if (m.end) return port.close();
    const where = process.pid + '/' + threadId;
    const young = { thread: resourceLimits.maxYoungGenerationSizeMb, args: process.execArgv };
    const outcome = { written: true, encoding: 'utf8', before: where, after: JSON.stringify(young) };
    port.post({ first, outcomes: m.jobs.map(() => outcome) });
    first += m.jobs.length;
  });
});
`;

describe('the worker threads of the direct writes: the editor and the command line (issue 28)', () => {
  let tmp: string;
  let reporter: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-threads-'));
    reporter = path.join(tmp, 'reporter.js');
    fs.writeFileSync(reporter, REPORTER);
  });
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const jobs: WriteJob[] = Array.from({ length: 400 }, (_, i) => ({
    rel: `f${i % 20}/n${i}.md`,
    expect: { sha256: '' },
    edits: [],
    maxSize: 1,
  }));

  /** Where the jobs ran (`pid/threadId`) and each worker's young generation, as it reports. */
  async function workersOf(
    run: (onOutcome: (i: number, o: WriteOutcome) => void) => { done: Promise<unknown> },
  ): Promise<{ where: Set<string>; young: Set<string> }> {
    const where = new Set<string>();
    const young = new Set<string>();
    await run((_, o) => {
      if (!o.written) return;
      where.add(o.before);
      young.add(o.after);
    }).done;
    return { where, young };
  }

  it('the editor: two child processes at most, each with the small young generation', async function () {
    this.timeout(30_000);
    const got = await workersOf((on) => runDirectWrites(tmp, jobs, on, reporter, EDITOR_PROCESSES));
    const pids = [...got.where].map((w) => Number(w.split('/')[0]));
    assert.equal(new Set(pids).size, 2, [...got.where].join());
    assert.ok(!pids.includes(process.pid));
    // Two megabytes asked: V8's young generation is three semi-spaces of one megabyte at least.
    assert.deepEqual([...got.young], [JSON.stringify({ args: ['--max-semi-space-size=1'] })]);
    assert.equal(EDITOR_PROCESSES.youngGenerationMb, 2);
  });

  it('the editor’s limits on a thread: the small young generation', async () => {
    const got = await workersOf((on) => runDirectWrites(tmp, jobs, on, reporter, EDITOR_THREADS));
    assert.equal(got.where.size, 2);
    assert.deepEqual(
      [...got.young].map((y) => (JSON.parse(y) as { thread: number }).thread),
      [EDITOR_THREADS.youngGenerationMb],
    );
  });

  it('the command line: four threads of its own process, of V8 default size', async () => {
    const got = await workersOf((on) => runDirectWrites(tmp, jobs, on, reporter));
    assert.equal(got.where.size, CLI_THREADS.max);
    assert.ok([...got.where].every((w) => w.startsWith(`${process.pid}/`)));
    assert.equal(CLI_THREADS.max, 4);
    const young = [...got.young].map((y) => JSON.parse(y) as { thread: number; args: string[] });
    assert.ok(
      young.every(
        (y) =>
          y.thread !== EDITOR_THREADS.youngGenerationMb &&
          !y.args.some((a) => a.includes('semi-space')),
      ),
      [...got.young].join(),
    );
  });
});
