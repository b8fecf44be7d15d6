// Why a direct write (direct.ts) or its undo (undo.ts) left a file, in words.
import * as vscode from 'vscode';
import type { WriteOutcome } from '../../node/write-jobs';

/** Why a write was refused, in words for the report. */
export function refusalText(o: Extract<WriteOutcome, { written: false }>): string {
  const t = vscode.l10n.t;
  switch (o.reason) {
    case 'changed':
      return t('changed since the scan');
    case 'outside':
    case 'symlink':
      return t('a symbolic link on its way: not followed');
    case 'notRegular':
      return t('no longer a regular file');
    case 'hardLinks':
      return t('more than one hard link: its other names may be outside the workspace');
    case 'tooLarge':
      return t('over ampUrl.workspace.maxFileSize');
    case 'notRestorable':
    case 'notPlanned':
      return t('changed since the scan');
    case 'failed':
      return t('could not be written ({0})', o.code ?? 'error');
  }
}
