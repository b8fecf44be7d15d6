// Activation only wires things up: settings, commands, the hover, code actions and context keys.
// Nothing is computed until the user hovers, moves the cursor or runs a command.
import type * as vscode from 'vscode';
import { registerCommands } from './commands/register';
import { Config } from './config';
import { ContextKeys } from './context-keys';
import { registerCodeActions } from './providers/code-actions';
import { registerHoverProvider } from './providers/hover-provider';

export function activate(context: vscode.ExtensionContext): void {
  const config = new Config();
  context.subscriptions.push(
    config,
    registerCommands(config),
    registerHoverProvider(config),
    registerCodeActions(config),
    new ContextKeys(config),
  );
}

export function deactivate(): void {
  // Nothing to do: everything activate() made is in context.subscriptions, which VS Code disposes.
}
