// The language model tools (package.json `languageModelTools`, described once in
// src/shared/agent-tools): agents in the editor ask these for URL forms instead of guessing the
// rules. Each answer is one text part holding JSON data (never Markdown made of document text);
// the input is checked again here, whatever the caller's schema check did.
import * as vscode from 'vscode';
import {
  DEFAULT_FIND_RESULTS,
  TOOLS,
  answerText,
  answerUrlTool,
  checkInput,
  type ToolDefinition,
} from '../../shared/agent-tools';
import type { Config } from '../config';
import { findAmpUrls } from './find-tool';

function result(data: unknown): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answerText(data))]);
}

/** One tool: the input checked, then answered from the current settings. */
function toolOf(def: ToolDefinition, config: Config): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: () => ({
      // Fixed words: the model's input is not shown as a message (it may hold anything).
      invocationMessage: vscode.l10n.t('AMP URL: {0}', def.title),
    }),
    invoke: async (options, token) => {
      const checked = checkInput(def, options.input);
      // A thrown error is what VS Code hands back to the model as the tool's failure.
      if (checked.error !== undefined) throw new Error(checked.error);
      const input = checked.value;
      const s = config.settings;
      if (def.name !== 'amp_url_find_amp_urls') {
        const answer = answerUrlTool(def.name, input, s, vscode.l10n.t);
        if (answer.error !== undefined) throw new Error(answer.error);
        return result(answer.data);
      }
      if (!vscode.workspace.workspaceFolders?.length)
        throw new Error('amp_url_find_amp_urls: no folder is open in the editor');
      return result(
        await findAmpUrls({
          include: typeof input.include === 'string' ? input.include : undefined,
          max: typeof input.maxResults === 'number' ? input.maxResults : DEFAULT_FIND_RESULTS,
          maxFileSize: s.workspaceMaxFileSize,
          settings: s,
          token,
        }),
      );
    },
  };
}

/** Registers every tool; the returned disposable unregisters them all. */
export function registerLmTools(config: Config): vscode.Disposable {
  // Older hosts (and some forks) have no language model API: the rest of the extension works.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent at run time there
  if (!vscode.lm?.registerTool) return new vscode.Disposable(() => undefined);
  return vscode.Disposable.from(
    ...TOOLS.map((def) => vscode.lm.registerTool(def.name, toolOf(def, config))),
  );
}
