// The workspace commands' direct writes (issue 28): a job rewrites a file only when it still
// decodes to the text planned on, byte for byte elsewhere; its undo gives back every byte and
// refuses a file changed since; the worker threads do the same on real files.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runDirectWrites, splitByFolder } from '../../../src/node/direct-writes';
import { ConfinedFiles } from '../../../src/node/safe-file';
import { CLI_THREADS, EDITOR_PROCESSES, type WorkerThreads } from '../../../src/node/thread-limits';
import { checkJob, runJob } from '../../../src/node/write-worker';
import type { WriteJob, WriteOutcome } from '../../../src/node/write-jobs';
import { applyTextEdits } from '../../../src/shared/file-bytes';
import { textHash } from '../../../src/shared/text-hash';
import { undoEdits, type EditWithOld } from '../../../src/shared/undo-edits';

const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const PUB = 'https://example.com/amp_document.html';

/** The job that replaces every CACHE in `text` with PUB, and the edits with their old text. */
function jobFor(rel: string, text: string): { job: WriteJob; edits: EditWithOld[] } {
  const edits: EditWithOld[] = [];
  for (let i = text.indexOf(CACHE); i >= 0; i = text.indexOf(CACHE, i + 1))
    edits.push({ start: i, end: i + CACHE.length, newText: PUB, oldText: CACHE });
  return {
    job: {
      rel,
      expect: {
        hash: textHash(text),
        length: text.length,
        size: Buffer.byteLength(text),
        mtime: 0,
      },
      edits: edits.map(({ start, end, newText }) => ({ start, end, newText })),
      maxSize: 1e7,
    },
    edits,
  };
}

describe('direct writes of the workspace commands (issue 28)', () => {
  let tmp: string;
  let files: ConfinedFiles;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-direct-'));
    files = new ConfinedFiles(tmp);
  });
  afterEach(() => {
    files.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('undoEdits turns the edited text back into the text, for edits that grow and shrink', () => {
    const text = `a ${CACHE} b ${CACHE}\r\n c`;
    const edits: EditWithOld[] = [
      { start: 2, end: 2 + CACHE.length, newText: PUB, oldText: CACHE },
      {
        start: 5 + CACHE.length,
        end: 5 + 2 * CACHE.length,
        newText: 'x'.repeat(200),
        oldText: CACHE,
      },
    ];
    assert.equal(applyTextEdits(applyTextEdits(text, edits), undoEdits(edits)), text);
  });

  it('a job rewrites the file (BOM, CRLF, mixed endings and other bytes kept); its undo gives back every byte', () => {
    const original = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`é ${CACHE}\r\nlone\rcr ${CACHE}\n`),
    ]);
    fs.writeFileSync(path.join(tmp, 'a.md'), original);
    const text = original.subarray(3).toString('utf8');
    const { job, edits } = jobFor('a.md', text);
    const done = runJob(files, job);
    assert.ok(done.written);
    const after = fs.readFileSync(path.join(tmp, 'a.md'));
    assert.deepEqual(
      after,
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`é ${PUB}\r\nlone\rcr ${PUB}\n`),
      ]),
    );
    const undo = runJob(files, {
      rel: 'a.md',
      expect: { sha256: done.after },
      edits: undoEdits(edits),
      resultSha256: done.before,
      maxSize: 1e7,
    });
    assert.ok(undo.written);
    assert.deepEqual(fs.readFileSync(path.join(tmp, 'a.md')), original);
  });

  it('a job leaves a file edited since the scan (changed), the editor a file read another way (notPlanned), the undo a file changed since (changed)', () => {
    const text = `x ${CACHE}\n`;
    fs.writeFileSync(path.join(tmp, 'b.md'), `PR${text}`);
    const { job } = jobFor('b.md', text);
    assert.deepEqual(runJob(files, job), { written: false, reason: 'changed' });
    // Same size and time as the scan saw, another text: VS Code read it in another encoding.
    const st = fs.statSync(path.join(tmp, 'b.md'));
    const asScanned = {
      ...job,
      expect: { ...job.expect, size: st.size, mtime: Math.trunc(st.mtimeMs) },
    };
    assert.deepEqual(runJob(files, asScanned), { written: false, reason: 'notPlanned' });
    // VS Code's stat rounds to whole milliseconds (Node's Date), where a truncation would
    // differ: a time 0.7 ms past a millisecond is still the scan's.
    fs.utimesSync(path.join(tmp, 'b.md'), 1_700_000_000.0127, 1_700_000_000.0127);
    const rounded = Math.round(fs.statSync(path.join(tmp, 'b.md')).mtimeMs);
    assert.notEqual(rounded, Math.trunc(fs.statSync(path.join(tmp, 'b.md')).mtimeMs));
    const asVsCodeSaw = { ...job, expect: { ...asScanned.expect, mtime: rounded } };
    assert.deepEqual(runJob(files, asVsCodeSaw), { written: false, reason: 'notPlanned' });
    assert.equal(fs.readFileSync(path.join(tmp, 'b.md'), 'utf8'), `PR${text}`);
    fs.writeFileSync(path.join(tmp, 'c.md'), text);
    const first = jobFor('c.md', text);
    const done = runJob(files, first.job);
    assert.ok(done.written);
    fs.appendFileSync(path.join(tmp, 'c.md'), 'more\n');
    const undo = runJob(files, {
      rel: 'c.md',
      expect: { sha256: done.after },
      edits: undoEdits(first.edits),
      resultSha256: done.before,
      maxSize: 1e7,
    });
    assert.deepEqual(undo, { written: false, reason: 'changed' });
    assert.equal(fs.readFileSync(path.join(tmp, 'c.md'), 'utf8'), `x ${PUB}\nmore\n`);
  });

  it('a job refuses a file swapped for a link and a file behind a linked folder; the target keeps its bytes', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-direct-out-'));
    try {
      const text = `x ${CACHE}\n`;
      fs.writeFileSync(path.join(outside, 't.md'), text);
      fs.symlinkSync(path.join(outside, 't.md'), path.join(tmp, 'l.md'));
      fs.symlinkSync(outside, path.join(tmp, 'd'));
      assert.equal(runJob(files, jobFor('l.md', text).job).written, false);
      assert.equal(runJob(files, jobFor('d/t.md', text).job).written, false);
      assert.equal(fs.readFileSync(path.join(outside, 't.md'), 'utf8'), text);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a check after a worker died finds a job not done (null), done (with the hashes an undo needs), or the file changed otherwise', () => {
    const original = Buffer.from(`\ufeffé ${CACHE}\r\nmore ${CACHE}\n`);
    const text = original.toString('utf8').slice(1);
    fs.writeFileSync(path.join(tmp, 'c.md'), original);
    const { job, edits } = jobFor('c.md', text);
    const withOld = { ...job, edits };
    assert.equal(checkJob(files, withOld), null);
    const done = runJob(files, withOld);
    assert.ok(done.written);
    assert.deepEqual(checkJob(files, withOld), done);
    const undo = { ...job, expect: { sha256: done.after }, edits: undoEdits(edits) };
    assert.deepEqual(checkJob(files, { ...undo, resultSha256: done.before }), null);
    // The new text's place holds something else of its length: not this job's result.
    const written = fs.readFileSync(path.join(tmp, 'c.md'), 'utf8');
    fs.writeFileSync(path.join(tmp, 'c.md'), written.replace(PUB, PUB.toUpperCase()));
    assert.deepEqual(checkJob(files, withOld), { written: false, reason: 'changed' });
    // Without the old texts (the command line's jobs) a file not as expected cannot be told.
    fs.writeFileSync(path.join(tmp, 'c.md'), written);
    assert.deepEqual(checkJob(files, job), {
      written: false,
      reason: 'failed',
      code: 'worker ended',
    });
    // An undo's result is known by its hash.
    fs.writeFileSync(path.join(tmp, 'c.md'), original);
    assert.deepEqual(checkJob(files, { ...undo, resultSha256: done.before }), {
      written: true,
      encoding: 'utf8bom',
      before: done.after,
      after: done.before,
    });
  });

  it("splitByFolder keeps a folder's jobs in one list and spreads folders over the lists", () => {
    const job = (rel: string): WriteJob => ({ rel, expect: { sha256: '' }, edits: [], maxSize: 1 });
    const jobs = ['a/1', 'b/1', 'a/2', 'c/1', 'top', 'b/2', 'a/3'].map(job);
    const lists = splitByFolder(jobs, 3);
    const folderOf = (i: number) => path.posix.dirname(jobs[i].rel);
    for (const f of ['a', 'b', 'c', '.'])
      assert.equal(lists.filter((l) => l.some((i) => folderOf(i) === f)).length, 1, f);
    assert.deepEqual(lists.flat().sort(), [0, 1, 2, 3, 4, 5, 6]);
  });

  // The command line's workers are threads, the extension host's child processes.
  const pools: [string, WorkerThreads][] = [
    ['the worker threads', CLI_THREADS],
    ['the child processes', EDITOR_PROCESSES],
  ];
  for (const [kind, threads] of pools) {
    it(`${kind} write 300 files in 12 folders, each one whole; a stop leaves each file whole or untouched`, async function () {
      this.timeout(60_000);
      const text = (i: number) => `file ${i} ${CACHE}\n${'z'.repeat(i)}\n`;
      const jobs: WriteJob[] = [];
      for (let i = 0; i < 300; i++) {
        const rel = `f${i % 12}/n${i}.md`;
        fs.mkdirSync(path.join(tmp, `f${i % 12}`), { recursive: true });
        fs.writeFileSync(path.join(tmp, rel), text(i));
        jobs.push(jobFor(rel, text(i)).job);
      }
      // The worker file tsc compiled beside this module's (out/src/node/).
      const worker = path.join(__dirname, '../../../src/node/write-worker.js');
      let seen = 0;
      const run = runDirectWrites(tmp, jobs, () => seen++, worker, threads);
      const outcomes = await run.done;
      assert.equal(seen, 300);
      assert.ok(outcomes.every((o) => o?.written));
      for (let i = 0; i < 300; i++)
        assert.equal(
          fs.readFileSync(path.join(tmp, jobs[i].rel), 'utf8'),
          text(i).replace(CACHE, PUB),
        );
      // Again on fresh files, stopped at the first outcome: each file is the original or the fix.
      for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(tmp, jobs[i].rel), text(i));
      const stopper = {
        stop: () => {
          /* set below */
        },
      };
      const second = runDirectWrites(
        tmp,
        jobs,
        () => {
          stopper.stop();
        },
        worker,
        threads,
      );
      stopper.stop = second.stop;
      const partial: (WriteOutcome | undefined)[] = await second.done;
      assert.ok(
        partial.some((o) => o === undefined),
        'nothing was stopped',
      );
      for (let i = 0; i < 300; i++) {
        const now = fs.readFileSync(path.join(tmp, jobs[i].rel), 'utf8');
        assert.equal(now, partial[i]?.written ? text(i).replace(CACHE, PUB) : text(i), jobs[i].rel);
      }
      // Stopped before any worker started (Cancel right away): no worker starts, nothing is touched.
      for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(tmp, jobs[i].rel), text(i));
      const third = runDirectWrites(tmp, jobs, () => undefined, worker, threads);
      third.stop();
      assert.ok((await third.done).every((o) => o === undefined));
      for (let i = 0; i < 300; i++)
        assert.equal(fs.readFileSync(path.join(tmp, jobs[i].rel), 'utf8'), text(i), jobs[i].rel);
    });

    it(`one of the ${kind} takes 700 jobs in several messages: each job once, in order, every file written`, async function () {
      this.timeout(60_000);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-handout-'));
      try {
        const text = (i: number) => `${i} ${CACHE}\n`;
        const jobs: WriteJob[] = [];
        for (let i = 0; i < 700; i++) {
          fs.writeFileSync(path.join(dir, `n${i}.md`), text(i));
          jobs.push(jobFor(`n${i}.md`, text(i)).job);
        }
        const worker = path.join(__dirname, '../../../src/node/write-worker.js');
        const order: number[] = [];
        const run = runDirectWrites(dir, jobs, (i) => order.push(i), worker, {
          ...threads,
          max: 1,
        });
        const outcomes = await run.done;
        assert.deepEqual(
          order,
          jobs.map((_, i) => i),
        );
        assert.ok(outcomes.every((o) => o?.written));
        for (let i = 0; i < 700; i++)
          assert.equal(fs.readFileSync(path.join(dir, `n${i}.md`), 'utf8'), `${i} ${PUB}\n`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it(`when one of ${kind} dies after a rename, a check tells the files it wrote from those it did not reach`, async function () {
      this.timeout(60_000);
      const text = (i: number) => `${i} ${CACHE}\n`;
      const jobs: WriteJob[] = [];
      for (let i = 0; i < 40; i++) {
        fs.writeFileSync(path.join(tmp, `n${i}.md`), text(i));
        const { job, edits } = jobFor(`n${i}.md`, text(i));
        jobs.push({ ...job, edits });
      }
      const worker = path.join(__dirname, '../../../src/node/write-worker.js');
      process.env.AMP_URL_TEST_CRASH_AFTER = 'n4.md';
      let outcomes: (WriteOutcome | undefined)[];
      try {
        outcomes = await runDirectWrites(tmp, jobs, () => undefined, worker, threads).done;
      } finally {
        delete process.env.AMP_URL_TEST_CRASH_AFTER;
      }
      const sha = (b: string) => createHash('sha256').update(b).digest('hex');
      for (let i = 0; i < 40; i++) {
        const now = fs.readFileSync(path.join(tmp, `n${i}.md`), 'utf8');
        if (i <= 4) {
          assert.equal(now, text(i).replace(CACHE, PUB));
          assert.deepEqual(outcomes[i], {
            written: true,
            encoding: 'utf8',
            before: sha(text(i)),
            after: sha(now),
          });
        } else {
          assert.equal(now, text(i), `n${i}.md`);
          assert.equal(outcomes[i], undefined, `n${i}.md`);
        }
      }
    });
  }
});
