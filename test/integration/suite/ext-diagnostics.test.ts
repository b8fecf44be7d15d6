// The opt-in Problems in the real VS Code: what a problem says, what the lightbulb offers beside
// one (the conversion once, Fix all as a quick fix made only when picked), and a 10 MB document
// (planned in chunks, stopped at the 1,000th problem; the host's longest block is logged, and
// measured in `npm run bench -- typing`, never asserted).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { textReader } from '../../../src/extension/documents';
import { CACHE, PUB } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  openDoc,
  resetConfig,
  setConfig,
  undo,
  waitFor,
  watchEventLoop,
} from './util';

const CACHE2 = 'https://example-com.cdn.ampproject.org/c/s/example.com/b.html?x=1';
const PUB2 = 'https://example.com/b.html?x=1';

const ours = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'AMP URL');

async function problems(
  uri: vscode.Uri,
  n: number,
  timeoutMs = 5000,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    () => (ours(uri).length === n ? ours(uri) : undefined),
    `${n} problems (have ${ours(uri).length})`,
    timeoutMs,
  );
}

/**
 * What the lightbulb asks for at `at` (no kind), resolving the first `resolve` actions; asked
 * until the quick fix comes (right after a document opens, the workbench can answer before it
 * has the document's model, ext-code-actions.test.ts).
 */
async function lightbulb(
  doc: vscode.TextDocument,
  at: vscode.Range,
  resolve = 0,
): Promise<vscode.CodeAction[]> {
  return waitFor(async () => {
    const actions =
      (await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        at,
        undefined,
        resolve,
      )) ?? [];
    return actions.some((a) => a.kind?.value === 'quickfix') ? actions : undefined;
  }, 'the quick fix in the lightbulb');
}

describe('AMP URL Problems (real VS Code)', () => {
  before(activateExtension);
  beforeEach(() => setConfig('diagnostics.enabled', true));
  afterEach(async () => {
    await resetConfig('diagnostics.enabled', 'limits.maxDocumentSize');
    await closeAllEditors();
  });

  it('a document is read at exact offsets, a CRLF between two pieces included', async () => {
    const text = `ab\r\ncd\r\n\r\n${CACHE}\r\n`;
    const editor = await openDoc(text, 'plaintext');
    const read = textReader(editor.document);
    for (let from = 0; from <= text.length; from++)
      for (let to = from; to <= text.length; to += 3)
        assert.equal(read(from, to), text.slice(from, to), `[${from}, ${to})`);
  });

  it('a problem names the publisher URL it would write (the URL, not its JSON escape)', async () => {
    const json = `{"a": "${CACHE2.replaceAll('/', '\\/')}",\n "b": "${CACHE}"}\n`;
    const editor = await openDoc(json, 'json');
    const found = await problems(editor.document.uri, 2);
    assert.deepEqual(
      found.map((d) => d.message),
      [
        `AMP Cache URL: use the publisher URL ${PUB2}`,
        `AMP Cache URL: use the publisher URL ${PUB}`,
      ],
    );
  });

  it('the lightbulb: Replace with publisher URL once, Fix all as a quick fix made when picked', async () => {
    const text = `one ${CACHE}\ntwo ${CACHE2}\n`;
    const editor = await openDoc(text, 'markdown');
    const doc = editor.document;
    await problems(doc.uri, 2);
    const at = new vscode.Range(0, 10, 0, 10);
    const actions = await lightbulb(doc, at);
    const titles = actions.map((a) => a.title);
    assert.equal(titles.filter((t) => t === 'Replace with publisher URL').length, 1, titles.join());
    const fix = actions.find((a) => a.title === 'Replace with publisher URL');
    const all = actions.find((a) => a.title === 'Fix all AMP URLs in file');
    assert.ok(fix && all, titles.join());
    assert.equal(fix.kind?.value, 'quickfix');
    assert.equal(fix.isPreferred, true);
    assert.equal(all.kind?.value, 'quickfix.ampUrl.fixAll');
    // Nothing for the whole file is computed for a lightbulb request: the edit comes when picked.
    assert.equal(all.edit, undefined);
    // The Refactor menu (asked for by kind) still lists the conversion with the others.
    const refactor = (
      await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        at,
        'refactor',
      )
    ).map((a) => a.title);
    assert.ok(refactor.includes('Replace with publisher URL'), refactor.join());

    assert.ok(fix.edit && (await vscode.workspace.applyEdit(fix.edit)));
    assert.equal(doc.getText(), `one ${PUB}\ntwo ${CACHE2}\n`);
    await undo();
    assert.equal(doc.getText(), text);

    // Resolved (as when picked), Fix all writes both.
    await problems(doc.uri, 2);
    const resolved = await lightbulb(doc, at, 10);
    const picked = resolved.find((a) => a.title === 'Fix all AMP URLs in file');
    assert.ok(picked?.edit, 'resolved: the edit is there');
    assert.ok(await vscode.workspace.applyEdit(picked.edit));
    assert.equal(doc.getText(), `one ${PUB}\ntwo ${PUB2}\n`);
    await undo();
    assert.equal(doc.getText(), text);
  });

  it('one problem in the file: no Fix all in the lightbulb', async () => {
    const editor = await openDoc(`one ${CACHE}\n`, 'markdown');
    await problems(editor.document.uri, 1);
    const titles = (await lightbulb(editor.document, new vscode.Range(0, 10, 0, 10))).map(
      (a) => a.title,
    );
    assert.ok(titles.includes('Replace with publisher URL'), titles.join());
    assert.ok(!titles.includes('Fix all AMP URLs in file'), titles.join());
  });

  it('a 10 MB log with 3,000 AMP URLs: exactly 1,000 problems, the first 1,000, placed right (CRLF)', async function () {
    this.timeout(120_000);
    await setConfig('limits.maxDocumentSize', 20_000_000);
    const lines: string[] = [];
    let size = 0;
    let urls = 0;
    for (let i = 0; size < 10_000_000; i++) {
      const line =
        i % 30 === 7
          ? `${i} GET ${CACHE.replace('amp_document', `p${++urls}`)} 200`
          : `${i} 2026-11-25T01:00:00Z worker ${i % 13} handled request id=${(i * 7919).toString(36)} in 12 ms`;
      lines.push(line);
      size += line.length + 2;
    }
    assert.ok(urls > 3000, `${urls} URLs`);
    const editor = await openDoc(lines.join('\r\n'), 'plaintext');
    const doc = editor.document;
    const lag = watchEventLoop();
    const found = await problems(doc.uri, 1000, 60_000);
    console.log(`      (10 MB, problems on: the test host's longest block ${lag.stop()} ms)`);
    // The cap: the 1,000th URL's line is the last one with a problem.
    const last = found.reduce((a, b) => (a.range.start.line > b.range.start.line ? a : b));
    assert.equal(last.range.start.line, 7 + 30 * 999);
    assert.equal(doc.getText(last.range), CACHE.replace('amp_document', 'p1000'));
    assert.equal(
      last.message,
      `AMP Cache URL: use the publisher URL ${PUB.replace('amp_document', 'p1000')}`,
    );

    // Typing at the top: a new run places the problems one line down.
    const block = watchEventLoop();
    await editor.edit((b) => {
      b.insert(new vscode.Position(0, 0), 'typed\r\n');
    });
    await waitFor(
      () => ours(doc.uri).some((d) => d.range.start.line === 8 + 30 * 999),
      'the problems moved with the typed line',
      60_000,
    );
    console.log(`      (after a typed line: the test host's longest block ${block.stop()} ms)`);
    assert.equal(ours(doc.uri).length, 1000);
  });
});
