// The worker pool with child processes (src/node/worker-pool.ts, src/node/pool-port.ts), as the
// extension host's direct writes run it: a stand-in worker (a plain script in a temporary folder,
// served by the compiled pool-port module, so the same script also runs as a thread) reports what
// it was given, crashes on a job, or waits after a job until it is stopped.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { JOBS_PER_MESSAGE, startWorkerPool, type WorkerEnd } from '../../../src/node/worker-pool';
import type { WorkerThreads } from '../../../src/node/thread-limits';

/** pool-port.js as tsc compiled it, beside this test's folder in out/. */
const POOL_PORT = path.join(__dirname, '../../../src/node/pool-port.js');

/**
 * Posts its data, then for each job its number and a padding of `pad` characters, the thread or
 * process it runs in, and ends at the jobs' end; throws at the job `crashAt`. With `waitAfter`,
 * waits after each job (up to ten seconds) until it is stopped, then stops before the next.
 */
const STAND_IN = `
const { servePool } = require(${JSON.stringify(POOL_PORT)});
servePool('stand-in', (data, port) => {
  const priority = require('node:os').getPriority();
  port.post({ data: { ...data, stop: data.stop instanceof SharedArrayBuffer }, pid: process.pid, priority });
  const queue = [];
  let last = false;
  let index = 0;
  let busy = false;
  const step = () => {
    busy = false;
    if (port.stopped()) return port.close();
    if (queue.length === 0) return last ? port.close() : undefined;
    busy = true;
    const job = queue.shift();
    if (job === data.crashAt) throw new Error('crashed at ' + job);
    port.post({ index: index++, job, pad: 'x'.repeat(data.pad || 0) });
    if (!data.waitAfter) return setImmediate(step);
    const until = Date.now() + 10000;
    const wait = () => (port.stopped() || Date.now() > until ? step() : setTimeout(wait, 5));
    wait();
  };
  port.onMessage((m) => {
    if (m.end) last = true;
    else queue.push(...m.jobs);
    if (!busy) {
      busy = true;
      setImmediate(step);
    }
  });
});
`;

type Message =
  | { data: Record<string, unknown>; pid: number; priority: number }
  | { index: number; job: number; pad: string };

const PROCESSES: WorkerThreads = { max: 2, youngGenerationMb: 2, processes: true };

describe('the worker pool with child processes (the extension host’s direct writes)', () => {
  let tmp: string;
  let standIn: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-pool-processes-'));
    standIn = path.join(tmp, 'stand-in.js');
    fs.writeFileSync(standIn, STAND_IN);
  });
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs the stand-in on `lists` (one worker each), each with `data`; its messages per worker. */
  async function run(
    threads: WorkerThreads,
    lists: number[][],
    data: Record<string, unknown> = {},
    onMessage?: (m: Message, stop: () => void) => void,
  ): Promise<{ got: Message[][]; ended: WorkerEnd[] }> {
    const got = lists.map((): Message[] => []);
    const pool = startWorkerPool(standIn, threads, lists, (jobs) => ({
      data: { kind: 'stand-in', ...data },
      jobs,
      onMessage: (m: Message) => {
        got[lists.indexOf(jobs)].push(m);
        onMessage?.(m, pool.stop);
      },
    }));
    return { got, ended: await pool.ended };
  }

  const jobsOf = (got: Message[]) => got.flatMap((m) => ('job' in m ? [m.job] : []));

  it('runs each worker in a process of its own at a lower priority, its data without the stop flag, every message it posted taken before it ended', async function () {
    this.timeout(60_000);
    // Enough jobs for several messages each way, with 2 kB of padding a message: a process that
    // ended before its sends were flushed would lose the last ones.
    const lists = [0, 1].map((w) =>
      Array.from({ length: 3 * JOBS_PER_MESSAGE + 7 }, (_, i) => w * 10_000 + i),
    );
    const { got, ended } = await run(PROCESSES, lists, { root: '/r', pad: 2000 });
    assert.deepEqual(ended, [{ exitCode: 0 }, { exitCode: 0 }]);
    const pids = got.map((g) => (g[0] as { pid: number }).pid);
    assert.ok(pids.every((pid) => pid !== process.pid) && pids[0] !== pids[1], String(pids));
    for (const [w, g] of got.entries()) {
      // Below the host's priority, so that two busy workers do not take two cores from it.
      assert.deepEqual(g[0], {
        data: { kind: 'stand-in', root: '/r', pad: 2000, stop: false },
        pid: pids[w],
        priority: Math.min(os.getPriority() + 10, 19),
      });
      assert.deepEqual(jobsOf(g), lists[w]);
      assert.ok(g.slice(1).every((m) => 'pad' in m && m.pad.length === 2000));
    }
  });

  it('the same worker runs as a thread with the stop flag (the command line’s)', async function () {
    this.timeout(30_000);
    const { got, ended } = await run({ max: 1 }, [[1, 2, 3]]);
    assert.deepEqual(ended, [{ exitCode: 0 }]);
    assert.deepEqual(got[0][0], {
      data: { kind: 'stand-in', stop: true },
      pid: process.pid,
      priority: os.getPriority(),
    });
    assert.deepEqual(jobsOf(got[0]), [1, 2, 3]);
  });

  it('stops a process between two jobs, by a message', async function () {
    this.timeout(30_000);
    const { got, ended } = await run(PROCESSES, [[1, 2, 3, 4]], { waitAfter: true }, (m, stop) => {
      if ('job' in m) stop();
    });
    assert.deepEqual(ended, [{ exitCode: 0 }]);
    assert.deepEqual(jobsOf(got[0]), [1]);
  });

  it('reports a process that crashes with its error, and the other finishes', async function () {
    this.timeout(30_000);
    const lists = [
      [10, 11, 12, 13],
      [20, 21, 22],
    ];
    const { got, ended } = await run(PROCESSES, lists, { crashAt: 12 });
    assert.ok('error' in ended[0], JSON.stringify(ended[0]));
    assert.match(ended[0].error.message, /^Error: crashed at 12$/);
    assert.deepEqual(ended[1], { exitCode: 0 });
    // Nothing after the crash; what came before, in order.
    const before = jobsOf(got[0]);
    assert.deepEqual(before, [10, 11].slice(0, before.length));
    assert.deepEqual(jobsOf(got[1]), [20, 21, 22]);
  });

  it('reports a process that cannot start, and one stopped before its start', async function () {
    this.timeout(30_000);
    const missing = startWorkerPool(path.join(tmp, 'missing.js'), PROCESSES, [[1]], (jobs) => ({
      data: { kind: 'stand-in' },
      jobs,
      onMessage: () => undefined,
    }));
    const [end] = await missing.ended;
    assert.ok(
      'error' in end && end.error.message.includes('Cannot find module'),
      JSON.stringify(end),
    );
    const stopped = startWorkerPool(standIn, PROCESSES, [[1]], (jobs) => ({
      data: { kind: 'stand-in' },
      jobs,
      onMessage: () => undefined,
    }));
    stopped.stop();
    assert.deepEqual(await stopped.ended, [{ notStarted: true }]);
  });
});
