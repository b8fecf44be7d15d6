// ampUrl.replaceAmpUrls ("Replace AMP URLs with publisher URLs"): de-AMP the selections, or the
// whole document when nothing is selected, in one edit (one undo); the summary says what was
// replaced, what was left and why, and the reverse's warnings and removed parameters.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { documentSize, selectionOffsets } from '../documents';
import { parseArgs } from '../logic/command-args';
import type { EditSummary } from '../../shared/summary';
import { deAmpTransform } from '../../shared/transforms';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

export function replaceAmpUrls(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const parsed = parseArgs('ampUrl.replaceAmpUrls', args, {}, vscode.l10n.t);
  if (parsed.value === undefined) return Promise.resolve(notStarted(parsed.refused));
  const editor = vscode.window.activeTextEditor;
  if (!editor) return Promise.resolve(notStarted(vscode.l10n.t('Open a text editor first.')));
  const ranges = (doc: vscode.TextDocument) => {
    const selected = selectionOffsets(doc, editor.selections).filter((r) => r.start !== r.end);
    return selected.length ? selected : [{ start: 0, end: documentSize(doc) }];
  };
  return editUrls(deAmpTransform(config.settings, vscode.l10n.t), ranges, editor);
}
