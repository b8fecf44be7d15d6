// Activation only wires things up: settings, commands, the hover, code actions and context keys.
// Nothing is computed until the user hovers, moves the cursor or runs a command.
import type * as vscode from 'vscode';
import { registerCommands } from './commands/register';
import { Config } from './config';
import { ContextKeys } from './contextKeys';
import { registerCodeActions } from './providers/codeActions';
import { registerHoverProvider } from './providers/hoverProvider';

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

export function deactivate(): void {}
