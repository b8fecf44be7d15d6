// ampUrl.insertCacheUrl: asks for a publisher URL (the input box shows the AMP Cache URL or the
// reason it can't be made as you type) and inserts its AMP Cache URL at every cursor.
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids';
import type { Config } from '../config';
import { selectionOffsets } from '../documents';
import { parseArgs } from '../logic/command-args';
import type { Plan } from '../../shared/plan-edits';
import type { EditSummary } from '../../shared/summary';
import { makeTransform, type Transform } from '../../shared/transforms';
import { writeUrl } from '../../shared/write-context';
import { applyPlan } from './apply';
import { notStarted, report } from './report';

function validate(
  transform: Transform,
  input: string,
): vscode.InputBoxValidationMessage | undefined {
  if (!input.trim()) return undefined;
  const r = transform(input.trim());
  return r.text !== undefined
    ? { message: r.text, severity: vscode.InputBoxValidationSeverity.Info }
    : { message: r.skip, severity: vscode.InputBoxValidationSeverity.Error };
}

export async function insertCacheUrl(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const parsed = parseArgs(COMMAND.insertCacheUrl, args, { url: 'string' }, vscode.l10n.t);
  if (parsed.value === undefined) return notStarted(parsed.refused);
  const transform = makeTransform('cache', config.settings, {}, vscode.l10n.t);
  let url = typeof parsed.value.url === 'string' ? parsed.value.url.trim() : undefined;
  if (url === undefined) {
    url = (
      await vscode.window.showInputBox({
        title: vscode.l10n.t('Insert AMP Cache URL for…'),
        prompt: vscode.l10n.t('A publisher URL, e.g. https://example.com/article.html'),
        validateInput: (input) => validate(transform, input),
      })
    )?.trim();
    if (!url) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  }
  const r = transform(url);
  if (r.text === undefined)
    return report({ changed: 0, skipped: [{ url, reason: r.skip }], verb: 'insert' });
  const editor = vscode.window.activeTextEditor;
  if (!editor) return notStarted(vscode.l10n.t('Open a text editor first.'));
  const doc = editor.document;
  const text = doc.getText();
  // An insert is a write like any other: encoded for what encloses the cursor (an attribute, a
  // string, a Markdown link…), or skipped there with the reason.
  const plan: Plan = { edits: [], skipped: [] };
  for (const s of selectionOffsets(doc, editor.selections)) {
    const w = writeUrl(text, s.start, s.end, r.text, vscode.l10n.t, doc.languageId);
    if (w.text === undefined) plan.skipped.push({ url: r.text, reason: w.refused });
    else plan.edits.push({ ...s, oldText: text.slice(s.start, s.end), newText: w.text });
  }
  return report({ ...(await applyPlan(editor, doc.version, plan)), verb: 'insert' });
}
