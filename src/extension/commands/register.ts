// Binds every command id (see CONTRACT.md) to its handler.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { canonicalizeUrls } from './canonicalize';
import { convertAll } from './convert-all';
import { copy, open, replace } from './hover-links';
import { insertCacheUrl } from './insert-cache-url';
import { normalizeUrls } from './normalize';
import { showAllForms } from './show-all-forms';
import { showCacheOrigin } from './show-cache-origin';
import { toCacheUrl } from './to-cache-url';
import { toPublisherUrl } from './to-publisher-url';

export function registerCommands(config: Config): vscode.Disposable {
  // Programmatic arguments arrive untyped; each handler checks what it is given.
  const handlers: Record<string, (...args: any[]) => unknown> = {
    'ampUrl.toCacheUrl': (args) => toCacheUrl(config, args),
    'ampUrl.toPublisherUrl': () => toPublisherUrl(config),
    'ampUrl.showCacheOrigin': () => showCacheOrigin(config),
    'ampUrl.canonicalize': () => canonicalizeUrls(config),
    'ampUrl.normalize': (args) => normalizeUrls(config, args),
    'ampUrl.showAllForms': (args) => showAllForms(config, args),
    'ampUrl.insertCacheUrl': (args) => insertCacheUrl(config, args),
    'ampUrl.convertAll': (args) => convertAll(config, args),
    // Context menu items: the same conversions, never with arguments (the menu passes a URI).
    'ampUrl.replaceWithCacheUrl': () => toCacheUrl(config),
    'ampUrl.replaceWithPublisherUrl': () => toPublisherUrl(config),
    'ampUrl.copy': copy,
    'ampUrl.replace': replace,
    'ampUrl.open': open,
  };
  return vscode.Disposable.from(
    ...Object.entries(handlers).map(([id, run]) => vscode.commands.registerCommand(id, run)),
  );
}
