// The workers of one run, threads or child processes (thread-limits.ts), for the workspace scan
// (scan-workers.ts) and the direct writes (direct-writes.ts, also `amp-url check --fix`): how
// many start, how each starts, gets its jobs, posts back, stops and ends. The calling thread (the
// extension host, or the command line's) only starts workers, hands out jobs and takes messages,
// each step short, so it is never held long. The worker's side is pool-port.ts.
import { eachSliced, eventLoop, sharedSlices, type SliceClock } from '../shared/time-slice';
import { resourceLimits, semiSpaceArgs, type WorkerThreads } from './thread-limits';

/**
 * How many workers a run of `items` starts: one per `perWorker` items (a thread costs a few
 * milliseconds to start and memory while it lives), at least one, at most `max`.
 */
export function poolSize(items: number, perWorker: number, max: number): number {
  return Math.max(1, Math.min(max, Math.ceil(items / perWorker)));
}

/** Jobs per message to a worker: each message is cloned on the calling thread. */
export const JOBS_PER_MESSAGE = 256;

/**
 * A message to a worker that takes its jobs in messages: its next jobs (numbered on from the
 * last), or their end. The jobs come in messages of a few hundred rather than in the worker's
 * data: the data is cloned in one step when the thread starts, which for 5,000 jobs held the
 * calling thread (the extension host) for tens of milliseconds.
 */
export type PoolJobs<Job> = { jobs: Job[] } | { end: true };

/** What one worker of the pool is given. */
export interface PoolWorker<Message, Job> {
  /**
   * Its data (a thread's workerData, a process' first message); a thread's gets `stop` added: the
   * stop flag (see PoolStop).
   */
  data: object;
  /**
   * Its jobs, when it takes them in messages (PoolJobs): handed out after its start, in time
   * slices of the calling thread, JOBS_PER_MESSAGE a message, then their end.
   */
  jobs?: readonly Job[];
  /**
   * What is posted for a job (the job itself when not given), made as its message is: the caller
   * then keeps no message's worth of objects per job for the whole run.
   */
  prepare?: (job: Job) => unknown;
  /** Called on the calling thread with each message the worker posts. */
  onMessage: (message: Message) => void;
}

/**
 * The stop flag every worker finds in its data as `stop`: an Int32Array over this
 * SharedArrayBuffer, whose [0] set to 1 asks the worker to stop between two jobs.
 */
export interface PoolStop {
  stop: SharedArrayBuffer;
}

/**
 * How one worker ended: `exitCode` once it ended (0 when it finished or stopped), `error` when
 * it failed to start or threw (its jobs not done yet stay undone), `notStarted` when the pool
 * was stopped before its start.
 */
export type WorkerEnd = { exitCode: number } | { error: Error } | { notStarted: true };

export interface WorkerPool {
  /** Resolves when every worker has ended, with how each ended: it never rejects for a worker. */
  ended: Promise<WorkerEnd[]>;
  /** Stops every worker between two jobs; a worker not started yet does not start. */
  stop: () => void;
}

/** How much lower a worker process' priority is than its parent's (Unix niceness). */
const WORKER_NICENESS = 10;

/** The argument a pool's child process is started with (pool-port.ts serves it). */
export const POOL_PROCESS_ARG = '--amp-url-pool-worker';

/** A message from the pool to a child process: its data first, then the pool's own. */
export type PoolProcessMessage = { data: object } | { stop: true };

/** A started worker as the pool drives it, a thread or a child process. */
interface Started {
  post: (message: unknown) => void;
  /** Asks a process to stop (a thread reads the pool's stop flag). */
  stop: () => void;
}

/** Posts `jobs` to `worker` in messages of JOBS_PER_MESSAGE, in time slices, then their end. */
async function handOut<Job>(
  worker: Started,
  jobs: readonly Job[],
  prepare: (job: Job) => unknown = (job) => job,
  clock: SliceClock = eventLoop,
): Promise<void> {
  const starts = Array.from({ length: Math.ceil(jobs.length / JOBS_PER_MESSAGE) }, (_, k) => k);
  try {
    await eachSliced(
      starts,
      (k) => {
        const part = jobs.slice(k * JOBS_PER_MESSAGE, (k + 1) * JOBS_PER_MESSAGE).map(prepare);
        worker.post({ jobs: part } satisfies PoolJobs<unknown>);
      },
      clock,
    );
  } finally {
    worker.post({ end: true } satisfies PoolJobs<unknown>);
  }
}

function startThread(
  file: string,
  threads: WorkerThreads,
  data: PoolStop,
  onMessage: (message: unknown) => void,
  ended: (end: WorkerEnd) => void,
): Started {
  // Loaded here, by the first worker: `amp-url check` without --fix never pays for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load
  const threadsApi = require('node:worker_threads') as typeof import('node:worker_threads');
  const worker = new threadsApi.Worker(file, { workerData: data, ...resourceLimits(threads) });
  worker.on('message', onMessage);
  // A worker that fails to start or throws emits `error`, then `exit`: the first tells.
  worker.on('error', (error) => {
    ended({ error });
  });
  worker.on('exit', (exitCode) => {
    ended({ exitCode });
  });
  return {
    post: (m) => {
      worker.postMessage(m);
    },
    stop: () => undefined,
  };
}

/** Keeps the last `max` characters of a child's standard error, for the error it ends with. */
function tail(stream: NodeJS.ReadableStream | null, max = 2000): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-max);
  });
  return () => text;
}

/** The line of a child's standard error that names its error (Node prints the stack). */
function errorLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim());
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.find((l) => l !== '') ?? '';
}

/**
 * A worker process runs below the calling process' priority (the extension host's): on a machine
 * of two cores the two workers would otherwise take the cores from the host, which then waited for
 * one (the longest gaps of its event loop in the scan). Where the system refuses, as it is.
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load
    const os = require('node:os') as typeof import('node:os');
    os.setPriority(pid, Math.min(os.getPriority() + WORKER_NICENESS, 19));
  } catch {
    // Not permitted, or the process has ended already.
  }
}

/**
 * Its data has no stop flag, shared memory not crossing to a process: `stop` sends it a message
 * instead, which it reads between two jobs (pool-port.ts).
 */
function startProcess(
  file: string,
  threads: WorkerThreads,
  data: object,
  onMessage: (message: unknown) => void,
  ended: (end: WorkerEnd) => void,
): Started {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load
  const cp = require('node:child_process') as typeof import('node:child_process');
  const child = cp.fork(file, [POOL_PROCESS_ARG], {
    // Structured clone, as a thread's messages; none of the host's flags (an inspector's port).
    serialization: 'advanced',
    execArgv: semiSpaceArgs(threads),
    // Electron's binary (the desktop host's execPath) runs as Node, as VS Code runs its own;
    // NODE_OPTIONS, meant for the user's own programs, could hold a debugger's --inspect-brk.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', NODE_OPTIONS: undefined },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  lowerPriority(child.pid);
  const stderr = tail(child.stderr);
  // A message that cannot be sent ends the process (a process that has ended already: nothing),
  // rather than leave it waiting for what never comes: its jobs stay undone.
  const send = (m: unknown) => {
    if (!child.connected) return;
    child.send(m as object, undefined, undefined, (error) => {
      if (error) child.kill();
    });
  };
  child.on('message', onMessage);
  child.on('error', (error) => {
    ended({ error });
  });
  // `close` comes once the process has ended and every message it sent has been taken.
  child.on('close', (code, signal) => {
    if (code === 0) ended({ exitCode: 0 });
    else {
      const why = errorLine(stderr()) || `ended with ${signal ?? `exit code ${code}`}`;
      ended({ error: new Error(why) });
    }
  });
  send({ data } satisfies PoolProcessMessage);
  return {
    post: send,
    stop: () => {
      send({ stop: true } satisfies PoolProcessMessage);
    },
  };
}

/**
 * Starts a worker of `file` for each of `shares`, with what `start` makes of its share (called
 * at that worker's start, so the caller's thread does its part then). A worker that fails to
 * start or dies is reported in `ended`; the others go on.
 */
export function startWorkerPool<Share, Message, Job = never>(
  file: string,
  threads: WorkerThreads,
  shares: readonly Share[],
  start: (share: Share) => PoolWorker<Message, Job>,
): WorkerPool {
  const stop = new SharedArrayBuffer(4);
  const stopped = () => Atomics.load(new Int32Array(stop), 0) !== 0;
  const live = new Set<Started>();
  // The workers' hand-outs share one slice: each on its own, their pauses fell due in the same
  // turn of the event loop, which then held two slices (time-slice.ts, sharedSlices).
  const handOutClock: SliceClock = { ...eventLoop, ...sharedSlices() };
  /** Runs one worker on `share`; resolves when it has ended. */
  const run = (share: Share) =>
    new Promise<WorkerEnd>((resolve) => {
      // Stopped before its start: its jobs stay undone.
      if (stopped()) {
        resolve({ notStarted: true });
        return;
      }
      const given = start(share);
      const onMessage = given.onMessage as (message: unknown) => void;
      const onEnd = (end: WorkerEnd) => {
        live.delete(worker);
        resolve(end);
      };
      const worker = threads.processes
        ? startProcess(file, threads, given.data, onMessage, onEnd)
        : startThread(file, threads, { ...given.data, stop }, onMessage, onEnd);
      live.add(worker);
      if (given.jobs) void handOut(worker, given.jobs, given.prepare, handOutClock);
    });
  // One worker started per turn of the event loop, the first not in the caller's turn either
  // (which already holds the loop that made the jobs): a thread's start, with its data cloned,
  // holds the caller's thread.
  const ended = shares.map(async (share, k) => {
    for (let turn = 0; turn <= k; turn++) await new Promise((resolve) => setImmediate(resolve));
    return run(share);
  });
  return {
    ended: Promise.all(ended),
    stop: () => {
      Atomics.store(new Int32Array(stop), 0, 1);
      for (const worker of live) worker.stop();
    },
  };
}
