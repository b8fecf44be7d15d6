// A 5 MB document: convert all in one edit and one undo, hovers still answer, and a concurrent
// edit or closing the document loses or duplicates no text.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ourHover, run, type Summary } from './ext-helpers';
import { activateExtension, closeAllEditors, undo } from './util';

function bigText(name: string): { text: string; urls: number } {
  const lines: string[] = [`test: ${name}`];
  let size = 0;
  let urls = 0;
  for (let i = 1; size < 5_000_000; i++) {
    const line = i % 4 === 3 ? `plain text line ${i} without links, just words and (parentheses).` : `item ${i}: https://site${i % 997}.example.com/path/${i}?q=${i} end`;
    if (i % 4 !== 3) urls++;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: lines.join('\n'), urls };
}

/**
 * Opens the text from a file of its own: untitled names are reused after a close (Untitled-1
 * again), and with 5 MB documents the extension host's copy of a reused name was seen stale.
 */
async function openBig(name: string): Promise<{ editor: vscode.TextEditor; text: string; urls: number }> {
  const { text, urls } = bigText(name);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-big-')), `${name}.txt`);
  fs.writeFileSync(file, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
  assert.strictEqual(editor.document.getText(), text);
  return { editor, text, urls };
}

describe('extension: 5 MB document', function () {
  this.timeout(180_000);
  before(activateExtension);
  afterEach(closeAllEditors);

  it('converts every URL in one edit, one undo restores the exact text, hover still works', async () => {
    const { editor, text, urls } = await openBig('convert');
    assert.ok((await ourHover(editor.document, 'site1.example.com')).includes('`https://site1-example-com.cdn.ampproject.org'));
    const summary = await run('ampUrl.convertAll', { to: 'cache' });
    assert.strictEqual(summary.changed, urls);
    assert.strictEqual(summary.skipped.length, 0);
    const converted = editor.document.getText();
    assert.strictEqual(converted.split('.cdn.ampproject.org/c/s/').length - 1, urls);
    assert.ok(converted.includes('plain text line 7 without links, just words and (parentheses).'));
    await undo();
    assert.strictEqual(editor.document.getText(), text);
  });

  it('an edit landing during convert all: no text lost or duplicated', async () => {
    const { editor, text, urls } = await openBig('concurrent');
    const uri = editor.document.uri;
    const pending = run('ampUrl.convertAll', { to: 'cache' });
    const other = new vscode.WorkspaceEdit();
    other.insert(uri, new vscode.Position(0, 0), 'MARK ');
    const otherApplied = await vscode.workspace.applyEdit(other);
    const summary = await pending;
    const final = editor.document.getText();
    const marks = final.split('MARK ').length - 1;
    assert.strictEqual(marks, otherApplied ? 1 : 0, 'the other edit is there once, or was refused');
    const cached = final.split('.cdn.ampproject.org/c/s/').length - 1;
    if (summary.changed > 0) assert.strictEqual(cached, urls, 'convert all applied completely');
    else {
      assert.strictEqual(cached, 0, 'or not at all');
      assert.ok(summary.aborted);
    }
    assert.strictEqual(final.replace(/^MARK /, '').length >= text.length, true);
  });

  it('closing the document during convert all: the command ends with a summary, no exception', async () => {
    await openBig('close');
    const pending = run<Summary>('ampUrl.convertAll', { to: 'canonical' });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const summary = await pending;
    assert.strictEqual(typeof summary.changed, 'number');
  });
});
