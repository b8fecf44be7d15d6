// Typed settings, read lazily and re-read when `ampUrl.*` or workspace trust changes: no reload.
import * as vscode from 'vscode';
import { Disposable } from './dispose';
import { plainMessage } from './logic/escape';
import { readSettings, trustAwareGetter, type Settings } from '../shared/settings';

export class Config extends Disposable {
  private current: Settings | undefined;
  private readonly warned = new Set<string>();
  private readonly changed = this.register(new vscode.EventEmitter<Settings>());
  /** Fires with the new settings after any `ampUrl.*` change. */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('ampUrl')) this.reload();
      }),
    );
    this.register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.reload();
      }),
    );
  }

  /** The current settings (read on first use, so activation stays cheap). */
  get settings(): Settings {
    if (!this.current) {
      const section = vscode.workspace.getConfiguration('ampUrl');
      const trusted = vscode.workspace.isTrusted;
      const get = trustAwareGetter(
        (key) => section.get(key),
        (key) => section.inspect(key),
        trusted,
      );
      this.current = readSettings(get, trusted, vscode.l10n.t);
      this.warn(this.current.problems);
    }
    return this.current;
  }

  private reload(): void {
    this.current = undefined;
    this.changed.fire(this.settings);
  }

  private warn(problems: readonly string[]): void {
    for (const p of problems) {
      if (this.warned.has(p)) continue;
      this.warned.add(p);
      // Problems quote workspace settings: no link or icon syntax may survive into the notification.
      void vscode.window.showWarningMessage(
        plainMessage(vscode.l10n.t('AMP URL settings: {0}', p)),
      );
    }
  }
}
