// Runs inside the extension host (extensionTestsPath of bench/workspace/typing-run.ts): a person
// typing, moving the cursor and opening the lightbulb in a 10 MB log with the Problems off, then
// on. Prints the longest extension-host block (event-loop gap) of each phase beside the cost of
// one pass over the whole document, which is what the Problems did per keystroke before they
// were chunked (shared/chunked-plan.ts). A measurement, not an assertion: fails only if the
// Problems are wrong (not 1,000 of them).
import * as vscode from 'vscode';
import { readSettings } from '../../src/shared/settings';
import { makeTransform } from '../../src/shared/transforms';
import { planFile } from '../../src/shared/workspace-plan';

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The longest event-loop gap (ms) while `phase` runs: how long the host was busy at a time. */
async function longestBlock(phase: () => Promise<void>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    await phase();
  } finally {
    clearInterval(timer);
  }
  return Math.round(Math.max(worst, performance.now() - last));
}

const ours = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'AMP URL');

async function until(check: () => boolean, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  while (!check()) {
    if (performance.now() - t0 > timeoutMs) throw new Error('timed out');
    await sleep(20);
  }
  return performance.now() - t0;
}

interface Phases {
  typing: number;
  cursor: number;
  lightbulb: number;
}

/** Bursts of typing (120 ms per key) with pauses past the 300 ms debounce, so runs start and are abandoned. */
async function typing(editor: vscode.TextEditor): Promise<void> {
  for (let burst = 0; burst < 3; burst++) {
    for (let k = 0; k < 10; k++) {
      await editor.edit((b) => {
        b.insert(new vscode.Position(1, 0), 'x');
      });
      await sleep(120);
    }
    await sleep(burst === 2 ? 0 : 700);
  }
}

/** Cursor moves onto lines with AMP URLs (the workbench asks for the lightbulb on each). */
async function cursor(editor: vscode.TextEditor, lines: number[]): Promise<void> {
  for (const line of lines) {
    const at = new vscode.Position(line, 20);
    editor.selection = new vscode.Selection(at, at);
    await sleep(100);
  }
}

/** Lightbulb requests (no kind asked for) on AMP URLs. */
async function lightbulb(doc: vscode.TextDocument, lines: number[]): Promise<void> {
  for (const line of lines) {
    await vscode.commands.executeCommand(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(line, 20, line, 20),
    );
    await sleep(50);
  }
}

async function phases(
  editor: vscode.TextEditor,
  lines: number[],
  settle: () => Promise<void>,
): Promise<Phases> {
  const t = await longestBlock(async () => {
    await typing(editor);
    await settle();
  });
  const c = await longestBlock(() => cursor(editor, lines));
  const l = await longestBlock(() => lightbulb(editor.document, lines));
  return { typing: t, cursor: c, lightbulb: l };
}

export async function run(): Promise<void> {
  console.log(`VS Code ${vscode.version} (${vscode.env.appName}): typing benchmark`);
  await vscode.extensions.getExtension('amp-url-toolkit.amp-url-toolkit')?.activate();
  const folder = vscode.workspace.workspaceFolders?.[0].uri;
  if (!folder) throw new Error('no folder');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'big.log'));
  const editor = await vscode.window.showTextDocument(doc);
  const text = doc.getText();
  const lines: number[] = [];
  for (let i = 0; i < doc.lineCount && lines.length < 20; i += 997)
    if (doc.lineAt(i).text.includes('ampproject.org')) lines.push(i);
  for (let i = 0; lines.length < 20 && i < doc.lineCount; i++)
    if (doc.lineAt(i).text.includes('ampproject.org') && !lines.includes(i)) lines.push(i);

  const config = vscode.workspace.getConfiguration('ampUrl');
  await config.update('diagnostics.enabled', false, vscode.ConfigurationTarget.Global);
  await sleep(1000);
  const off = await phases(editor, lines, () => sleep(1000));

  await config.update('diagnostics.enabled', true, vscode.ConfigurationTarget.Global);
  let first = 0;
  const turnOn = await longestBlock(async () => {
    first = await until(() => ours(doc.uri).length === 1000);
  });
  const on = await phases(editor, lines, async () => {
    // Until the run after the last keystroke has placed the problems (line 1 grew by 30 x).
    await until(() => doc.version > 0 && ours(doc.uri).length === 1000);
    await sleep(1500);
  });
  const count = ours(doc.uri).length;
  await config.update('diagnostics.enabled', undefined, vscode.ConfigurationTarget.Global);

  // Before: the Problems planned the whole document in one pass after each keystroke (and the
  // lightbulb's fix-all did it again per request). The same pass, timed here on the same text.
  const s = readSettings(() => undefined, true);
  const passes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    planFile(text, 'publisher', makeTransform('publisher', s), s.caches, undefined, doc.languageId);
    passes.push(performance.now() - t0);
  }
  const onePass = Math.round(Math.min(...passes));

  const mb = (doc.getText().length / 1e6).toFixed(1);
  console.log(
    `  ${mb} M characters, ${doc.lineCount} lines; longest extension-host block (ms), budget 50:`,
  );
  const row = (name: string, p: Phases) => {
    console.log(
      `  ${name.padEnd(34)} typing ${String(p.typing).padStart(5)}   cursor ${String(p.cursor).padStart(5)}   lightbulb ${String(p.lightbulb).padStart(5)}`,
    );
  };
  row('Problems off (VS Code alone)', off);
  row('Problems on (chunked)', on);
  console.log(
    `  ${'Problems on: turning them on'.padEnd(34)} longest block ${turnOn} ms; 1,000 problems after ${(first / 1000).toFixed(2)} s`,
  );
  console.log(
    `  ${'before: one pass per keystroke'.padEnd(34)} ${onePass} ms (best of 3; each lightbulb request beside a problem cost the same)`,
  );
  if (count !== 1000) throw new Error(`${count} problems, expected 1,000`);
}
