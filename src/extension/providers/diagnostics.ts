// Opt-in Problems (ampUrl.diagnostics.enabled, off by default, a restricted setting): an
// Information diagnostic on each AMP Cache and viewer URL of open documents that has a publisher
// URL, naming that URL. Debounced per document and planned in chunks off the typing path
// (shared/chunked-plan.ts): no keystroke or update holds the extension host for more than one
// slice, a run stops at the 1,000th problem, and a newer edit abandons the run under way.
import * as vscode from 'vscode';
import type { Config } from '../config';
import { Disposable } from '../dispose';
import { documentSize, textReader } from '../documents';
import { problemMessage } from '../logic/problem-message';
import { absoluteUrl } from '../../core';
import { planInChunks, sliced, type ChunkEdit, type TextSource } from '../../shared/chunked-plan';
import { eventLoop } from '../../shared/time-slice';
import { makeTransform } from '../../shared/transforms';
import type { Settings } from '../../shared/settings';
import { editFilter } from '../../shared/suppress/edit-filter';
import { onDidChangeRepoConfig, usableRepoConfigOf } from '../repo-config';

export const DIAGNOSTIC_SOURCE = 'AMP URL';
export const DIAGNOSTIC_CODE = 'amp-url';
/** At most this many diagnostics per document. */
const MAX_DIAGNOSTICS = 1000;
const DEBOUNCE_MS = 300;

/** A planned publisher-URL edit, placed in the document. */
export interface PlacedEdit extends ChunkEdit {
  range: vscode.Range;
}

/** `doc` read in pieces at exact offsets (textReader). */
export function documentSource(doc: vscode.TextDocument): TextSource {
  return { length: documentSize(doc), read: textReader(doc) };
}

/**
 * The publisher-URL edits of a document, planned in slices, each turned by `then` into what the
 * caller keeps (inside the slices: 1,000 diagnostics made at the end would be one more block);
 * none when it is out of scope (languages, limits); undefined when `cancelled` says so first.
 * At most `cap`.
 */
async function placedEdits<T>(
  doc: vscode.TextDocument,
  s: Settings,
  then: (e: PlacedEdit) => T,
  o: { cap?: number; cancelled?: () => boolean; beyondLine?: () => void } = {},
): Promise<T[] | undefined> {
  if (s.languages && !s.languages.has(doc.languageId)) return [];
  if (documentSize(doc) > s.limits.maxDocumentSize) return [];
  const version = doc.version;
  // What the file's amp-url-disable comments and the folder's .amp-url.json leave out, as
  // `amp-url check` leaves it (src/shared/suppress).
  const config = await usableRepoConfigOf(doc.uri);
  if (doc.isClosed || doc.version !== version) return undefined;
  const wanted = editFilter(doc.getText(), doc.languageId, config);
  const chunks = planInChunks(documentSource(doc), {
    target: 'publisher',
    transform: makeTransform('publisher', s, {}, vscode.l10n.t),
    caches: s.caches,
    t: vscode.l10n.t,
    languageId: doc.languageId,
  });
  return sliced(chunks, {
    cap: o.cap,
    ...eventLoop,
    // A newer version has its own run; this one's offsets no longer fit the text.
    cancelled: () => doc.isClosed || doc.version !== version || o.cancelled?.() === true,
    keep: (e) => {
      if (!wanted(e)) return undefined;
      const range = new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end));
      // A URL on a line beyond the line limit gets none (as the hover); the caller is told.
      if (range.end.character <= s.limits.maxLineLength) return then({ ...e, range });
      o.beyondLine?.();
      return undefined;
    },
  });
}

/** placedEdits, the edits themselves. */
export function publisherEdits(
  doc: vscode.TextDocument,
  s: Settings,
  o: { cap?: number; cancelled?: () => boolean; beyondLine?: () => void } = {},
): Promise<PlacedEdit[] | undefined> {
  return placedEdits(doc, s, (e) => e, o);
}

export class AmpDiagnostics extends Disposable {
  private readonly collection = this.register(
    vscode.languages.createDiagnosticCollection('ampUrl'),
  );
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The run under way per document: a newer one replaces it. */
  private readonly runs = new Map<string, object>();

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
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
    );
    this.register(
      w.onDidCloseTextDocument((d) => {
        this.forget(d);
      }),
    );
    // Config reloads on ampUrl.* changes and on a grant of trust (the setting is restricted).
    this.register(
      config.onDidChange(() => {
        this.refreshAll();
      }),
    );
    this.register(
      onDidChangeRepoConfig(() => {
        this.refreshAll();
      }),
    );
    this.register({
      dispose: () => {
        for (const t of this.timers.values()) clearTimeout(t);
        this.runs.clear();
      },
    });
    this.refreshAll();
  }

  /** Our diagnostics of `uri` (how many the lightbulb's fix-all would touch). */
  count(uri: vscode.Uri): number {
    return this.collection.get(uri)?.length ?? 0;
  }

  private get enabled(): boolean {
    return this.config.settings.diagnosticsEnabled;
  }

  private refreshAll(): void {
    if (!this.enabled) {
      this.collection.clear();
      this.runs.clear();
      return;
    }
    for (const d of vscode.workspace.textDocuments) this.schedule(d);
  }

  private schedule(doc: vscode.TextDocument): void {
    if (!this.enabled) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.runs.delete(key);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.update(doc);
      }, DEBOUNCE_MS),
    );
  }

  private forget(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.runs.delete(key);
    this.collection.delete(doc.uri);
  }

  private async update(doc: vscode.TextDocument): Promise<void> {
    if (doc.isClosed || !this.enabled) return;
    const key = doc.uri.toString();
    const run = {};
    this.runs.set(key, run);
    const s = this.config.settings;
    const transform = makeTransform('publisher', s, {}, vscode.l10n.t);
    const diagnostics = await placedEdits(
      doc,
      s,
      (e) => {
        // The URL the fix writes (newText is that URL escaped for its context).
        const url = transform(absoluteUrl(e.oldText)).text ?? e.newText;
        const d = new vscode.Diagnostic(
          e.range,
          problemMessage(e.group, url, vscode.l10n.t),
          vscode.DiagnosticSeverity.Information,
        );
        d.source = DIAGNOSTIC_SOURCE;
        d.code = DIAGNOSTIC_CODE;
        return d;
      },
      { cap: MAX_DIAGNOSTICS, cancelled: () => this.runs.get(key) !== run },
    );
    if (!diagnostics || this.runs.get(key) !== run) return;
    this.runs.delete(key);
    this.collection.set(doc.uri, diagnostics);
  }
}
