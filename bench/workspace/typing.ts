// Runs inside the extension host (extensionTestsPath of bench/workspace/typing-run.ts), on a
// 10 MB log with 42,000 AMP Cache URLs. Two measurements of how long the host is blocked at a
// time:
//  1. the Problems' own work, alone, in CPU time per step: a run (to the 1,000th problem and
//     over the whole document, as the fix-all does; the longest slice between two pauses) and a
//     lightbulb request beside a problem, beside
//     "before": one pass over the whole document, which the Problems did per keystroke and the
//     lightbulb's fix-all per request before they were chunked (shared/chunked-plan.ts);
//  2. a person's session through the workbench: keystrokes, cursor moves, lightbulb requests,
//     with the Problems off (VS Code alone) and on; per event, the median and the longest
//     event-loop gap (2 ms heartbeat), wall time.
// On a loaded machine wall time includes waiting for a core (the load average is printed): part
// 1's CPU figures, and the medians of part 2 beside VS Code alone, are the ones to compare. A measurement, not an assertion: fails only if the Problems are wrong.
import * as vscode from 'vscode';
import { Config } from '../../src/extension/config';
import { documentSource, publisherEdits } from '../../src/extension/providers/diagnostics';
import { FixAll } from '../../src/extension/providers/fix-all';
import { planInChunks, sliced } from '../../src/shared/chunked-plan';
import type { Settings } from '../../src/shared/settings';
import { makeTransform } from '../../src/shared/transforms';
import { sized } from '../urls';
import { planFile } from '../../src/shared/workspace-plan';

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** A 2 ms heartbeat: `mark()` starts a new window, `windows()` the longest gap of each. */
function heartbeat() {
  const windows: number[] = [];
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 2);
  const close = () => {
    windows.push(Math.max(worst, performance.now() - last));
    worst = 0;
  };
  return {
    mark: close,
    stop: () => {
      close();
      clearInterval(timer);
      return windows.slice(1); // the first window is before the first event
    },
  };
}

/** CPU time of this process (ms): on a loaded machine, wall time includes waiting for a core. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * The Problems' run as placedEdits does it (diagnostics.ts), its slices recorded: the longest
 * one in CPU time is how long it holds the host at a time on an idle machine.
 */
async function slices(doc: vscode.TextDocument, s: Settings, cap?: number) {
  const cpus: number[] = [];
  const walls: number[] = [];
  let c0 = cpu();
  let w0 = performance.now();
  const close = () => {
    cpus.push(cpu() - c0);
    walls.push(performance.now() - w0);
  };
  const chunks = planInChunks(documentSource(doc), {
    target: 'publisher',
    transform: makeTransform('publisher', s),
    caches: s.caches,
    languageId: doc.languageId,
  });
  const t0 = performance.now();
  const edits = await sliced(chunks, {
    cap,
    now: () => performance.now(),
    pause: async () => {
      close();
      await sleep(0);
      c0 = cpu();
      w0 = performance.now();
    },
    keep: (e) => new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)),
  });
  close();
  return {
    edits: edits?.length ?? 0,
    cpu: Math.max(...cpus),
    wall: Math.max(...walls),
    slices: cpus.length,
    total: performance.now() - t0,
  };
}

const ours = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'AMP URL');

async function until(check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const t0 = performance.now();
  while (!check()) {
    if (performance.now() - t0 > timeoutMs) throw new Error('timed out');
    await sleep(20);
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;
function spread(blocks: number[]): string {
  const sorted = [...blocks].sort((a, b) => a - b);
  return `median ${ms(sorted[Math.floor(sorted.length / 2)])}, max ${ms(sorted[sorted.length - 1])}`;
}

/** Each event, then `wait` ms for what it set off; the longest block of each event's window. */
async function session(events: (() => Promise<void>)[], wait: number): Promise<number[]> {
  const hb = heartbeat();
  for (const event of events) {
    hb.mark();
    await event();
    await sleep(wait);
  }
  return hb.stop();
}

export async function run(): Promise<void> {
  console.log(`VS Code ${vscode.version} (${vscode.env.appName}): typing benchmark`);
  await vscode.extensions.getExtension('amp-url-toolkit.amp-url-toolkit')?.activate();
  const folder = vscode.workspace.workspaceFolders?.[0].uri;
  if (!folder) throw new Error('no folder');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'big.log'));
  const editor = await vscode.window.showTextDocument(doc);
  const config = new Config();
  const s = config.settings;
  const lines: number[] = [];
  // Spread over the log (a quick run's is small: bench/urls.ts QUICK).
  const EVENTS = sized(20, 4);
  for (let i = 1; lines.length < EVENTS; i += sized(3000, 100)) lines.push(i);
  const os = await import('node:os');
  console.log(
    `  ${(doc.getText().length / 1e6).toFixed(1)} M characters, ${doc.lineCount} lines; longest block of the extension host (budget 50 ms); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );

  // 1. The Problems' own work, on an idle host.
  await sleep(sized(2000, 200));
  const text = doc.getText();
  const passes: number[] = [];
  for (let i = 0; i < sized(3, 1); i++) {
    const c = cpu();
    planFile(text, 'publisher', makeTransform('publisher', s), s.caches, undefined, doc.languageId);
    passes.push(cpu() - c);
  }
  const capped = await slices(doc, s, 1000);
  const whole = await slices(doc, s);
  const provider = new FixAll(config);
  const at = new vscode.Range(lines[0], 10, lines[0], 10);
  const found = await publisherEdits(doc, s, { cap: 2 });
  const diagnostics = (found ?? []).map((e) => {
    const d = new vscode.Diagnostic(
      e.range,
      'AMP Cache URL',
      vscode.DiagnosticSeverity.Information,
    );
    d.source = 'AMP URL';
    d.code = 'amp-url';
    return d;
  });
  const cts = new vscode.CancellationTokenSource();
  const bulbs20: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const c = cpu();
    await provider.provideCodeActions(
      doc,
      at,
      { diagnostics, only: undefined, triggerKind: vscode.CodeActionTriggerKind.Automatic },
      cts.token,
    );
    bulbs20.push(cpu() - c);
    await sleep(5);
  }
  const run = (r: typeof whole) =>
    `longest slice ${ms(r.cpu)} CPU (${ms(r.wall)} wall), ${r.slices} slices; ${r.edits} edits in ${ms(r.total)}`;
  const rows: [string, string][] = [
    [
      'before: one pass over the document',
      `${ms(Math.min(...passes))} CPU (best of 3): the block per keystroke and per lightbulb request`,
    ],
    ['Problems: run to the 1,000th problem', run(capped)],
    ['Problems / fix-all: run over the whole file', run(whole)],
    [`lightbulb request beside a problem (x${EVENTS})`, `longest ${ms(Math.max(...bulbs20))} CPU`],
  ];
  for (const [k, v] of rows) console.log(`  ${k.padEnd(42)} ${v}`);

  // 2. A person's session through the workbench, Problems off then on.
  const keys = Array.from({ length: EVENTS }, () => async () => {
    await editor.edit((b) => {
      b.insert(new vscode.Position(0, 0), 'x');
    });
  });
  const moves = lines.map((line) => async () => {
    const p = new vscode.Position(line, 20);
    editor.selection = new vscode.Selection(p, p);
    await Promise.resolve();
  });
  const bulbs = lines.map((line) => async () => {
    await vscode.commands.executeCommand(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(line, 20, line, 20),
    );
  });
  const user = vscode.workspace.getConfiguration('ampUrl');
  const results: [string, number[]][] = [];
  for (const on of [false, true]) {
    await user.update('diagnostics.enabled', on, vscode.ConfigurationTarget.Global);
    if (on) await until(() => ours(doc.uri).length === 1000);
    await sleep(sized(1000, 100));
    const label = on ? 'Problems on ' : 'Problems off';
    // 150 ms between keys (a typist), then 400 ms: past the 300 ms debounce, a run starts and
    // the next key abandons it.
    const half = EVENTS / 2;
    results.push([`${label}: keystrokes (${half})`, await session(keys.slice(0, half), 150)]);
    results.push([`${label}: keystrokes, pausing (${half})`, await session(keys.slice(half), 400)]);
    results.push([`${label}: cursor moves (${EVENTS})`, await session(moves, 150)]);
    results.push([`${label}: lightbulb requests (${EVENTS})`, await session(bulbs, 50)]);
  }
  const count = ours(doc.uri).length;
  await user.update('diagnostics.enabled', undefined, vscode.ConfigurationTarget.Global);
  for (const [k, v] of results) console.log(`  ${k.padEnd(42)} ${spread(v)}`);
  config.dispose();
  const wrong = [
    capped.edits !== 1000 && `${capped.edits} capped edits`,
    whole.edits < sized(40_000, 1000) && `${whole.edits} edits over the document`,
    count !== 1000 && `${count} problems`,
  ].filter(Boolean);
  if (wrong.length) throw new Error(wrong.join('; '));
}
