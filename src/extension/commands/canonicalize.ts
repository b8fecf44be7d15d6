// ampUrl.canonicalize: replaces URLs with their Safe Browsing canonical form.
import * as vscode from 'vscode';
import type { Config } from '../config';
import type { EditSummary } from '../../shared/summary';
import { makeTransform } from '../../shared/transforms';
import { editUrls } from './edit-urls';

export function canonicalizeUrls(config: Config): Promise<EditSummary> {
  return editUrls(makeTransform('canonical', config.settings, {}, vscode.l10n.t));
}
