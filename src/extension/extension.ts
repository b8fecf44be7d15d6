// Activation only wires things up: settings, commands, the hover, code actions, context keys, the
// opt-in diagnostics and the language model tools.
// Nothing is computed until the user hovers, moves the cursor or runs a command.
import type * as vscode from 'vscode';
import { registerCommands } from './commands/register';
import { Config } from './config';
import { ContextKeys } from './context-keys';
import { registerLmTools } from './lm-tools';
import { registerCodeActions } from './providers/code-actions';
import { AmpDiagnostics } from './providers/diagnostics';
import { registerFixAll } from './providers/fix-all';
import { registerHoverProvider } from './providers/hover-provider';
import { createReportChannel } from './report-channel';
import { watchRepoConfig } from './repo-config';

export function activate(context: vscode.ExtensionContext): void {
  const config = new Config();
  context.subscriptions.push(
    config,
    createReportChannel(),
    watchRepoConfig(),
    registerCommands(config, context.workspaceState),
    registerHoverProvider(config),
    registerCodeActions(config),
    new ContextKeys(config),
    new AmpDiagnostics(config),
    registerFixAll(config),
    registerLmTools(config),
  );
}

export function deactivate(): void {
  // Nothing to do: everything activate() made is in context.subscriptions, which VS Code disposes.
}
