// ampUrl.workspaceToPublisher / ampUrl.workspaceToCache: find AMP URLs in every file the Search
// view would search, then hand ONE WorkspaceEdit to VS Code's Refactor Preview. Cancelling the
// scan writes nothing; files changed between the scan and the apply are left untouched.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { plainMessage } from '../logic/escape';
import type { Skip } from '../../shared/plan-edits';
import { makeTransform } from '../../shared/transforms';
import {
  hostCounts,
  maxFileSize,
  noFileSkips,
  workspaceMessage,
  type FileSkip,
  type WorkspaceTarget,
} from '../../shared/workspace-plan';
import { COMMAND } from '../command-ids';
import { parseArgs } from '../logic/command-args';
import { buildEdit, checkFresh } from './workspace-apply';
import { listFiles, scanFiles } from './workspace-scan';

/** Programmatic arguments; each one given skips its prompt. */
export interface WorkspaceArgs {
  include?: string;
  exclude?: string;
  /** Cache conversion: only URLs of this host (and its subdomains); '' or '*' for all. */
  host?: string;
  /** false: apply without the Refactor Preview. */
  preview?: boolean;
  /** Stop as if the user cancelled after this many files (tests). */
  cancelAfterFiles?: number;
}

export interface WorkspaceResult {
  files: number;
  changedFiles: number;
  edits: number;
  skippedFiles: Record<FileSkip, number>;
  staleFiles: string[];
  skipped: Skip[];
  applied: boolean;
  aborted?: string;
}

const STATE_INCLUDE = 'ampUrl.workspace.include';
const STATE_EXCLUDE = 'ampUrl.workspace.exclude';

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
      ...hosts.map((h) => ({ label: h.host, description: String(h.count), host: h.host })),
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
    skippedFiles: noFileSkips(),
    staleFiles: [],
    skipped: [],
    applied: false,
    ...partial,
  };
}

function tell(r: WorkspaceResult): WorkspaceResult {
  const message =
    r.aborted ?? workspaceMessage({ ...r, staleFiles: r.staleFiles.length }, vscode.l10n.t);
  const show =
    r.aborted || r.staleFiles.length > 0 || r.edits === 0
      ? vscode.window.showWarningMessage
      : vscode.window.showInformationMessage;
  void show(plainMessage(vscode.l10n.t('AMP URL: {0}', message)));
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
  const globs = await askGlobs(a, state);
  if (!globs) return cancelled();
  const s = config.settings;
  const max = maxFileSize(vscode.workspace.getConfiguration('ampUrl').get('workspace.maxFileSize'));
  const scan = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('AMP URL: scanning the workspace'),
      cancellable: true,
    },
    async (progress, token) => {
      const uris = await listFiles(globs.include, globs.exclude, token);
      let shown = 0;
      return scanFiles(uris, {
        ...globs,
        target,
        transform: makeTransform(target, s, {}, vscode.l10n.t),
        caches: s.caches,
        maxFileSize: max,
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
  const built = buildEdit(fresh, a.preview !== false, choice.host);
  const base = {
    files: scan.files,
    skippedFiles: scan.skippedFiles,
    skipped: scan.skipped,
    staleFiles: stale.map((f) => vscode.workspace.asRelativePath(f.uri)),
    changedFiles: built.files,
    edits: built.entries.length,
  };
  if (built.entries.length === 0) return tell(result(base));
  // isRefactoring: files not open before are saved after (files.refactoring.autoSave).
  const applied = await vscode.workspace.applyEdit(built.edit, { isRefactoring: true });
  return tell(
    result({
      ...base,
      applied,
      aborted: applied ? undefined : vscode.l10n.t('The edit was discarded; nothing was written.'),
    }),
  );
}
