// ampUrl.convertAll: converts every URL in the selections (or the whole document) in one edit.
// Above `ampUrl.limits.maxDocumentSize` it asks first.
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids';
import type { Config } from '../config';
import { documentSize, longestLine, selectionOffsets } from '../documents';
import { parseArgs } from '../logic/command-args';
import { truncate } from '../logic/escape';
import type { Limits } from '../../shared/settings';
import type { EditSummary } from '../../shared/summary';
import { formName } from '../../shared/names';
import { makeTransform } from '../../shared/transforms';
import { TARGETS, targetItems, type Target } from '../../shared/targets';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

export interface ConvertAllArgs {
  to?: Target;
  /** Skip the confirmation for documents above the size limit. */
  force?: boolean;
}

async function pickTarget(): Promise<Target | undefined> {
  const pick = await vscode.window.showQuickPick(targetItems(TARGETS, vscode.l10n.t), {
    title: vscode.l10n.t('Convert all URLs to…'),
  });
  return pick?.to;
}

/**
 * Asks before a batch command works on a document above `ampUrl.limits` (a line or the whole
 * document): true to go on. `verb` names the button, `question` ends the sentence.
 */
export async function askAboveLimits(
  doc: vscode.TextDocument,
  limits: Limits,
  verb: string,
  question: string,
): Promise<boolean> {
  const size = documentSize(doc);
  const line = size > limits.maxDocumentSize ? 0 : longestLine(doc);
  const why =
    size > limits.maxDocumentSize
      ? vscode.l10n.t(
          'This document has {0} characters, more than ampUrl.limits.maxDocumentSize ({1}).',
          size,
          limits.maxDocumentSize,
        )
      : line > limits.maxLineLength
        ? vscode.l10n.t(
            'This document has a line of {0} characters, more than ampUrl.limits.maxLineLength ({1}).',
            line,
            limits.maxLineLength,
          )
        : undefined;
  if (!why) return true;
  const answer = await vscode.window.showWarningMessage(
    `${why} ${question}`,
    { modal: true },
    verb,
  );
  return answer === verb;
}

export async function convertAll(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const parsed = parseArgs(
    COMMAND.convertAll,
    args,
    { to: 'string', force: 'boolean' },
    vscode.l10n.t,
  );
  if (parsed.value === undefined) return notStarted(parsed.refused);
  const a = parsed.value as ConvertAllArgs;
  if (a.to !== undefined && !TARGETS.includes(a.to))
    return notStarted(vscode.l10n.t('Unknown target "{0}".', truncate(a.to, 100)));
  const editor = vscode.window.activeTextEditor;
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const to = a.to ?? (await pickTarget());
  if (!to) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  const s = config.settings;
  const go =
    a.force === true ||
    (await askAboveLimits(
      editor.document,
      s.limits,
      vscode.l10n.t('Convert'),
      vscode.l10n.t('Convert all its URLs anyway?'),
    ));
  if (!go) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  const ranges = (doc: vscode.TextDocument) => {
    const selected = selectionOffsets(doc, editor.selections).filter((r) => r.start !== r.end);
    return selected.length ? selected : [{ start: 0, end: documentSize(doc) }];
  };
  return editUrls(
    makeTransform(to, s, {}, vscode.l10n.t),
    ranges,
    editor,
    // The report names the target as the picker did.
    vscode.l10n.t('Convert all URLs to {0}', formName(to, vscode.l10n.t)),
  );
}
