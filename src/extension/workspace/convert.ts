// ampUrl.workspaceToPublisher / ampUrl.workspaceToCache: find AMP URLs in every file the Search
// view would search, then hand ONE WorkspaceEdit to VS Code's Refactor Preview. Cancelling the
// scan writes nothing; files changed between the scan and the apply are left untouched.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { noIcons, plainMessage } from '../logic/escape';
import { makeTransform } from '../../shared/transforms';
import { hostCounts, noFileSkips, type WorkspaceTarget } from '../../shared/workspace-plan';
import { COMMAND } from '../command-ids';
import { parseArgs } from '../logic/command-args';
import {
  buildEditSliced,
  checkFresh,
  countEdits,
  loadTexts,
  type BuildMode,
  type BuiltEdit,
  type EditCounts,
} from './apply';
import { writeDirect, type NotWritten } from './direct';
import { reportWorkspace, type WorkspaceResult } from './report';
import { inert } from '../../shared/batch-report';
import {
  ConfigError,
  NO_CONFIG as NO_REPO_CONFIG,
  type RepoConfig,
} from '../../shared/suppress/repo-config';
import { filesSummary } from '../logic/files-summary';
import { repoConfigOf } from '../repo-config';
import { count } from '../numbers';
import { listWorkspaceFiles, scanFiles, type ScannedFile } from './scan';
import { eventLoop } from '../../shared/time-slice';

/** Programmatic arguments; each one given skips its prompt. */
export interface WorkspaceArgs {
  include?: string;
  exclude?: string;
  /** Cache conversion: only URLs of this host (and its subdomains); '' or '*' for all. */
  host?: string;
  /** false: write at once, as the dialog's default button does; true: through the Refactor Preview. */
  preview?: boolean;
  /** Stop as if the user cancelled after this many files (tests). */
  cancelAfterFiles?: number;
}

const STATE_INCLUDE = 'ampUrl.workspace.include';
const STATE_EXCLUDE = 'ampUrl.workspace.exclude';

/** Building the edit gives the event loop a turn every slice (a 4.9 MB file's joined text). */
const clock = eventLoop;

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

async function askGlobs(
  a: WorkspaceArgs,
  state: vscode.Memento,
): Promise<{ include: string; exclude: string } | undefined> {
  const include =
    str(a.include) ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Files to include'),
      prompt: vscode.l10n.t(
        'Glob, e.g. **/*.md (files.exclude, search.exclude and .gitignore apply)',
      ),
      value: state.get<string>(STATE_INCLUDE, '**/*'),
    }));
  if (include === undefined) return undefined;
  const exclude =
    str(a.exclude) ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Files to exclude'),
      prompt: vscode.l10n.t('Globs separated by commas, or empty'),
      value: state.get<string>(STATE_EXCLUDE, ''),
    }));
  if (exclude === undefined) return undefined;
  await state.update(STATE_INCLUDE, include);
  await state.update(STATE_EXCLUDE, exclude);
  return { include, exclude };
}

/** Which URLs to convert to cache URLs: all, or one host's. undefined: cancelled. */
async function askHost(
  a: WorkspaceArgs,
  edits: Iterable<{ host: string }>,
): Promise<{ host?: string } | undefined> {
  const given = str(a.host);
  if (given !== undefined) return { host: given === '' || given === '*' ? undefined : given };
  const hosts = hostCounts(edits);
  const total = hosts.reduce((n, h) => n + h.count, 0);
  const pick = await vscode.window.showQuickPick(
    [
      { label: vscode.l10n.t('All URLs'), description: String(total), host: undefined },
      // One row per host: its Unicode form, with the ASCII form a browser sends when it differs.
      ...hosts.map((h) => ({
        label: noIcons(h.label),
        description: h.label === h.host ? String(h.count) : `${h.host} · ${h.count}`,
        host: h.host,
      })),
    ],
    { title: vscode.l10n.t('Convert which URLs to AMP Cache URLs?') },
  );
  return pick && { host: pick.host };
}

function result(partial: Partial<WorkspaceResult>): WorkspaceResult {
  return {
    files: 0,
    changedFiles: 0,
    edits: 0,
    review: 0,
    skippedFiles: noFileSkips(),
    skippedPaths: [],
    staleFiles: [],
    skipped: [],
    applied: false,
    ...partial,
  };
}

/** A run that stopped before the scan (bad argument, no folder, cancelled): one warning. */
function tell(r: WorkspaceResult): WorkspaceResult {
  void vscode.window.showWarningMessage(
    plainMessage(vscode.l10n.t('AMP URL: {0}', r.aborted ?? '')),
  );
  return r;
}

export async function workspaceConvert(
  config: Config,
  state: vscode.Memento,
  target: WorkspaceTarget,
  ...args: unknown[]
): Promise<WorkspaceResult> {
  // Arguments are data from anyone: one plain object with known keys of the right types.
  const parsed = parseArgs(
    target === 'publisher' ? COMMAND.workspaceToPublisher : COMMAND.workspaceToCache,
    args,
    {
      include: 'string',
      exclude: 'string',
      host: 'string',
      preview: 'boolean',
      cancelAfterFiles: 'integer',
    },
    vscode.l10n.t,
  );
  if (parsed.value === undefined) return tell(result({ aborted: parsed.refused }));
  const a = parsed.value as WorkspaceArgs;
  const cancelled = () =>
    tell(result({ aborted: vscode.l10n.t('Cancelled; nothing was written.') }));
  if (!vscode.workspace.workspaceFolders?.length)
    return tell(result({ aborted: vscode.l10n.t('Open a folder or workspace first.') }));
  const configs = await folderConfigs();
  if (configs instanceof ConfigError) return tell(result({ aborted: configs.message }));
  const configOf = (uri: vscode.Uri) =>
    configs.get(vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() ?? '') ?? NO_REPO_CONFIG;
  const globs = await askGlobs(a, state);
  if (!globs) return cancelled();
  const s = config.settings;
  // Read as the other size guards are: restricted, so an untrusted repository cannot raise it.
  const max = s.workspaceMaxFileSize;
  const scan = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('AMP URL: scanning the workspace'),
      cancellable: true,
    },
    async (progress, token) => {
      const listing = await listWorkspaceFiles(globs.include, globs.exclude, token, configOf);
      let shown = 0;
      return scanFiles(listing, {
        ...globs,
        target,
        transform: makeTransform(target, s, {}, vscode.l10n.t),
        settings: s,
        caches: s.caches,
        maxFileSize: max,
        configOf,
        token,
        cancelAfterFiles: typeof a.cancelAfterFiles === 'number' ? a.cancelAfterFiles : undefined,
        progress: (done, total) => {
          // Percentages in whole steps: a report per file would flood the notification.
          const pct = Math.floor((100 * done) / Math.max(1, total));
          if (pct > shown || done === total) {
            progress.report({
              increment: pct - shown,
              message: vscode.l10n.t('{0} of {1} files', done, total),
            });
            shown = pct;
          }
        },
      });
    },
  );
  if (scan.cancelled) return cancelled();
  const choice =
    target === 'cache'
      ? await askHost(
          a,
          scan.planned.flatMap((f) => f.plan.edits),
        )
      : {};
  if (!choice) return cancelled();
  const { fresh, stale } = await checkFresh(scan.planned, max);
  const texts = await loadTexts(fresh, max);
  const counted = await countEdits(fresh, choice.host, clock);
  const base = {
    files: scan.files,
    skippedFiles: scan.skippedFiles,
    skippedPaths: scan.skippedPaths,
    skipped: scan.skipped,
    staleFiles: stale.map((f) => vscode.workspace.asRelativePath(f.uri)),
    changedFiles: counted.files,
    edits: counted.changes - counted.review.length,
    review: counted.review.length,
  };
  const report = (r: WorkspaceResult, built?: EditCounts) =>
    reportWorkspace(target, r, scan, stale, built ?? counted);
  if (counted.changes === 0) return report(result(base));
  // The arguments answer as the dialog's buttons would (Preview… is "Pick" with nothing to look at).
  const previewMode = counted.review.length > 0 ? 'preview' : 'pick';
  const how =
    a.preview === undefined ? await askHow(target, counted) : a.preview ? previewMode : 'replace';
  if (!how)
    return report(result({ ...base, aborted: vscode.l10n.t('Cancelled; nothing was written.') }));
  // The dialog stays open as long as the user leaves it: the same check again, right before the
  // write; a file edited or swapped (for a link, or behind a linked folder) meanwhile is left.
  const now = await checkFresh(fresh, max);
  const allStale = [...stale, ...now.stale];
  if (how === 'replace') {
    const w = await writeReplace(now.fresh, choice.host, texts, max, counted);
    const left = [...allStale, ...w.refused];
    return reportWorkspace(
      target,
      result({
        ...base,
        staleFiles: left.map((f) => vscode.workspace.asRelativePath(f.uri)),
        changedFiles: w.files,
        edits: w.report.others.length,
        choice: how,
        applied: w.applied,
        undoable: w.undoable,
        unsaved: w.unsaved,
        aborted: w.aborted,
      }),
      scan,
      left,
      w.report,
    );
  }
  const built = await buildEditSliced(now.fresh, how, choice.host, texts, clock);
  const applied = await vscode.workspace.applyEdit(built.edit, { isRefactoring: true });
  return reportWorkspace(
    target,
    result({
      ...base,
      staleFiles: allStale.map((f) => vscode.workspace.asRelativePath(f.uri)),
      changedFiles: built.files,
      // Through the preview, what was ticked is VS Code's to know: the counts are the proposal.
      edits: built.changes,
      review: built.review.length,
      choice: how,
      applied,
      aborted: applied ? undefined : vscode.l10n.t('The edit was discarded; nothing was written.'),
    }),
    scan,
    allStale,
    built,
  );
}

/**
 * The default choice: every change but those that deserve a look, on disk. Files no editor holds
 * are written directly (direct.ts; the desktop build), the others through one
 * WorkspaceEdit, whose documents are then saved unless they held unsaved changes before (VS Code
 * saves a refactoring's files only when it spans several: one file would stay unsaved). A cancel
 * during the direct writes writes nothing more: each file is as it was or fully converted.
 */
async function writeReplace(
  files: readonly ScannedFile[],
  host: string | undefined,
  texts: ReadonlyMap<string, string>,
  max: number,
  counted: EditCounts,
): Promise<{
  report: EditCounts;
  files: number;
  applied: boolean;
  refused: NotWritten[];
  undoable: number;
  unsaved: number;
  aborted?: string;
}> {
  const direct = await writeDirect(files, host, max);
  const undoable = direct.written.length;
  let viaEditor: ScannedFile[] = [];
  let applied = true;
  let aborted: string | undefined;
  let unsaved = 0;
  if (direct.cancelled) {
    const left = direct.notDone.length + direct.forEditor.length;
    aborted = vscode.l10n.t(
      'Cancelled: {0} files written (Undo puts them back), {1} left as they were',
      undoable,
      left,
    );
  } else if (direct.forEditor.length > 0) {
    const built = await buildEditSliced(direct.forEditor, 'replace', host, texts, clock);
    const openBefore = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    // isRefactoring: files not open before are saved after (files.refactoring.autoSave).
    applied = await vscode.workspace.applyEdit(built.edit, { isRefactoring: true });
    if (applied) {
      viaEditor = direct.forEditor;
      unsaved = await saveEdited(built, openBefore);
    } else aborted = vscode.l10n.t('The edit was discarded; nothing was written.');
  }
  const written = new Set([...direct.written, ...viaEditor].map((f) => f.uri.toString()));
  const report: EditCounts = {
    ...counted,
    others: counted.others.filter((i) => written.has(i.uri.toString())),
  };
  return {
    report,
    files: written.size,
    applied,
    refused: direct.refused,
    undoable,
    unsaved,
    aborted,
  };
}

/**
 * Saves the documents `built` edited that were not open before it (VS Code opened them for the
 * edit; a refactoring of one file leaves it unsaved). A document the user had open is theirs to
 * save: its text may differ from its bytes (line endings shown normalised). Returns how many
 * edited documents stay unsaved.
 */
async function saveEdited(built: BuiltEdit, openBefore: ReadonlySet<string>): Promise<number> {
  const uris = new Set(built.entries.map((e) => e.uri.toString()));
  let unsaved = 0;
  for (const doc of vscode.workspace.textDocuments) {
    const key = doc.uri.toString();
    if (!uris.has(key) || !doc.isDirty) continue;
    if (openBefore.has(key) || !(await doc.save())) unsaved++;
  }
  return unsaved;
}

/**
 * Asks how to apply, with the counts: Replace (the default button) writes every change except
 * those that deserve a look; Preview… opens the Refactor Preview with every change checked but
 * those. Without such changes VS Code would not open the preview with boxes checked (it opens
 * only for an entry that needs confirmation, and starts exactly those unchecked), so the second
 * button then reads "Pick in Preview…" and every change starts unchecked.
 */
async function askHow(target: WorkspaceTarget, built: EditCounts): Promise<BuildMode | undefined> {
  const t = vscode.l10n.t;
  const n = built.changes - built.review.length;
  // The files Replace writes: a file holding only changes left for a look is not one of them.
  const written = [...new Set(built.others.map((o) => o.uri.toString()))].map((u) =>
    vscode.workspace.asRelativePath(vscode.Uri.parse(u)),
  );
  const question = howQuestion(target, n, written.length);
  const replace = target === 'publisher' ? t('Replace') : t('Convert');
  const look = built.review.length;
  const preview = look > 0 ? t('Preview…') : t('Pick in Preview…');
  const detail =
    look === 1
      ? t(
          '1 more deserves a look first (look-alike host, ambiguous query): {0} leaves it as it is and lists it in the report; Preview… shows every change, that one unchecked.',
          replace,
        )
      : look > 1
        ? t(
            '{0} more deserve a look first (look-alike host, ambiguous query): {1} leaves them as they are and lists them in the report; Preview… shows every change, those unchecked.',
            count(look),
            replace,
          )
        : t(
            'One Undo restores them all. Pick in Preview… lists every change unchecked, for you to tick.',
          );
  // Only changes that deserve a look: nothing for Replace to write, so the preview is the offer.
  const buttons = n > 0 ? [replace, preview] : [preview];
  const pick = await vscode.window.showInformationMessage(
    question,
    { modal: true, detail: [filesLine(written), detail].filter(Boolean).join('\n\n') },
    ...buttons,
  );
  return pick === replace
    ? 'replace'
    : pick === preview
      ? look > 0
        ? 'preview'
        : 'pick'
      : undefined;
}

/** Every folder's .amp-url.json by folder URI, or the first that can't be used. */
async function folderConfigs(): Promise<Map<string, RepoConfig> | ConfigError> {
  const out = new Map<string, RepoConfig>();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const c = await repoConfigOf(folder.uri);
    if (c instanceof ConfigError) return c;
    out.set(folder.uri.toString(), c);
  }
  return out;
}

/** The dialog's question, with singular forms (l10n has no plural rules: one key per form). */
function howQuestion(target: WorkspaceTarget, urls: number, files: number): string {
  const t = vscode.l10n.t;
  const [u, f] = [count(urls), count(files)];
  if (target === 'publisher') {
    if (urls === 1) return t('Replace 1 AMP URL with its publisher URL in 1 file?');
    return files === 1
      ? t('Replace {0} AMP URLs with publisher URLs in 1 file?', u)
      : t('Replace {0} AMP URLs with publisher URLs in {1} files?', u, f);
  }
  if (urls === 1) return t('Convert 1 URL to an AMP Cache URL in 1 file?');
  return files === 1
    ? t('Convert {0} URLs to AMP Cache URLs in 1 file?', u)
    : t('Convert {0} URLs to AMP Cache URLs in {1} files?', u, f);
}

/** The files Replace writes: the first by name, the rest counted per top folder. */
function filesLine(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const t = vscode.l10n.t;
  const s = filesSummary(paths);
  const names = s.named.map((p) => inert(p, 80)).join(', ');
  if (s.counts.length === 0) return t('Files: {0}', names);
  const rest = s.counts
    .map(([top, n]) =>
      top === '' ? t('{0} at the top', count(n)) : `${inert(top, 40)} ${count(n)}`,
    )
    .join(', ');
  return t('Files: {0}, and {1} more ({2})', names, count(paths.length - s.named.length), rest);
}
