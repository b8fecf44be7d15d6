// Every command through executeCommand on real documents: single and multiple cursors, one undo
// restoring the exact text, reasons for what is skipped, no edit for bad URLs.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { CACHE, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  openDoc,
  openFixture,
  placeCursors,
  selectText,
  undo,
} from './util';

describe('extension: commands', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('toCacheUrl on one cursor; one undo restores the exact text', async () => {
    const editor = await openFixture('sample.md');
    const before = editor.document.getText();
    placeCursors(editor, 'example.com/amp_document');
    const summary = await run('ampUrl.toCacheUrl');
    assert.deepStrictEqual(summary, { changed: 1, skipped: [] });
    assert.strictEqual(
      editor.document.getText(),
      before.replace(`Publisher: ${PUB}`, `Publisher: ${CACHE}`),
    );
    await undo();
    assert.strictEqual(editor.document.getText(), before);
  });

  it('multiple cursors: each URL once, text between untouched, one undo', async () => {
    const text = `a ${PUB} b\n(https://foo-example.com/x) c\nno url here\nwww.example.org/p d\n`;
    const editor = await openDoc(text);
    placeCursors(
      editor,
      'amp_document',
      'example.com/amp',
      'foo-example',
      'url here',
      'example.org',
    );
    const summary = await run('ampUrl.toCacheUrl');
    assert.strictEqual(summary.changed, 3);
    assert.strictEqual(
      editor.document.getText(),
      `a ${CACHE} b\n(https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/x) c\nno url here\nhttps://www-example-org.cdn.ampproject.org/c/www.example.org/p d\n`,
    );
    await undo();
    assert.strictEqual(editor.document.getText(), text);
  });

  it('toCacheUrl arguments: cache, serving type, image width', async () => {
    const editor = await openDoc('http://example.com/logo.png');
    placeCursors(editor, 'logo');
    await run('ampUrl.toCacheUrl', { cache: 'bing', servingType: 'ii', imageWidth: 640 });
    assert.strictEqual(
      editor.document.getText(),
      'https://example-com.www.bing-amp.com/ii/w640/example.com/logo.png',
    );
    const bad = await run('ampUrl.toCacheUrl', { cache: 'nope' });
    assert.strictEqual(bad.changed, 0);
    assert.match(bad.aborted ?? '', /Unknown cache/);
  });

  it('toPublisherUrl reverses a real cache URL and skips a publisher URL with a reason', async () => {
    const editor = await openDoc(`${CACHE}\n${PUB}`);
    editor.selection = new vscode.Selection(0, 0, 1, PUB.length);
    const summary = await run('ampUrl.toPublisherUrl');
    assert.strictEqual(summary.changed, 1);
    assert.deepStrictEqual(
      summary.skipped.map((s) => s.reason),
      ['not an AMP Cache or AMP viewer URL'],
    );
    assert.strictEqual(editor.document.getText(), `${PUB}\n${PUB}`);
  });

  it('a bad URL gives a reason and no edit', async () => {
    const text = 'go https://user:secret@example.com/x now';
    const editor = await openDoc(text);
    const version = editor.document.version;
    placeCursors(editor, 'secret');
    const summary = await run('ampUrl.toCacheUrl');
    assert.strictEqual(summary.changed, 0);
    assert.match(summary.skipped[0].reason, /user name or password/);
    assert.strictEqual(editor.document.getText(), text);
    assert.strictEqual(editor.document.version, version);
    placeCursors(editor, 'go');
    const none = await run('ampUrl.toCacheUrl');
    assert.deepStrictEqual(
      none.skipped.map((s) => s.reason),
      ['no URL at the cursor or in the selection'],
    );
  });

  it('canonicalize and normalize (preset argument)', async () => {
    const editor = await openDoc('x http://www.GOOgle.com/ y HTTP://Example.COM:80/%7efoo/./bar z');
    placeCursors(editor, 'GOOgle');
    assert.strictEqual((await run('ampUrl.canonicalize')).changed, 1);
    placeCursors(editor, 'Example');
    assert.strictEqual((await run('ampUrl.normalize', { preset: 'safe' })).changed, 1);
    assert.strictEqual(
      editor.document.getText(),
      'x http://www.google.com/ y http://example.com/~foo/bar z',
    );
    const again = await run('ampUrl.normalize', { preset: 'safe' });
    assert.deepStrictEqual(
      again.skipped.map((s) => s.reason),
      ['already in this form'],
    );
  });

  it('showCacheOrigin returns the origins of every cursor', async () => {
    const editor = await openDoc(`${PUB} ${CACHE} https://foo-example.com/`);
    placeCursors(editor, 'example.com/amp', 'cdn.ampproject', 'foo-example');
    const origins = await run<string[]>('ampUrl.showCacheOrigin');
    assert.deepStrictEqual(origins, [
      'https://example-com.cdn.ampproject.org',
      'https://foo--example-com.cdn.ampproject.org',
    ]);
  });

  it('showAllForms lists the forms in a Quick Pick; Enter copies the picked one, the text stays', async () => {
    const editor = await openDoc(`see ${PUB} now`);
    placeCursors(editor, 'amp_document');
    const shown = run<{ forms: { id: string; value: string }[]; picked?: { id: string } }>(
      'ampUrl.showAllForms',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await shown;
    assert.ok(result.forms.some((f) => f.id === 'cache' && f.value === CACHE));
    assert.ok(result.forms.some((f) => f.id.startsWith('hash:')));
    assert.strictEqual(result.picked?.id, 'cache');
    assert.strictEqual(await vscode.env.clipboard.readText(), CACHE);
    assert.strictEqual(editor.document.getText(), `see ${PUB} now`);
  });

  it('normalize with contradictory steps writes nothing and says why', async () => {
    const editor = await openDoc(`see ${PUB} now`);
    placeCursors(editor, 'amp_document');
    const summary = await run('ampUrl.normalize', {
      options: { forceHttp: true, forceHttps: true },
    });
    assert.strictEqual(summary.changed, 0);
    assert.match(summary.aborted ?? '', /forceHttp.*forceHttps.*contradict/);
    assert.strictEqual(editor.document.getText(), `see ${PUB} now`);
  });

  it('insertCacheUrl inserts at every cursor, in one edit', async () => {
    const editor = await openDoc('A\nB\n');
    editor.selections = [new vscode.Selection(0, 1, 0, 1), new vscode.Selection(1, 1, 1, 1)];
    const summary = await run('ampUrl.insertCacheUrl', { url: PUB });
    assert.strictEqual(summary.changed, 2);
    assert.strictEqual(editor.document.getText(), `A${CACHE}\nB${CACHE}\n`);
    await undo();
    assert.strictEqual(editor.document.getText(), 'A\nB\n');
    const bad = await run('ampUrl.insertCacheUrl', { url: 'not a url' });
    assert.strictEqual(bad.changed, 0);
    assert.strictEqual(editor.document.getText(), 'A\nB\n');
  });

  it('convertAll: the whole document or only the selection, prose untouched, one undo', async () => {
    const text = `# Links\n\n- [a](${PUB})\n- <https://foo-example.com/p?q=1>\n- already ${CACHE}\n\nThe end.\n`;
    const editor = await openDoc(text, 'markdown');
    const all = await run('ampUrl.convertAll', { to: 'cache' });
    assert.strictEqual(all.changed, 2);
    assert.deepStrictEqual(
      all.skipped.map((s) => s.reason),
      ['already an AMP Cache URL'],
    );
    assert.strictEqual(
      editor.document.getText(),
      `# Links\n\n- [a](${CACHE})\n- <https://foo--example-com.cdn.ampproject.org/c/s/foo-example.com/p?q=1>\n- already ${CACHE}\n\nThe end.\n`,
    );
    await undo();
    assert.strictEqual(editor.document.getText(), text);
    selectText(editor, `- [a](${PUB})`);
    const some = await run('ampUrl.convertAll', { to: 'cache' });
    assert.strictEqual(some.changed, 1);
    assert.ok(editor.document.getText().includes('<https://foo-example.com/p?q=1>'));
    const back = await run('ampUrl.convertAll', { to: 'publisher', force: true });
    assert.ok(back.changed >= 1);
  });

  it('replace (hover link) checks the expected text; a stale one changes nothing', async () => {
    const editor = await openDoc(`x ${PUB} y`);
    const target = { uri: editor.document.uri.toString(), start: 2, end: 2 + PUB.length };
    assert.strictEqual(
      await run<boolean>('ampUrl.replace', {
        ...target,
        expected: PUB.slice(0, -1) + 'X',
        form: 'cache',
      }),
      false,
    );
    assert.strictEqual(editor.document.getText(), `x ${PUB} y`);
    assert.strictEqual(
      await run<boolean>('ampUrl.replace', { ...target, expected: PUB, form: 'cache' }),
      true,
    );
    assert.strictEqual(editor.document.getText(), `x ${CACHE} y`);
    assert.strictEqual(await run<boolean>('ampUrl.open', 'javascript:alert(1)'), false);
  });

  it('copy (hover link) copies the recomputed form; text or other values are refused', async () => {
    const editor = await openDoc(`x ${PUB} y`);
    const target = { uri: editor.document.uri.toString(), start: 2, end: 2 + PUB.length };
    await vscode.env.clipboard.writeText('before');
    assert.strictEqual(await run<boolean>('ampUrl.copy', CACHE), false);
    assert.strictEqual(await run<boolean>('ampUrl.copy', { toString: () => 'x' }), false);
    assert.strictEqual(await vscode.env.clipboard.readText(), 'before');
    assert.strictEqual(
      await run<boolean>('ampUrl.copy', { ...target, expected: PUB, form: 'cache' }),
      true,
    );
    assert.strictEqual(await vscode.env.clipboard.readText(), CACHE);
  });

  it('context menu and reverse commands on several cursors: each URL of its kind, one undo', async () => {
    const other = 'https://foo.example.org/b';
    const otherCache = 'https://foo-example-org.cdn.ampproject.org/c/s/foo.example.org/b';
    const text = `${PUB} and ${otherCache}\n${other} and ${CACHE}`;
    const editor = await openDoc(text);
    placeCursors(editor, 'amp_document', 'foo-example-org', 'foo.example.org/b and');
    const toCache = await run('ampUrl.replaceWithCacheUrl');
    assert.strictEqual(toCache.changed, 2, JSON.stringify(toCache));
    assert.deepStrictEqual(
      toCache.skipped.map((k) => k.url),
      [otherCache],
    );
    assert.strictEqual(
      editor.document.getText(),
      `${CACHE} and ${otherCache}\n${otherCache} and ${CACHE}`,
    );
    await undo();
    assert.strictEqual(editor.document.getText(), text);
    placeCursors(editor, 'amp_document', 'foo-example-org', 'cdn.ampproject.org/c/s/example.com');
    const reverse = await run('ampUrl.toPublisherUrl');
    assert.strictEqual(reverse.changed, 2, JSON.stringify(reverse));
    assert.deepStrictEqual(
      reverse.skipped.map((k) => k.url),
      [PUB],
    );
    assert.strictEqual(editor.document.getText(), `${PUB} and ${other}\n${other} and ${PUB}`);
    await undo();
    assert.strictEqual(editor.document.getText(), text);
  });

  it('context menu commands convert like the palette ones', async () => {
    const editor = await openDoc(PUB);
    placeCursors(editor, 'amp_document');
    assert.strictEqual((await run('ampUrl.replaceWithCacheUrl')).changed, 1);
    placeCursors(editor, 'amp_document');
    assert.strictEqual((await run('ampUrl.replaceWithPublisherUrl')).changed, 1);
    assert.strictEqual(editor.document.getText(), PUB);
  });
});
