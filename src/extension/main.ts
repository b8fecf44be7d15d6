// The extension bundle's entry (scripts/build.mjs builds dist/extension.js from it). VS Code calls
// activate and deactivate, which load the extension (./extension.ts) on that first call; until
// then the bundle has run only the vscode-free modules of the workspace scan's planner, exported
// here. So a scan worker (src/node/scan-worker.ts), where there is no `vscode` module, requires
// this same bundle to plan its files, and the .vsix carries the core once.
import type * as vscode from 'vscode';

export { fileScanner, scanBytes } from '../shared/scan-bytes';

type Extension = typeof import('./extension');
let extension: Extension | undefined;

function loaded(): Extension {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred until activation
  extension ??= require('./extension') as Extension;
  return extension;
}

export function activate(context: vscode.ExtensionContext): void {
  loaded().activate(context);
}

export function deactivate(): void {
  loaded().deactivate();
}
