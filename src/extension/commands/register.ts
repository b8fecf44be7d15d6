// Binds every command id (command-ids.ts) to its handler.
import * as vscode from 'vscode';
import { COMMAND, type CommandName } from '../command-ids';
import type { Config } from '../config';
import { canonicalizeUrls } from './canonicalize';
import { convertAll } from './convert-all';
import { copy, open, replace } from './hover-links';
import { insertCacheUrl } from './insert-cache-url';
import { normalizeUrls } from './normalize';
import { replaceAmpUrls } from './replace-amp-urls';
import { showAllForms } from './show-all-forms';
import { showCacheOrigin } from './show-cache-origin';
import { toCacheUrl } from './to-cache-url';
import { toPublisherUrl } from './to-publisher-url';
import { workspaceConvert } from '../workspace/convert';
import { undoWorkspaceChange } from '../workspace/undo';

export function registerCommands(config: Config, state: vscode.Memento): vscode.Disposable {
  // Arguments arrive from anywhere (command links, other extensions, keybindings): each handler
  // takes them as `unknown` and checks them itself.
  const handlers: Record<CommandName, (...args: unknown[]) => unknown> = {
    toCacheUrl: (...args) => toCacheUrl(config, ...args),
    toPublisherUrl: () => toPublisherUrl(config),
    showCacheOrigin: () => showCacheOrigin(config),
    canonicalize: () => canonicalizeUrls(config),
    normalize: (...args) => normalizeUrls(config, ...args),
    showAllForms: (...args) => showAllForms(config, ...args),
    insertCacheUrl: (...args) => insertCacheUrl(config, ...args),
    convertAll: (...args) => convertAll(config, ...args),
    replaceAmpUrls: (...args) => replaceAmpUrls(config, ...args),
    // Context menu items: the same conversions, never with arguments (the menu passes a URI).
    replaceWithCacheUrl: () => toCacheUrl(config),
    replaceWithPublisherUrl: () => toPublisherUrl(config),
    copy: (...args) => copy(config, ...args),
    replace: (...args) => replace(config, ...args),
    open: (...args) => open(config, ...args),
    workspaceToPublisher: (...args) => workspaceConvert(config, state, 'publisher', ...args),
    workspaceToCache: (...args) => workspaceConvert(config, state, 'cache', ...args),
    undoWorkspaceChange: () => undoWorkspaceChange(),
  };
  return vscode.Disposable.from(
    ...(Object.keys(handlers) as CommandName[]).map((name) =>
      vscode.commands.registerCommand(COMMAND[name], handlers[name]),
    ),
  );
}
