// Opt-in Problems (ampUrl.diagnostics.enabled, off by default): an Information diagnostic on each
// AMP Cache and viewer URL of open documents that has a publisher URL. Debounced per document and
// bounded by ampUrl.limits, so typing in a large file stays cheap.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { Disposable } from '../dispose';
import { documentSize } from '../documents';
import { makeTransform } from '../../shared/transforms';
import { planFile, type WorkspaceEditPlan } from '../../shared/workspace-plan';
import type { Settings } from '../../shared/settings';

export const DIAGNOSTIC_SOURCE = 'AMP URL';
export const DIAGNOSTIC_CODE = 'amp-url';
/** At most this many diagnostics per document. */
export const MAX_DIAGNOSTICS = 1000;
const DEBOUNCE_MS = 300;

export function diagnosticsEnabled(): boolean {
  return vscode.workspace.getConfiguration('ampUrl').get('diagnostics.enabled') === true;
}

/** The publisher-URL edits of a document, or none when it is out of scope (languages, limits). */
export function publisherEdits(doc: vscode.TextDocument, s: Settings): WorkspaceEditPlan[] {
  if (s.languages && !s.languages.has(doc.languageId)) return [];
  if (documentSize(doc) > s.limits.maxDocumentSize) return [];
  const plan = planFile(
    doc.getText(),
    'publisher',
    makeTransform('publisher', s, {}, vscode.l10n.t),
    s.caches,
    vscode.l10n.t,
    doc.languageId,
  );
  // A URL on a line beyond the line limit gets none (as the hover).
  return plan.edits.filter((e) => e.range.endChar <= s.limits.maxLineLength);
}

export function editRange(e: WorkspaceEditPlan): vscode.Range {
  return new vscode.Range(e.range.startLine, e.range.startChar, e.range.endLine, e.range.endChar);
}

export class AmpDiagnostics extends Disposable {
  private readonly collection = this.register(
    vscode.languages.createDiagnosticCollection('ampUrl'),
  );
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly config: Config) {
    super();
    const w = vscode.workspace;
    this.register(
      w.onDidOpenTextDocument((d) => {
        this.schedule(d);
      }),
    );
    this.register(
      w.onDidChangeTextDocument((e) => {
        this.schedule(e.document);
      }),
    );
    this.register(
      w.onDidCloseTextDocument((d) => {
        this.forget(d);
      }),
    );
    this.register(
      w.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('ampUrl')) this.refreshAll();
      }),
    );
    this.register({
      dispose: () => {
        for (const t of this.timers.values()) clearTimeout(t);
      },
    });
    this.refreshAll();
  }

  private refreshAll(): void {
    if (!diagnosticsEnabled()) {
      this.collection.clear();
      return;
    }
    for (const d of vscode.workspace.textDocuments) this.schedule(d);
  }

  private schedule(doc: vscode.TextDocument): void {
    if (!diagnosticsEnabled()) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.update(doc);
      }, DEBOUNCE_MS),
    );
  }

  private forget(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.collection.delete(doc.uri);
  }

  private update(doc: vscode.TextDocument): void {
    if (doc.isClosed || !diagnosticsEnabled()) return;
    const diagnostics = publisherEdits(doc, this.config.settings)
      .slice(0, MAX_DIAGNOSTICS)
      .map((e) => {
        const d = new vscode.Diagnostic(
          editRange(e),
          e.group === 'viewerToPublisher'
            ? vscode.l10n.t('AMP viewer URL: the publisher URL can be used instead')
            : vscode.l10n.t('AMP Cache URL: the publisher URL can be used instead'),
          vscode.DiagnosticSeverity.Information,
        );
        d.source = DIAGNOSTIC_SOURCE;
        d.code = DIAGNOSTIC_CODE;
        return d;
      });
    this.collection.set(doc.uri, diagnostics);
  }
}
