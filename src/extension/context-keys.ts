// `ampUrl.onPublisherUrl` / `ampUrl.onCacheUrl`: which "Replace with…" menu items show. Each
// update reads a bounded window of one line; `setContext` only runs on a change.
//
// Why the hover feeds them too: a right-click moves the cursor and builds the menu at once in the
// window, while our selection-change update reaches the window only later from the extension
// host. So the first right-click on a URL, with the cursor elsewhere, would miss the item. The
// mouse rests on the URL before the click and VS Code asks the hover providers for that spot (after
// half of `editor.hover.delay`), so the keys follow the last of: the cursor moving, the mouse
// resting on text. Left as they are: a right-click without that rest (or with `editor.hover.enabled`
// off) still misses the item the first time; a right-click far past a line's end, just after
// hovering a URL, shows an item whose command then says there is no URL at the cursor.
import { CONTEXT_KEY } from './command-ids';
import * as vscode from 'vscode';
import type { Config } from './config';
import { Disposable } from './dispose';
import { inScope, urlAtPosition } from './documents';
import { classify } from '../shared/classify';

interface Spot {
  document: vscode.TextDocument;
  position: vscode.Position;
}

const pointer = new vscode.EventEmitter<Spot>();

/** Called by the hover provider: the mouse rests at `position` (or a hover was asked for there). */
export function pointerRestsAt(document: vscode.TextDocument, position: vscode.Position): void {
  pointer.fire({ document, position });
}

export class ContextKeys extends Disposable {
  private readonly values = new Map<string, boolean>();

  constructor(private readonly config: Config) {
    super();
    const atCursor = (e: vscode.TextEditor | undefined) => {
      this.update(e && { document: e.document, position: e.selection.active });
    };
    this.register(
      vscode.window.onDidChangeTextEditorSelection((e) => {
        atCursor(e.textEditor);
      }),
    );
    this.register(vscode.window.onDidChangeActiveTextEditor(atCursor));
    this.register(
      config.onDidChange(() => {
        atCursor(vscode.window.activeTextEditor);
      }),
    );
    // Only for a document on screen: a hover asked for by code on a hidden document says nothing
    // about where the user will right-click.
    this.register(
      pointer.event((spot) => {
        if (vscode.window.visibleTextEditors.some((e) => e.document === spot.document))
          this.update(spot);
      }),
    );
    // Off the activation path: the first update runs after activate() returns.
    const timer = setTimeout(() => {
      atCursor(vscode.window.activeTextEditor);
    }, 0);
    this.register({
      dispose: () => {
        clearTimeout(timer);
      },
    });
  }

  private update(spot: Spot | undefined): void {
    let onPublisher = false;
    let onCache = false;
    const s = this.config.settings;
    if (spot && inScope(spot.document, spot.position.line, s)) {
      const found = urlAtPosition(spot.document, spot.position);
      if (found) {
        // "Replace with publisher URL" is offered on every AMP URL: cache URLs and origins, and
        // viewer URLs (`https://www.google.com/amp/s/…`), which it reverses as well.
        const { kind } = classify(found.url, s.caches);
        onPublisher = kind === 'publisher';
        onCache = kind === 'cache' || kind === 'cacheOrigin' || kind === 'viewer';
      }
    }
    this.set(CONTEXT_KEY.onPublisherUrl, onPublisher);
    this.set(CONTEXT_KEY.onCacheUrl, onCache);
  }

  private set(key: string, value: boolean): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
