// Runs inside the extension host (extensionTestsPath of bench/workspace/apply.ts): applies the
// conversion of every file of the generated workspace, through the Refactor Preview (pressing its
// Apply with the command the button runs) or at once, and prints each step's wall time and the
// extension host's longest block. File names say how: `direct-` one entry per URL without the
// preview, `plain-` the same without metadata (the smallest edit the API carries), `before-` one
// entry per URL through the preview with every box checked but the first (the edit as built
// before issue 20 started every box unchecked: a person had to tick the file); `after-` through
// the preview and `replace-` as its Replace button writes it, both by the workspace command's own
// steps: the scan (scanFiles), then the freshness check, the texts and the edit (buildEditSliced).
import * as vscode from 'vscode';
import { gapWatch, profiled } from './profile';
import { makeTransform } from '../../src/shared/transforms';
import { planFile, type WorkspaceEditPlan } from '../../src/shared/workspace-plan';
import type { Settings } from '../../src/shared/settings';
import { scanFiles } from '../../src/extension/workspace/scan';
import { Config } from '../../src/extension/config';
import { buildEditSliced, checkFresh, loadTexts } from '../../src/extension/workspace/apply';
import { eventLoop } from '../../src/shared/time-slice';

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
  return {
    edit,
    entries: edits.length,
    unchecked: preview ? 1 : 0,
    scanned: undefined,
    building: undefined,
  };
}

const clock = eventLoop;

/** Large enough for the 9 MB case (the default is 5 MB). */
const MAX_FILE_SIZE = 50_000_000;

/**
 * The workspace command's own steps for one file, each with the longest extension-host block
 * it caused: the scan (read, decode, plan in slices, hash), then the freshness check, the texts
 * and the edit (buildEditSliced) for `mode`.
 */
async function scanAndBuild(uri: vscode.Uri, mode: 'replace' | 'preview', s: Settings) {
  const t0 = performance.now();
  let stop = gapWatch();
  const scan = await scanFiles([uri], {
    include: '*',
    exclude: '',
    target: 'publisher',
    transform: makeTransform('publisher', s),
    caches: s.caches,
    maxFileSize: MAX_FILE_SIZE,
  });
  const scanned = { ms: performance.now() - t0, ...stop() };
  const t1 = performance.now();
  stop = gapWatch();
  const { fresh } = await checkFresh(scan.planned, MAX_FILE_SIZE);
  const texts = await loadTexts(fresh, MAX_FILE_SIZE);
  const built = await buildEditSliced(fresh, mode, undefined, texts, clock);
  const building = { ms: performance.now() - t1, ...stop() };
  return {
    edit: built.edit,
    entries: built.entries.length,
    unchecked: built.review.length,
    scanned,
    building,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const ms = (n: number) => `${Math.round(n)} ms`;
  for (const uri of uris) {
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const way = name.slice(0, name.indexOf('-'));
    const bytes = await vscode.workspace.fs.readFile(uri);
    const text = new TextDecoder().decode(bytes);
    const expected = planFile(text, 'publisher', transform, s.caches).edits.length;
    const { entries, unchecked, scanned, building, applying } = await profiled(name, async () => {
      const ours = way === 'replace' || way === 'after';
      const edit = ours
        ? await scanAndBuild(uri, way === 'after' ? 'preview' : 'replace', s)
        : perUrl(
            uri,
            planFile(text, 'publisher', transform, s.caches).edits,
            way === 'before',
            way !== 'plain',
          );
      const t = performance.now();
      const stop = gapWatch();
      const ok =
        way === 'direct' || way === 'plain' || way === 'replace'
          ? await vscode.workspace.applyEdit(edit.edit, { isRefactoring: true })
          : await applyThroughPreview(edit.edit);
      return { ...edit, applying: { ok, ms: performance.now() - t, ...stop() } };
    });
    const after = (await vscode.workspace.openTextDocument(uri)).getText();
    const left = after.split('cdn.ampproject.org').length - 1;
    const steps = [
      scanned && `scan ${ms(scanned.ms)} (block ${ms(scanned.gap)})`,
      building && `check + texts + edit ${ms(building.ms)} (block ${ms(building.gap)})`,
      `apply ${ms(applying.ms)} (block ${ms(applying.gap)})`,
    ].filter(Boolean);
    console.log(
      `  ${name.padEnd(24)} ${(bytes.length / 1e6).toFixed(1)} MB, ${String(expected).padStart(6)} URLs, ${String(entries).padStart(6)} entries: ${applying.ok ? 'applied' : 'REFUSED'}; ${steps.join(', ')}; ${left} left unconverted`,
    );
    if (!applying.ok || left > unchecked) problems.push(`${name}: ${left} URLs left`);
  }
  config.dispose();
  if (problems.length) throw new Error(problems.join('; '));
}
