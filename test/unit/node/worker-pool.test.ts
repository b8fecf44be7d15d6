// The worker pool behind the workspace scan and the direct writes (src/node/worker-pool.ts), with
// real worker threads: stand-in workers (plain scripts in a temporary folder) report what they
// were given, crash on a job, or wait between two jobs until the stop flag is set.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  JOBS_PER_MESSAGE,
  poolSize,
  startWorkerPool,
  type PoolWorker,
  type WorkerEnd,
} from '../../../src/node/worker-pool';

/**
 * Takes its jobs in messages: posts each message's size and each job with its number, ends at
 * their end; throws at the job its data names `crashAt`.
 */
const ECHO = `
const { parentPort, workerData } = require('node:worker_threads');
let index = 0;
parentPort.postMessage({ data: { ...workerData, stop: workerData.stop instanceof SharedArrayBuffer } });
parentPort.on('message', (m) => {
  if (m.end) return parentPort.close();
  parentPort.postMessage({ size: m.jobs.length });
  for (const job of m.jobs) {
    if (job === workerData.crashAt) throw new Error('crashed at ' + job);
    parentPort.postMessage({ index: index++, job });
  }
});
`;

/**
 * Does the jobs of its data one by one, the stop flag read before each; after each job it waits
 * (up to ten seconds) for the stop flag, so that a stop set on its first message comes between
 * its first and second job.
 */
const STEPPER = `
const { parentPort, workerData } = require('node:worker_threads');
const stop = new Int32Array(workerData.stop);
const idle = new Int32Array(new SharedArrayBuffer(4));
for (const job of workerData.jobs) {
  if (Atomics.load(stop, 0) !== 0) break;
  parentPort.postMessage(job);
  const until = Date.now() + 10000;
  while (Atomics.load(stop, 0) === 0 && Date.now() < until) Atomics.wait(idle, 0, 0, 5);
}
`;

type EchoMessage =
  { data: Record<string, unknown> } | { size: number } | { index: number; job: number };

describe('the worker pool of the scan and the direct writes', () => {
  let tmp: string;
  let echo: string;
  let stepper: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-pool-'));
    echo = path.join(tmp, 'echo.js');
    stepper = path.join(tmp, 'stepper.js');
    fs.writeFileSync(echo, ECHO);
    fs.writeFileSync(stepper, STEPPER);
  });
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** An echo worker on `jobs`, its messages collected in `got`. */
  function echoWorker(
    jobs: number[],
    got: EchoMessage[],
    crashAt?: number,
  ): PoolWorker<EchoMessage, number> {
    return { data: { crashAt }, jobs, onMessage: (m) => got.push(m) };
  }

  it('sizes the pool: a worker per so many items, at least one, at most the maximum', () => {
    assert.equal(poolSize(0, 64, 4), 1);
    assert.equal(poolSize(1, 64, 4), 1);
    assert.equal(poolSize(64, 64, 4), 1);
    assert.equal(poolSize(65, 64, 4), 2);
    assert.equal(poolSize(192, 64, 4), 3);
    assert.equal(poolSize(10_000, 64, 4), 4);
    assert.equal(poolSize(10_000, 256, 2), 2);
    assert.equal(poolSize(10_000, 64, 1), 1);
  });

  it('hands out each job once, in order, in messages of at most 256, with the data and stop flag', async () => {
    const jobs = Array.from({ length: 700 }, (_, i) => i);
    const got: EchoMessage[] = [];
    const pool = startWorkerPool(echo, { max: 1 }, [jobs], (list) => ({
      data: { root: '/r' },
      jobs: list,
      onMessage: (m: EchoMessage) => got.push(m),
    }));
    assert.deepEqual(await pool.ended, [{ exitCode: 0 }]);
    assert.deepEqual(got[0], { data: { root: '/r', stop: true } });
    assert.deepEqual(
      got.flatMap((m) => ('size' in m ? [m.size] : [])),
      [JOBS_PER_MESSAGE, JOBS_PER_MESSAGE, 700 - 2 * JOBS_PER_MESSAGE],
    );
    assert.deepEqual(
      got.flatMap((m) => ('job' in m ? [[m.index, m.job]] : [])),
      jobs.map((j) => [j, j]),
    );
  });

  it('starts one worker per turn of the event loop, none in the caller’s turn', async () => {
    const started: number[] = [];
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const pool = startWorkerPool(echo, { max: 3 }, [0, 1, 2], (k) => {
      started.push(k);
      return echoWorker([k], []);
    });
    assert.deepEqual(started, []);
    await turn();
    assert.deepEqual(started, [0]);
    await turn();
    assert.deepEqual(started, [0, 1]);
    await turn();
    assert.deepEqual(started, [0, 1, 2]);
    assert.deepEqual(await pool.ended, [{ exitCode: 0 }, { exitCode: 0 }, { exitCode: 0 }]);
  });

  it('reports a worker that crashes mid-run or cannot start, and the others finish', async function () {
    this.timeout(30_000);
    const crashing: EchoMessage[] = [];
    const healthy: EchoMessage[] = [];
    const pool = startWorkerPool(echo, { max: 2 }, ['crash', 'healthy'], (name) =>
      name === 'crash'
        ? echoWorker([10, 11, 12, 13], crashing, 12)
        : echoWorker([20, 21, 22], healthy),
    );
    const ended = await pool.ended;
    assert.ok('error' in ended[0], JSON.stringify(ended[0]));
    assert.match(ended[0].error.message, /crashed at 12/);
    assert.deepEqual(ended[1], { exitCode: 0 });
    // Nothing after the crash arrives. What it posted before may arrive or not: Node drops a
    // crashed thread's messages not yet delivered (seen once in 15 runs at load 9).
    const beforeCrash = crashing.flatMap((m) => ('job' in m ? [m.job] : []));
    assert.deepEqual(beforeCrash, [10, 11].slice(0, beforeCrash.length));
    assert.deepEqual(
      healthy.flatMap((m) => ('job' in m ? [m.job] : [])),
      [20, 21, 22],
    );
    const missing = startWorkerPool(path.join(tmp, 'missing.js'), { max: 1 }, [0], () =>
      echoWorker([1], []),
    );
    const [end] = await missing.ended;
    assert.ok('error' in end, JSON.stringify(end));
  });

  it('stops its workers between two jobs', async function () {
    this.timeout(30_000);
    const done: number[] = [];
    const pool = startWorkerPool(stepper, { max: 1 }, [[1, 2, 3, 4]], (jobs) => ({
      data: { jobs },
      onMessage: (job: number) => {
        done.push(job);
        pool.stop();
      },
    }));
    assert.deepEqual(await pool.ended, [{ exitCode: 0 }]);
    assert.deepEqual(done, [1]);
  });

  it('starts no worker once stopped, and says so', async () => {
    let starts = 0;
    const pool = startWorkerPool(echo, { max: 2 }, [0, 1], (k) => {
      starts++;
      return echoWorker([k], []);
    });
    pool.stop();
    const ended: WorkerEnd[] = await pool.ended;
    assert.deepEqual(ended, [{ notStarted: true }, { notStarted: true }]);
    assert.equal(starts, 0);
  });
});
