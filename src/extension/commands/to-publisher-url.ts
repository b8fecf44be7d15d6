// ampUrl.toPublisherUrl (also "Replace with publisher URL"): AMP Cache URL -> publisher URL.
import * as vscode from 'vscode';
import type { Config } from '../config';
import type { EditSummary } from '../../shared/summary';
import { makeTransform } from '../../shared/transforms';
import { editUrls } from './edit-urls';

export function toPublisherUrl(config: Config): Promise<EditSummary> {
  return editUrls(makeTransform('publisher', config.settings, {}, vscode.l10n.t));
}
