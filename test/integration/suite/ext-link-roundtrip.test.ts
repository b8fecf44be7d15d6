// The hover's own links run: each Copy and Replace link of a real hover does what it says, with
// the arguments the hover made (a LinkTarget naming the form), so refusing crafted arguments did
// not break the links themselves. Open links are only checked, never run (no browser here).
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { CACHE, PUB, linkTargets, ourHover, run } from './ext-helpers';
import { activateExtension, closeAllEditors, openDoc, undo } from './util';

/** The command and its single LinkTarget argument, of each of our links in `md`. */
function links(md: string): { command: string; arg: unknown }[] {
  return linkTargets(md)
    .filter((t) => t.startsWith('command:ampUrl.'))
    .map((t) => {
      const q = t.indexOf('?');
      const args = JSON.parse(decodeURIComponent(t.slice(q + 1))) as unknown[];
      assert.strictEqual(args.length, 1, t);
      return { command: t.slice('command:'.length, q), arg: args[0] };
    });
}

describe('extension: the hover links run as shown', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('the Replace link of the cache form writes the cache URL; one undo restores', async () => {
    const editor = await openDoc(`x ${PUB} y\n`);
    const all = links(await ourHover(editor.document, 'amp_document'));
    const replace = all.find(
      (l) => l.command === 'ampUrl.replace' && parseLinkTarget(l.arg)?.form === 'cache',
    );
    assert.ok(replace, JSON.stringify(all));
    assert.strictEqual(await run<boolean>('ampUrl.replace', replace.arg), true);
    assert.strictEqual(editor.document.getText(), `x ${CACHE} y\n`);
    await undo();
    assert.strictEqual(editor.document.getText(), `x ${PUB} y\n`);
  });

  it('every Copy link copies a value, every link names this document and the URL there', async () => {
    const editor = await openDoc(`x ${PUB} y\n`);
    const all = links(await ourHover(editor.document, 'amp_document'));
    const copies = all.filter((l) => l.command === 'ampUrl.copy');
    assert.ok(copies.length >= 3);
    for (const l of all) {
      const t = parseLinkTarget(l.arg);
      assert.ok(t, `${l.command}: not a LinkTarget`);
      assert.strictEqual(t.uri, editor.document.uri.toString());
      assert.strictEqual(editor.document.getText().slice(t.start, t.end), t.expected);
    }
    const values = new Set<string>();
    for (const l of copies) {
      await vscode.env.clipboard.writeText('before');
      assert.strictEqual(await run<boolean>('ampUrl.copy', l.arg), true, JSON.stringify(l.arg));
      values.add(await vscode.env.clipboard.readText());
    }
    assert.ok(values.has(CACHE), [...values].join('\n'));
    assert.ok(!values.has('before'));
    assert.strictEqual(editor.document.getText(), `x ${PUB} y\n`);
  });
});
