// Runs inside the extension host (extensionTestsPath of bench/workspace/run.ts): times the
// workspace command's phases on the generated workspace (the scan up to the dialog, the
// dialog's Replace to disk, the Undo) and samples the host's memory and event loop. Prints one
// table; fails only if the results are wrong (every URL found, written and put back).
import * as vscode from 'vscode';
import { checkFresh, countEdits, loadTexts } from '../../src/extension/workspace/apply';
import { writeDirect } from '../../src/extension/workspace/direct';
import { undoWorkspaceChange } from '../../src/extension/workspace/undo';
import { listWorkspaceFiles, scanFiles } from '../../src/extension/workspace/scan';
import { vscodeWalkFileSystem } from '../../src/extension/workspace/fs';
import { Config } from '../../src/extension/config';
import { makeTransform } from '../../src/shared/transforms';
import { DEFAULT_MAX_FILE_SIZE } from '../../src/shared/file-size-limit';
import { heapSnapshot, profiled } from './profile';
import { memoryTimeline } from './memory';
import { eventLoop } from '../../src/shared/time-slice';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/**
 * The host's young generation (new space, committed), read at each step's end: V8 doubles it
 * once enough has survived its scavenges (docs/benchmarks.md, issue 28), which this row shows
 * without AMP_URL_BENCH_MEMORY's timeline (whose own sampling adds survivors).
 */
function youngGeneration(): number {
  return v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space')?.space_size ?? 0;
}

/** Samples RSS and heap and the longest event-loop gap (how long the host was busy at a time). */
function watch(): { stop: () => { rss: number; heap: number; gap: number; cpu: number } } {
  // CPU time of the whole process (its worker threads too), in ms: less bent by a loaded machine
  // than wall time.
  const cpu0 = process.cpuUsage();
  let rss = 0;
  let heap = 0;
  let gap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      const cpu = process.cpuUsage(cpu0);
      return {
        rss,
        heap,
        gap: Math.max(gap, performance.now() - last),
        cpu: (cpu.user + cpu.system) / 1000,
      };
    },
  };
}

const clock = eventLoop;

const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Time to run `op` on every uri, `parallel` at a time (AMP_URL_BENCH_PROBE: where the scan's time goes). */
async function probe(
  uris: readonly vscode.Uri[],
  parallel: number,
  op: (u: vscode.Uri) => Thenable<unknown>,
): Promise<number> {
  const t = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < uris.length) await op(uris[next++]);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return performance.now() - t;
}

async function probes(uris: readonly vscode.Uri[]): Promise<void> {
  for (const n of [16, 64, 256]) {
    const st = await probe(uris, n, (u) => vscode.workspace.fs.stat(u));
    const rd = await probe(uris, n, (u) => vscode.workspace.fs.readFile(u));
    console.log(`  probe: ${n} in flight: stat all ${s(st)}, readFile all ${s(rd)}`);
  }
}

/**
 * AMP_URL_BENCH_LISTING_AB: the listing through workspace.fs against the one the command makes
 * (a file: folder walked by Node in the host), alternated in one run, three times each.
 */
async function listingAB(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const [name, fsOf] of [
      ['workspace.fs', vscodeWalkFileSystem],
      ['the command', undefined],
    ] as const) {
      const w = watch();
      const t = performance.now();
      const l = await listWorkspaceFiles('**/*', '', undefined, undefined, fsOf);
      const ms = performance.now() - t;
      const st = w.stop();
      console.log(
        `  listing A/B: ${name.padEnd(12)} ${l.uris.length} files in ${s(ms)}, CPU ${s(st.cpu)}, gap ${Math.round(st.gap)} ms`,
      );
    }
  }
}

/**
 * AMP_URL_BENCH_GC_FIRST=1: two scavenges of the host before the command, so that what survives
 * the command's own scavenges is the command's, not objects VS Code made just before it (a
 * diagnosis: it also sets V8's count of survivors towards growing the young generation).
 */
function scavengeTwice(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (o: { type: 'minor' | 'major' }) => void;
  gc({ type: 'minor' });
  gc({ type: 'minor' });
}

export async function run(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0].name ?? '';
  const expected = Number(/-(\d+)$/.exec(folder)?.[1] ?? 10_000);
  await vscode.extensions.getExtension('amp-url-toolkit.amp-url-toolkit')?.activate();
  const config = new Config();
  const settings = config.settings;
  // The harness shows the host's output from a line starting "VS Code " on.
  console.log(`VS Code ${vscode.version} (${vscode.env.appName}): workspace benchmark`);
  if (process.env.AMP_URL_BENCH_PROBE) await probes((await listWorkspaceFiles('**/*', '')).uris);
  if (process.env.AMP_URL_BENCH_LISTING_AB) await listingAB();
  if (process.env.AMP_URL_BENCH_GC_FIRST) scavengeTwice();
  const before = process.memoryUsage();
  const youngBefore = youngGeneration();
  // AMP_URL_BENCH_MEMORY=1: where the host's memory is, step by step (memory.ts).
  let memory = memoryTimeline('scan');
  const w = watch();
  const t0 = performance.now();
  // AMP_URL_BENCH_PROFILE=<folder>: the listing's CPU profile and its gaps over 30 ms. The walk's
  // own watch starts inside, once the profiler runs (its start is a gap of its own).
  let listingGap = 0;
  const uris = await profiled('listing', async () => {
    const listing = watch(); // the walk alone (issue 20: no step over 50 ms)
    const listed = await listWorkspaceFiles('**/*', '');
    listingGap = listing.stop().gap;
    return listed.uris;
  });
  const t1 = performance.now();
  const scan = await profiled('scan', () =>
    scanFiles(uris, {
      include: '**/*',
      exclude: '',
      target: 'publisher',
      transform: makeTransform('publisher', settings),
      // As the command passes them: the files on disk are scanned in worker threads (issue 28).
      settings: process.env.AMP_URL_BENCH_SCAN_ON_HOST ? undefined : settings,
      caches: settings.caches,
      maxFileSize: DEFAULT_MAX_FILE_SIZE,
    }),
  );
  const t2 = performance.now();
  // The freshness check and the counts apart in the timeline (which of them makes objects survive).
  await memory();
  memory = memoryTimeline('check');
  // What the command does before its dialog: the freshness check, the texts, the edit it counts.
  const { fresh, stale } = await checkFresh(scan.planned, DEFAULT_MAX_FILE_SIZE);
  const tChecked = performance.now();
  // As the command: the texts it keeps for the editor's files, the counts its dialog asks with.
  await loadTexts(fresh, DEFAULT_MAX_FILE_SIZE);
  const counted = await countEdits(fresh, undefined, clock);
  const t3 = performance.now();
  const scanStats = w.stop();
  const youngScan = youngGeneration();
  await memory();
  // What the host holds while the dialog waits (AMP_URL_BENCH_HEAP=<folder>).
  heapSnapshot('dialog');
  const scanRows: [string, string][] = [
    [
      'files listed (walk: excludes, ignore files)',
      `${uris.length} in ${s(t1 - t0)}, longest event-loop gap ${Math.round(listingGap)} ms`,
    ],
    ['scan + plan (read, decode, find, convert)', s(t2 - t1)],
    [
      'freshness check + texts + counted edit',
      `${counted.changes} edits in ${s(t3 - t2)} (the check ${s(tChecked - t2)})`,
    ],
    ['command to dialog in total', s(t3 - t0)],
  ];
  for (const [k, v] of scanRows) console.log(`  ${k.padEnd(44)} ${v}`);
  if (process.env.AMP_URL_BENCH_NO_APPLY) {
    // Scan only (quick iterations): the scan's peak memory and longest event-loop gap.
    console.log(
      `  ${'peak RSS / JS heap / longest event-loop gap'.padEnd(44)} ${mb(scanStats.rss)} / ${mb(scanStats.heap)} / ${Math.round(scanStats.gap)} ms`,
    );
    return;
  }
  // The dialog's Replace (src/extension/workspace/convert.ts writeReplace): the check again, then the direct
  // writes of the files no editor holds (all of them here); none is left for a WorkspaceEdit.
  memory = memoryTimeline('replace');
  const w2 = watch();
  const t4 = performance.now();
  const { again, direct } = await profiled('replace', async () => {
    const again = await checkFresh(fresh, DEFAULT_MAX_FILE_SIZE);
    return { again, direct: await writeDirect(again.fresh, undefined, DEFAULT_MAX_FILE_SIZE) };
  });
  const t5 = performance.now();
  const applyStats = w2.stop();
  const youngReplace = youngGeneration();
  await memory();
  // What the host holds after the Replace, the undo's records among it (AMP_URL_BENCH_HEAP).
  heapSnapshot('replaced');
  memory = memoryTimeline('undo');
  const w3 = watch();
  const t6 = performance.now();
  const undone = await profiled('undo', () => undoWorkspaceChange());
  const t7 = performance.now();
  const undoStats = w3.stop();
  const youngUndo = youngGeneration();
  await memory();
  const rows: [string, string][] = [
    [
      'Replace to disk (check again + direct writes)',
      `${direct.written.length} files in ${s(t5 - t4)}`,
    ],
    ['Undo Last Workspace Change', `${undone.restored} files put back in ${s(t7 - t6)}`],
    [
      'peak extension-host RSS (scan / Replace / Undo)',
      `${mb(scanStats.rss)} / ${mb(applyStats.rss)} / ${mb(undoStats.rss)} (before: ${mb(before.rss)}, heap ${mb(before.heapUsed)})`,
    ],
    [
      'host young generation after scan / Replace / Undo',
      `${mb(youngScan)} / ${mb(youngReplace)} / ${mb(youngUndo)} (before: ${mb(youngBefore)})`,
    ],
    [
      'peak JS heap (scan / Replace / Undo)',
      `${mb(scanStats.heap)} / ${mb(applyStats.heap)} / ${mb(undoStats.heap)}`,
    ],
    [
      'extension-host CPU time (scan / Replace / Undo)',
      `${s(scanStats.cpu)} / ${s(applyStats.cpu)} / ${s(undoStats.cpu)}`,
    ],
    [
      'longest event-loop gap (scan / Replace / Undo)',
      `${Math.round(scanStats.gap)} ms / ${Math.round(applyStats.gap)} ms / ${Math.round(undoStats.gap)} ms`,
    ],
  ];
  for (const [k, v] of rows) console.log(`  ${k.padEnd(44)} ${v}`);
  config.dispose();
  const problems = [
    uris.length !== expected && `found ${uris.length} files, expected ${expected}`,
    counted.changes !== expected && `planned ${counted.changes} edits, expected ${expected}`,
    stale.length + again.stale.length > 0 &&
      `${stale.length + again.stale.length} files reported changed`,
    direct.written.length !== expected &&
      `wrote ${direct.written.length} files directly, expected ${expected}`,
    undone.restored !== direct.written.length && `put back ${undone.restored} files`,
  ].filter(Boolean);
  if (problems.length) throw new Error(problems.join('; '));
}
