// The worker's side of worker-pool.ts: a pool's worker, whether a thread or a child process, gets
// its data, its messages and the pool's stop, and posts back, through one PoolPort. A thread reads
// the stop from the flag it shares with the pool; a process has no memory to share, so the pool
// sends it a stop message, which the worker reads between two jobs when it takes one job per turn
// of its event loop.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { POOL_PROCESS_ARG, type PoolProcessMessage } from './worker-pool';

export interface PoolPort<In, Out> {
  /** True once the pool asked its workers to stop. */
  stopped(): boolean;
  post(message: Out): void;
  /**
   * Ends the worker once every message it posted is on its way: a process disconnects only when
   * each send is confirmed written, so none is lost with the process.
   */
  close(): void;
  /** The pool's messages after the worker's data (PoolJobs, for a pool that hands out jobs). */
  onMessage(handler: (message: In) => void): void;
}

type Serve = (data: object, port: PoolPort<unknown, unknown>) => void;

function threadPort(port: MessagePort, stop: SharedArrayBuffer): PoolPort<unknown, unknown> {
  const flag = new Int32Array(stop);
  return {
    stopped: () => Atomics.load(flag, 0) !== 0,
    post: (m) => {
      port.postMessage(m);
    },
    close: () => {
      port.close();
    },
    onMessage: (handler) => port.on('message', handler),
  };
}

/** The port of this child process, and where its messages after the data go. */
function processPort(send: NonNullable<typeof process.send>): {
  port: PoolPort<unknown, unknown>;
  take: (m: unknown) => void;
} {
  let handler: ((message: unknown) => void) | undefined;
  let stop = false;
  let unconfirmed = 0;
  let closing = false;
  const disconnectWhenSent = () => {
    if (closing && unconfirmed === 0 && process.connected) process.disconnect();
  };
  // The pool gone (the extension host ended): stop between two jobs, as when asked.
  process.on('disconnect', () => {
    stop = true;
  });
  const port: PoolPort<unknown, unknown> = {
    stopped: () => stop,
    post: (m) => {
      if (!process.connected) return;
      unconfirmed++;
      send(m, undefined, undefined, () => {
        unconfirmed--;
        disconnectWhenSent();
      });
    },
    close: () => {
      closing = true;
      disconnectWhenSent();
    },
    onMessage: (h) => {
      handler = h;
    },
  };
  const take = (m: unknown) => {
    if ((m as { stop?: unknown }).stop === true) stop = true;
    else handler?.(m);
  };
  return { port, take };
}

/**
 * Serves this thread or process with `serve` if it is a pool's worker of `kind` (its data's
 * `kind`): in a thread at once, in a child process once its data has come.
 */
export function servePool<Data extends { kind: string }, In, Out>(
  kind: Data['kind'],
  serve: (data: Data, port: PoolPort<In, Out>) => void,
): void {
  const run = serve as unknown as Serve;
  if (parentPort) {
    const data = workerData as ({ kind?: unknown; stop: SharedArrayBuffer } & object) | undefined;
    if (data?.kind === kind) run(data, threadPort(parentPort, data.stop));
    return;
  }
  const send = process.send?.bind(process);
  if (!send || !process.argv.includes(POOL_PROCESS_ARG)) return;
  // One bundle may hold several kinds of worker (editor-workers.ts): each looks at the data.
  let take: ((m: unknown) => void) | undefined;
  process.on('message', (m: PoolProcessMessage) => {
    if (take) take(m);
    else if ('data' in m && (m.data as { kind?: unknown }).kind === kind) {
      const served = processPort(send);
      take = served.take;
      run(m.data, served.port);
    }
  });
}
