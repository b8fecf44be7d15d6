// The workspace scan's worker threads (issue 28): on the same files, the plan made in a worker
// (read confined, prefiltered, decoded, planned, hashed) is the plan the host makes of the text
// VS Code reads (planFile of the strict UTF-8 text), with the same skips, hashes, sizes and times;
// what only VS Code can read, and what is not a regular file, is left to the host.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runScanWorkers } from '../../../src/node/scan-workers';
import { statOnDisk } from '../../../src/node/scan-stat';
import {
  fileScanner,
  scanBytes,
  type ScanOutcome,
  type ScanSettings,
} from '../../../src/shared/scan-bytes';
import { readSettings } from '../../../src/shared/settings';
import { parseRepoConfig } from '../../../src/shared/suppress/repo-config';
import { makeTransform } from '../../../src/shared/transforms';
import { textHash } from '../../../src/shared/text-hash';
import { planFile, type WorkspaceTarget } from '../../../src/shared/workspace-plan';
import { languageOfPath } from '../../../src/shared/language-of-path';

const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
const VIEWER = 'https://www.google.com/amp/s/example.com/page.html';
const PUB = 'https://example.com/amp_document.html';
const settings = readSettings(() => undefined, true);
const scanSettings = (
  target: WorkspaceTarget,
  extra: Partial<ScanSettings> = {},
): ScanSettings => ({
  target,
  transform: settings,
  maxFileSize: 100_000,
  ...extra,
});
// The worker file tsc compiled beside this module's (out/src/node/), and the planner it requires
// (in the .vsix, the extension bundle: test/cli/package-size.test.ts runs that one).
const WORKER = {
  worker: path.join(__dirname, '../../../src/node/scan-worker.js'),
  planner: path.join(__dirname, '../../../src/shared/scan-bytes.js'),
};
/** The planner that holds each worker after its first message until the stop (held-planner.ts). */
const HELD_PLANNER = path.join(__dirname, 'held-planner.js');

/** The host's plan of `text` (the file's strict UTF-8 reading), for the file `rel`. */
function hostPlan(text: string, rel: string, target: WorkspaceTarget) {
  return planFile(
    text,
    target,
    makeTransform(target, settings),
    settings.caches,
    undefined,
    languageOfPath(rel),
  );
}

/** Files of every kind the scan meets, by name: their bytes. */
const FILES: Record<string, string | Buffer> = {
  'a.md': `see ${CACHE} and ${PUB}\n`,
  'b.html': `<a href="${CACHE}?x=1&amp;y=2">x</a>\r\n<a href="${VIEWER}">v</a>\r\n`,
  'plain.txt': `nothing here but ${PUB} and https://example.org/\n`,
  'bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`x ${CACHE}\n`)]),
  'lone-cr.md': `one ${CACHE}\rtwo\n`,
  'binary.bin': Buffer.concat([Buffer.from(CACHE), Buffer.from([0, 1, 2])]),
  'big.md': `${CACHE}\n${'z'.repeat(100_001)}`,
  'latin1-no-amp.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x0a]),
  'latin1-amp.txt': Buffer.concat([Buffer.from([0xe9, 0x20]), Buffer.from(`${CACHE}\n`)]),
  'utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`x ${CACHE}\n`, 'utf16le')]),
  'many.md': Array.from({ length: 70 }, (_, i) => `${i} ${CACHE}`).join('\n'),
  'look-alike.md': `https://evil-com.cdn.ampproject.org/c/s/example.com/x\n`,
};

describe('the workspace scan in worker threads (issue 28)', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-scan-'));
    for (const [name, bytes] of Object.entries(FILES))
      fs.writeFileSync(path.join(tmp, name), bytes);
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function scanInWorkers(
    rels: string[],
    s: ScanSettings,
  ): Promise<Map<string, ScanOutcome | undefined>> {
    const seen: number[] = [];
    const run = runScanWorkers(tmp, rels, s, (i) => seen.push(i), WORKER);
    const outcomes = await run.done;
    assert.deepEqual(
      seen.sort((a, b) => a - b),
      rels.map((_, i) => i),
    );
    return new Map(rels.map((rel, i) => [rel, outcomes[i]]));
  }

  for (const target of ['publisher', 'cache'] as const)
    it(`plans each file as the host does (${target})`, async () => {
      const rels = Object.keys(FILES);
      const got = await scanInWorkers(rels, scanSettings(target));
      for (const rel of ['a.md', 'b.html', 'many.md', 'look-alike.md', 'plain.txt']) {
        const text = fs.readFileSync(path.join(tmp, rel), 'utf8');
        const want = hostPlan(text, rel, target);
        const o = got.get(rel);
        if (want.edits.length === 0) {
          assert.deepEqual(o, { skipped: want.skipped }, rel);
          continue;
        }
        assert.ok(o?.planned, rel);
        assert.deepEqual(o.planned.plan, want, rel);
        assert.equal(o.planned.hash, textHash(text), rel);
        assert.equal(o.planned.length, text.length, rel);
        assert.equal(o.planned.text, want.edits.length >= 64 ? text : undefined, rel);
        // What VS Code's workspace.fs.stat gives: mtime, size, ctime (the birth time).
        const st = fs.statSync(path.join(tmp, rel));
        assert.deepEqual(o.planned.stat, {
          mtime: st.mtime.getTime(),
          size: st.size,
          identity: String(st.birthtime.getTime()),
        });
      }
      // The BOM is not part of the text, as in VS Code's document.
      const bom = got.get('bom.md');
      if (target === 'publisher') {
        assert.deepEqual(bom?.planned?.plan, hostPlan(`x ${CACHE}\n`, 'bom.md', target));
        assert.deepEqual(got.get('lone-cr.md'), { skip: 'lineEndings' });
        // Bytes only VS Code can read, with edits planned: the host's.
        assert.deepEqual(got.get('latin1-amp.txt'), { host: true });
        assert.deepEqual(got.get('utf16.md'), { host: true });
      }
      assert.deepEqual(got.get('binary.bin'), { skip: 'binary' });
      assert.deepEqual(got.get('big.md'), { skip: 'tooLarge' });
      assert.deepEqual(got.get('latin1-no-amp.txt'), { skipped: [] });
    });

  it("leaves links and special files to the host, and applies the folder's .amp-url.json", async () => {
    fs.symlinkSync(path.join(tmp, 'a.md'), path.join(tmp, 'link.md'));
    fs.mkdirSync(path.join(tmp, 'dir'));
    const config = parseRepoConfig(
      JSON.stringify({ ignoreUrls: ['https://*.cdn.ampproject.org/c/s/example.com/*'] }),
    );
    const got = await scanInWorkers(
      ['link.md', 'dir', 'gone.md', 'a.md'],
      scanSettings('publisher', { config }),
    );
    assert.deepEqual(got.get('link.md'), { host: true });
    assert.deepEqual(got.get('dir'), { host: true });
    assert.deepEqual(got.get('gone.md'), { host: true });
    assert.deepEqual(got.get('a.md'), { skipped: [] });
  });

  it("prefilters on the bytes: a file without an AMP host plans nothing, as the host's plan", () => {
    const s = fileScanner(scanSettings('publisher'));
    for (const text of [`${PUB} https://cdn.ampproject.org.example/x`, 'amp ampproject.org', ''])
      assert.deepEqual(scanBytes(Buffer.from(text), 'x.md', s), {
        skipped: hostPlan(text, 'x.md', 'publisher').skipped,
      });
  });

  // In the .vsix the worker plans with the extension bundle (src/extension/main.ts its entry),
  // in a thread where there is no `vscode` module: loading the entry must not need it.
  it("plans with the extension's entry module, which loads without vscode", async () => {
    const entry = path.join(__dirname, '../../../src/extension/main.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module the worker loads
    const main = require(entry) as { scanBytes: unknown; activate: unknown };
    assert.equal(main.scanBytes, scanBytes);
    assert.equal(typeof main.activate, 'function');
    const rels = ['a.md', 'b.html', 'look-alike.md', 'binary.bin'];
    const s = scanSettings('publisher');
    const outcomes = await runScanWorkers(tmp, rels, s, () => undefined, {
      ...WORKER,
      planner: entry,
    }).done;
    rels.forEach((rel, i) => {
      const want = scanBytes(fs.readFileSync(path.join(tmp, rel)), rel, fileScanner(s));
      const got = outcomes[i];
      if (got?.planned) got.planned.stat = { mtime: 0, size: 0, identity: '' };
      assert.deepEqual(got, want, rel);
    });
    assert.ok(outcomes[0]?.planned);
  });

  // The freshness check's stat: the fields the scan kept (and workspace.fs.stat gives), the
  // entry itself (a link is a link, whatever it points at), a rejection when it is gone.
  it('stats a path as the freshness check compares it, without following a link', async () => {
    fs.symlinkSync(path.join(tmp, 'a.md'), path.join(tmp, 'link.md'));
    fs.symlinkSync(tmp, path.join(tmp, 'dir-link'));
    fs.mkdirSync(path.join(tmp, 'dir'));
    const st = fs.statSync(path.join(tmp, 'a.md'));
    assert.deepEqual(await statOnDisk(path.join(tmp, 'a.md')), {
      kind: 'file',
      mtime: st.mtime.getTime(),
      ctime: st.birthtime.getTime(),
      size: st.size,
    });
    const [scanned] = (await scanInWorkers(['a.md'], scanSettings('publisher'))).values();
    const disk = await statOnDisk(path.join(tmp, 'a.md'));
    assert.deepEqual(scanned?.planned?.stat, {
      mtime: disk.mtime,
      size: disk.size,
      identity: String(disk.ctime),
    });
    assert.equal((await statOnDisk(path.join(tmp, 'link.md'))).kind, 'symlink');
    assert.equal((await statOnDisk(path.join(tmp, 'dir-link'))).kind, 'symlink');
    assert.equal((await statOnDisk(path.join(tmp, 'dir'))).kind, 'directory');
    await assert.rejects(statOnDisk(path.join(tmp, 'gone.md')));
  });

  it('stops between two files', async () => {
    const rels = Array.from({ length: 600 }, (_, i) => `n${i}.md`);
    for (const rel of rels) fs.writeFileSync(path.join(tmp, rel), `${CACHE}\n`);
    const stopper = {
      stop: () => {
        /* set below */
      },
    };
    const run = runScanWorkers(
      tmp,
      rels,
      scanSettings('publisher'),
      () => {
        stopper.stop();
      },
      { ...WORKER, planner: HELD_PLANNER },
    );
    stopper.stop = run.stop;
    const outcomes = await run.done;
    assert.ok(
      outcomes.some((o) => o === undefined),
      'nothing was stopped',
    );
    assert.ok(
      outcomes.every((o) => o === undefined || o.planned !== undefined),
      JSON.stringify(outcomes.find((o) => o !== undefined && o.planned === undefined)),
    );
  });
});
