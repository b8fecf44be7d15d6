// `ampUrl.onPublisherUrl` / `ampUrl.onCacheUrl`: which "Replace with…" menu items show. Updated
// on selection change from a bounded window around the cursor; `setContext` only on a change.
import * as vscode from 'vscode';
import type { Config } from './config';
import { Disposable } from './dispose';
import { inScope, urlAtPosition } from './documents';
import { classify } from './logic/classify';

export class ContextKeys extends Disposable {
  private readonly values = new Map<string, boolean>();

  constructor(private readonly config: Config) {
    super();
    this.register(vscode.window.onDidChangeTextEditorSelection((e) => this.update(e.textEditor)));
    this.register(vscode.window.onDidChangeActiveTextEditor((e) => this.update(e)));
    this.register(config.onDidChange(() => this.update(vscode.window.activeTextEditor)));
    // Off the activation path: the first update runs after activate() returns.
    const timer = setTimeout(() => this.update(vscode.window.activeTextEditor), 0);
    this.register({ dispose: () => clearTimeout(timer) });
  }

  private update(editor: vscode.TextEditor | undefined): void {
    let onPublisher = false;
    let onCache = false;
    const s = this.config.settings;
    const pos = editor?.selection.active;
    if (editor && pos && inScope(editor.document, pos.line, s)) {
      const found = urlAtPosition(editor.document, pos);
      if (found) {
        const kind = classify(found.url, s.caches).kind;
        onPublisher = kind === 'publisher';
        onCache = !onPublisher;
      }
    }
    this.set('ampUrl.onPublisherUrl', onPublisher);
    this.set('ampUrl.onCacheUrl', onCache);
  }

  private set(key: string, value: boolean): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
