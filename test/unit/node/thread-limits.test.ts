// The worker threads the extension host starts (issue 28): its direct writes run on at most two
// workers, each with a small young generation, where `amp-url check --fix` keeps four of V8's
// default size. A stand-in worker reports, for each job, the thread it ran on and its limits.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runDirectWrites } from '../../../src/node/direct-writes';
import { CLI_THREADS, EDITOR_THREADS } from '../../../src/node/thread-limits';
import type { WriteJob, WriteOutcome } from '../../../src/node/write-jobs';

const REPORTER = `
const { parentPort, threadId, resourceLimits } = require('node:worker_threads');
let index = 0;
parentPort.on('message', (m) => {
  if (m.end) return parentPort.close();
  for (const job of m.jobs) parentPort.postMessage({
    index: index++,
    outcome: { written: true, encoding: 'utf8', before: String(threadId), after: JSON.stringify(resourceLimits) },
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

  async function threadsOf(
    run: (onOutcome: (i: number, o: WriteOutcome) => void) => { done: Promise<unknown> },
  ): Promise<{ threads: Set<string>; young: Set<number> }> {
    const threads = new Set<string>();
    const young = new Set<number>();
    await run((_, o) => {
      if (!o.written) return;
      threads.add(o.before);
      young.add(
        (JSON.parse(o.after) as { maxYoungGenerationSizeMb: number }).maxYoungGenerationSizeMb,
      );
    }).done;
    return { threads, young };
  }

  it('the editor: two workers at most, each with the small young generation', async () => {
    const got = await threadsOf((on) => runDirectWrites(tmp, jobs, on, reporter, EDITOR_THREADS));
    assert.equal(got.threads.size, 2);
    assert.deepEqual([...got.young], [EDITOR_THREADS.youngGenerationMb]);
  });

  it('the command line: four workers of V8 default size', async () => {
    const got = await threadsOf((on) => runDirectWrites(tmp, jobs, on, reporter));
    assert.equal(got.threads.size, CLI_THREADS.max);
    assert.equal(CLI_THREADS.max, 4);
    assert.ok(
      ![...got.young].includes(EDITOR_THREADS.youngGenerationMb ?? 0),
      [...got.young].join(),
    );
  });
});
