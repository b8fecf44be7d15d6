// Runs inside the extension host (extensionTestsPath of bench/workspace/apply.ts): applies the
// conversion of every file of the generated workspace through the Refactor Preview (pressing its
// Apply with the command the button runs) and prints the wall time and the extension host's
// longest block. File names say how: `direct-` one entry per URL without the preview, `before-`
// one entry per URL through the preview with every box checked but the first (the edit as built
// before issue 20 started every box unchecked: a person had to tick the file), `after-` through
// the preview as the workspace command builds the edit now, `replace-` as its Replace button
// writes it.
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as vscode from 'vscode';
import { makeTransform } from '../../src/shared/transforms';
import { planFile, textHash, type WorkspaceEditPlan } from '../../src/shared/workspace-plan';
import { Config } from '../../src/extension/config';
import { buildEdit, loadTexts } from '../../src/extension/commands/workspace-apply';

/** The edit as it was built before issue 20: one entry per URL; all checked but the first. */
function perUrl(
  uri: vscode.Uri,
  edits: readonly WorkspaceEditPlan[],
  preview: boolean,
  withMetadata = true,
) {
  const edit = new vscode.WorkspaceEdit();
  const checked = { needsConfirmation: false, label: 'AMP Cache URL → publisher URL' };
  const first = { needsConfirmation: true, label: 'first' };
  edits.forEach((e, i) => {
    const r = e.range;
    const range = new vscode.Range(r.startLine, r.startChar, r.endLine, r.endChar);
    if (withMetadata) edit.replace(uri, range, e.newText, preview && i === 0 ? first : checked);
    else edit.replace(uri, range, e.newText);
  });
  return { edit, entries: edits.length, unchecked: preview ? 1 : 0 };
}

async function build(way: string, uri: vscode.Uri, text: string, edits: WorkspaceEditPlan[]) {
  if (way === 'direct' || way === 'before') return perUrl(uri, edits, way === 'before');
  if (way === 'plain') return perUrl(uri, edits, false, false);
  const file = { uri, hash: textHash(text), length: text.length, plan: { edits, skipped: [] } };
  const built = buildEdit(
    [file],
    way === 'after' ? 'preview' : 'replace',
    undefined,
    await loadTexts([file], 1e9),
  );
  return { edit: built.edit, entries: built.entries.length, unchecked: built.review.length };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The longest gap between 10 ms ticks: how long the extension host was busy at a time, and when
 * that gap ended (performance.now()), to tell which phase held it.
 */
function gapWatch(): () => { gap: number; at: number } {
  let gap = 0;
  let at = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > gap) [gap, at] = [now - last, now];
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    const now = performance.now();
    if (now - last > gap) [gap, at] = [now - last, now];
    return { gap, at };
  };
}

/**
 * With AMP_URL_BENCH_PROFILE=<folder>: a CPU profile of the extension host (its own inspector,
 * in-process) around `op`, written as <folder>/<name>.cpuprofile (open it in Chrome's DevTools).
 */
async function profiled<T>(name: string, op: () => Promise<T>): Promise<T> {
  const dir = process.env.AMP_URL_BENCH_PROFILE;
  if (!dir) return op();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => {
      session.post(method, params, (err, res) => {
        if (err) reject(err);
        else resolve(res);
      });
    });
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await op();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** Applies `edit`; while it waits in the Refactor Preview, presses Apply as a person would. */
async function applyThroughPreview(edit: vscode.WorkspaceEdit): Promise<boolean> {
  let settled = false;
  const applying = vscode.workspace.applyEdit(edit, { isRefactoring: true }).then((ok) => {
    settled = true;
    return ok;
  });
  await sleep(Number(process.env.AMP_URL_BENCH_APPLY_WAIT_MS ?? 250));
  // The preview opens only if an entry needs confirmation: without one, applyEdit settles alone.
  for (;;) {
    if (settled as boolean) break;
    await vscode.commands.executeCommand('refactorPreview.apply');
    await sleep(250);
  }
  return applying;
}

export async function run(): Promise<void> {
  console.log(`VS Code ${vscode.version} (${vscode.env.appName}): apply benchmark`);
  const config = new Config();
  const s = config.settings;
  const transform = makeTransform('publisher', s);
  const uris = (await vscode.workspace.findFiles('*.txt')).sort((a, b) =>
    a.path.localeCompare(b.path, 'en', { numeric: true }),
  );
  const problems: string[] = [];
  for (const uri of uris) {
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const way = name.slice(0, name.indexOf('-'));
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const plan = planFile(text, 'publisher', transform, s.caches);
    const expected = plan.edits.length;
    const t0 = performance.now();
    const stop = gapWatch();
    const { edit, built, ok } = await profiled(name, async () => {
      const edit = await build(way, uri, text, plan.edits);
      const built = performance.now();
      const ok =
        way === 'direct' || way === 'plain' || way === 'replace'
          ? await vscode.workspace.applyEdit(edit.edit, { isRefactoring: true })
          : await applyThroughPreview(edit.edit);
      return { edit, built, ok };
    });
    const t1 = performance.now();
    const { gap, at } = stop();
    const after = (await vscode.workspace.openTextDocument(uri)).getText();
    const left = after.split('cdn.ampproject.org').length - 1;
    console.log(
      `  ${name.padEnd(22)} ${String(expected).padStart(6)} URLs, ${String(edit.entries).padStart(6)} entries: ${ok ? 'applied' : 'REFUSED'} in ${((t1 - t0) / 1000).toFixed(2)} s (building the edit ${(built - t0).toFixed(0)} ms), longest extension-host block ${Math.round(gap)} ms (ending ${Math.round(at - t0)} ms after the start), ${left} left unconverted`,
    );
    if (!ok || left > edit.unchecked) problems.push(`${name}: ${left} URLs left`);
  }
  config.dispose();
  if (problems.length) throw new Error(problems.join('; '));
}
