// ampUrl.replaceAmpUrls ("Replace AMP URLs with publisher URLs"): de-AMP the selections, or the
// whole document when nothing is selected, in one edit (one undo); the summary says what was
// replaced, what was left and why, and the reverse's warnings and removed parameters. Above
// `ampUrl.limits` (a long line, a big document) it asks first, as Convert all does.
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids';
import type { Config } from '../config';
import { documentSize, selectionOffsets } from '../documents';
import { parseArgs } from '../logic/command-args';
import type { EditSummary } from '../../shared/summary';
import { deAmpTransform } from '../../shared/transforms';
import { askAboveLimits } from './convert-all';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

export async function replaceAmpUrls(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const parsed = parseArgs(COMMAND.replaceAmpUrls, args, { force: 'boolean' }, vscode.l10n.t);
  if (parsed.value === undefined) return notStarted(parsed.refused);
  const a = parsed.value as { force?: boolean };
  const editor = vscode.window.activeTextEditor;
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const go =
    a.force === true ||
    (await askAboveLimits(
      editor.document,
      config.settings.limits,
      vscode.l10n.t('Replace'),
      vscode.l10n.t('Replace its AMP URLs anyway?'),
    ));
  if (!go) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  const ranges = (doc: vscode.TextDocument) => {
    const selected = selectionOffsets(doc, editor.selections).filter((r) => r.start !== r.end);
    return selected.length ? selected : [{ start: 0, end: documentSize(doc) }];
  };
  return editUrls(
    deAmpTransform(config.settings, vscode.l10n.t),
    ranges,
    editor,
    vscode.l10n.t('Replace AMP URLs with publisher URLs'),
  );
}
