// Commands called as an attacker would: a command link in other Markdown, another extension or a
// keybinding can run our commands with any arguments. Whatever they pass, no document changes,
// the clipboard gets nothing of theirs and nothing is opened; only a link naming the URL really
// at its range writes, and what it writes is recomputed (issue 12, item 2).
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { CACHE, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  openDoc,
  placeCursors,
  resetConfig,
  setConfig,
  undo,
  waitFor,
} from './util';

const EVIL = 'any text <img src=x> https://evil.example/';
const BIG = 'a'.repeat(10 * 1024 * 1024);

interface Snapshot {
  uri: string;
  text: string;
  version: number;
}

function snapshot(): Snapshot[] {
  return vscode.workspace.textDocuments
    .filter((d) => !d.isClosed)
    .map((d) => ({ uri: d.uri.toString(), text: d.getText(), version: d.version }));
}

/** Every document open before is unchanged: text and version. */
function assertUnchanged(before: Snapshot[], what: string): void {
  for (const b of before) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === b.uri);
    if (!doc) continue; // VS Code may drop a document nobody shows; it was not edited then
    assert.strictEqual(doc.version, b.version, `${what}: ${b.uri} was edited`);
    assert.strictEqual(doc.getText(), b.text, `${what}: ${b.uri} changed`);
  }
}

interface Target {
  uri: string;
  start: number;
  end: number;
  expected: string;
  form?: string;
}

/** The link target of `url`'s first occurrence in `doc`. */
function targetIn(doc: vscode.TextDocument, url: string, form?: string): Target {
  const start = doc.getText().indexOf(url);
  assert.ok(start >= 0, `${url} is not in the document`);
  const t: Target = { uri: doc.uri.toString(), start, end: start + url.length, expected: url };
  return form === undefined ? t : { ...t, form };
}

/** Arguments no link of ours makes, each a list of arguments, for a document holding PUB. */
function crafted(doc: vscode.TextDocument, other: vscode.TextDocument): [string, unknown[]][] {
  const t = targetIn(doc, PUB, 'cache');
  const json = JSON.stringify(t).slice(0, -1);
  const otherUri = other.uri.toString();
  return [
    ['no argument', []],
    ['undefined', [undefined]],
    ['null', [null]],
    ['a string', [CACHE]],
    ['a number', [42]],
    ['old positional form', [otherUri, 0, 0, '', EVIL]],
    ['old positional form, this document', [t.uri, t.start, t.end, PUB, EVIL]],
    ['the target in an array', [[t]]],
    ['the target and more', [t, EVIL]],
    ['another document', [{ ...t, uri: otherUri }]],
    ['a document not open', [{ ...t, uri: 'file:///etc/passwd' }]],
    ['shifted range', [{ ...t, start: t.start + 1, end: t.end + 1 }]],
    ['shifted back', [{ ...t, start: t.start - 1, end: t.end - 1 }]],
    ['a shorter range', [{ ...t, end: t.end - 1, expected: PUB.slice(0, -1) }]],
    ['text not there', [{ ...t, expected: PUB.replace('amp', 'AMP') }]],
    ['expected of another length', [{ ...t, expected: EVIL }]],
    ['10 MB expected', [{ ...t, end: t.start + BIG.length, expected: BIG }]],
    ['10 MB uri', [{ ...t, uri: BIG }]],
    ['10 MB form', [{ ...t, form: BIG }]],
    ['start 1e308', [{ ...t, start: 1e308 }]],
    ['end 1e308', [{ ...t, end: 1e308 }]],
    ['start NaN', [{ ...t, start: NaN }]],
    ['start -1', [{ ...t, start: -1 }]],
    ['string offsets', [{ ...t, start: String(t.start), end: String(t.end) }]],
    ['__proto__ key', [JSON.parse(`${json},"__proto__":{"text":"${EVIL}"}}`)]],
    ['constructor key', [JSON.parse(`${json},"constructor":{"prototype":{"form":"cache"}}}`)]],
    ['an extra key', [{ ...t, text: EVIL }]],
    [
      'a getter',
      [Object.defineProperty({ ...t }, 'form', { get: () => 'cache', enumerable: true })],
    ],
    ['unknown form id', [{ ...t, form: 'evil' }]],
    ['form id naming text', [{ ...t, form: EVIL }]],
    ['unknown cache id', [{ ...t, form: 'cache:evil' }]],
    ['a form this URL has not', [{ ...t, form: 'publisher' }]],
    ['hash prefix past the last', [{ ...t, form: 'hash:999' }]],
    ['no form', [{ uri: t.uri, start: t.start, end: t.end, expected: t.expected }]],
  ];
}

describe('extension: command arguments are untrusted data', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  async function twoDocs(): Promise<{ doc: vscode.TextDocument; other: vscode.TextDocument }> {
    const other = await vscode.workspace.openTextDocument({ content: 'no url in here\n' });
    await vscode.window.showTextDocument(other);
    const doc = (await openDoc(`x ${PUB} y\n<a href="${PUB}">z</a>\n`)).document;
    return { doc, other };
  }

  for (const command of ['ampUrl.replace', 'ampUrl.copy', 'ampUrl.open']) {
    it(`${command} refuses crafted arguments: no document changes, the clipboard keeps its text`, async () => {
      const { doc, other } = await twoDocs();
      for (const [what, args] of crafted(doc, other)) {
        await vscode.env.clipboard.writeText('before');
        const before = snapshot();
        const result = await run<unknown>(command, ...args);
        assert.strictEqual(result, false, `${command} ${what}`);
        assertUnchanged(before, `${command} ${what}`);
        assert.strictEqual(await vscode.env.clipboard.readText(), 'before', `${command} ${what}`);
      }
    });
  }

  it('replace refuses a form the current settings no longer produce', async () => {
    const { doc } = await twoDocs();
    const t = targetIn(doc, PUB, 'cache:bing');
    try {
      await setConfig('cache', 'bing'); // bing is now `cache`, no longer one of the other caches
      // Applied once `cache` means bing (copy changes no document).
      await waitFor(async () => {
        await run<boolean>('ampUrl.copy', targetIn(doc, PUB, 'cache'));
        return (await vscode.env.clipboard.readText()).includes('bing-amp.com');
      }, 'the setting to apply');
      await vscode.env.clipboard.writeText('before');
      const before = snapshot();
      assert.strictEqual(await run<boolean>('ampUrl.replace', t), false);
      assertUnchanged(before, 'cache:bing with cache = bing');
      assert.strictEqual(await run<boolean>('ampUrl.copy', t), false);
      assert.strictEqual(await vscode.env.clipboard.readText(), 'before');
    } finally {
      await resetConfig('cache');
    }
  });

  it('replace refuses a form equal to the URL (nothing to replace)', async () => {
    const { doc } = await twoDocs();
    const before = snapshot();
    assert.strictEqual(
      await run<boolean>('ampUrl.replace', targetIn(doc, PUB, 'normalized')),
      false,
    );
    assertUnchanged(before, 'normalized form of a normalized URL');
  });

  it('a valid target: replace writes exactly the recomputed form, one undo restores', async () => {
    const { doc, other } = await twoDocs();
    const text = doc.getText();
    const otherBefore = snapshot().filter((s) => s.uri === other.uri.toString());
    assert.strictEqual(await run<boolean>('ampUrl.replace', targetIn(doc, PUB, 'cache')), true);
    assert.strictEqual(doc.getText(), text.replace(PUB, CACHE));
    assertUnchanged(otherBefore, 'the other document');
    await undo();
    assert.strictEqual(doc.getText(), text);
    // Copy: the recomputed value, whatever the link's label said.
    assert.strictEqual(await run<boolean>('ampUrl.copy', targetIn(doc, PUB, 'cacheOrigin')), true);
    assert.strictEqual(
      await vscode.env.clipboard.readText(),
      'https://example-com.cdn.ampproject.org',
    );
    assert.strictEqual(doc.getText(), text);
  });

  it('replace writes for the context: an attribute value keeps its quotes', async () => {
    const hostile = 'https://evil.example%22onmouseover=alert(1)/';
    const editor = await openDoc(`<a href="${hostile}">x</a>\n`, 'html');
    const doc = editor.document;
    assert.strictEqual(await run<boolean>('ampUrl.replace', targetIn(doc, hostile, 'cache')), true);
    const m = /^<a href="([^"]*)">x<\/a>\n$/.exec(doc.getText());
    assert.ok(m, `the attribute was broken: ${doc.getText()}`);
    assert.match(m[1], /^https:\/\/[^\s"'<>]+\.cdn\.ampproject\.org\/c\/s\/evil\.example/);
    await undo();
    assert.strictEqual(doc.getText(), `<a href="${hostile}">x</a>\n`);
  });

  it('replace after the text changed: the old target writes nothing', async () => {
    const editor = await openDoc(`x ${PUB} y`);
    const t = targetIn(editor.document, PUB, 'cache');
    await editor.edit((b) => {
      b.insert(new vscode.Position(0, 0), 'moved ');
    });
    const before = snapshot();
    assert.strictEqual(await run<boolean>('ampUrl.replace', t), false);
    assertUnchanged(before, 'stale target');
  });

  it('showAllForms refuses crafted arguments and the removed action/form arguments', async () => {
    const { doc, other } = await twoDocs();
    placeCursors(await vscode.window.showTextDocument(doc), 'amp_document');
    const t = targetIn(doc, PUB);
    const cases: [string, unknown[]][] = [
      ['removed insert action', [{ action: 'insert', form: 'cache' }]],
      ['removed copy action', [{ action: 'copy', form: 'cache' }]],
      ['removed url + insert', [{ url: EVIL, action: 'insert', form: 'cache' }]],
      ['a url', [{ url: PUB }]],
      ['a target with a form', [{ ...t, form: 'cache' }]],
      ['another document', [{ ...t, uri: other.uri.toString() }]],
      ['shifted', [{ ...t, start: t.start + 1, end: t.end + 1 }]],
      ['10 MB', [{ ...t, end: t.start + BIG.length, expected: BIG }]],
      [
        '__proto__',
        [JSON.parse(`${JSON.stringify(t).slice(0, -1)},"__proto__":{"action":"insert"}}`)],
      ],
      ['positional', [t.uri, t.start, t.end, PUB, EVIL]],
      ['a string', ['insert']],
      ['NaN', [NaN]],
    ];
    for (const [what, args] of cases) {
      await vscode.env.clipboard.writeText('before');
      const before = snapshot();
      const r = await run<{ forms: unknown[]; picked?: unknown }>('ampUrl.showAllForms', ...args);
      assert.deepStrictEqual(r, { forms: [] }, what);
      assertUnchanged(before, `showAllForms ${what}`);
      assert.strictEqual(await vscode.env.clipboard.readText(), 'before', what);
    }
  });

  it('showAllForms with a valid target only opens the picker: closing it does nothing', async () => {
    const { doc } = await twoDocs();
    await vscode.env.clipboard.writeText('before');
    const before = snapshot();
    const shown = run<{ url?: string; forms: { id: string }[]; picked?: unknown }>(
      'ampUrl.showAllForms',
      targetIn(doc, PUB),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const r = await shown;
    assert.strictEqual(r.url, PUB);
    assert.ok(r.forms.some((f) => f.id === 'cache'));
    assert.strictEqual(r.picked, undefined);
    assertUnchanged(before, 'picker closed');
    assert.strictEqual(await vscode.env.clipboard.readText(), 'before');
  });

  it('showAllForms on several cursors: Enter copies the picked form of each URL', async () => {
    const other = 'https://foo.example.org/b';
    const editor = await openDoc(`${PUB}\n${other}\n`);
    placeCursors(editor, 'amp_document', 'foo.example.org');
    const before = snapshot();
    const shown = run<{ action?: string; picked?: { id: string } }>('ampUrl.showAllForms');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const r = await shown;
    assert.strictEqual(r.action, 'copy');
    assert.strictEqual(r.picked?.id, 'cache');
    assert.strictEqual(
      await vscode.env.clipboard.readText(),
      `${CACHE}\nhttps://foo-example-org.cdn.ampproject.org/c/s/foo.example.org/b`,
    );
    assertUnchanged(before, 'copy from the picker');
  });

  it('palette commands refuse wrong types, huge values and prototype tricks, writing nothing', async () => {
    const editor = await openDoc(`x ${PUB} y\n`);
    placeCursors(editor, 'amp_document');
    const polluted = JSON.parse(
      '{"__proto__":{"forceHttp":true},"constructor":{"x":1}}',
    ) as unknown;
    const cases: [string, unknown[]][] = [
      ['ampUrl.toCacheUrl', ['bing']],
      ['ampUrl.toCacheUrl', [{ cache: BIG }]],
      ['ampUrl.toCacheUrl', [{ cache: 'bing', extra: 1 }]],
      ['ampUrl.toCacheUrl', [{ imageWidth: 1e308 }]],
      ['ampUrl.toCacheUrl', [{ imageWidth: NaN }]],
      ['ampUrl.toCacheUrl', [{ imageWidth: -1 }]],
      ['ampUrl.toCacheUrl', [{ servingType: 1 }]],
      ['ampUrl.toCacheUrl', [polluted]],
      ['ampUrl.toCacheUrl', [{ cache: 'bing' }, EVIL]],
      ['ampUrl.normalize', [{ preset: 'constructor' }]],
      ['ampUrl.normalize', [{ preset: '__proto__' }]],
      ['ampUrl.normalize', [{ options: polluted }]],
      ['ampUrl.normalize', [{ options: { forceHttp: 'yes' } }]],
      ['ampUrl.normalize', [{ options: { removeQueryParams: [BIG] } }]],
      ['ampUrl.normalize', [polluted]],
      ['ampUrl.convertAll', ['cache']],
      ['ampUrl.convertAll', [{ to: 'cache', extra: true }]],
      ['ampUrl.convertAll', [{ to: 'toString' }]],
      ['ampUrl.convertAll', [{ to: 'cache', force: 1 }]],
      ['ampUrl.convertAll', [JSON.parse('{"to":"cache","__proto__":{"force":true}}')]],
      ['ampUrl.insertCacheUrl', [{ url: BIG }]],
      ['ampUrl.insertCacheUrl', [{ url: PUB, x: 1 }]],
      ['ampUrl.insertCacheUrl', [PUB]],
      ['ampUrl.insertCacheUrl', [JSON.parse(`{"__proto__":{"url":"${PUB}"}}`)]],
      ['ampUrl.replaceAmpUrls', ['x']],
      ['ampUrl.replaceAmpUrls', [{ x: 1 }]],
    ];
    for (const [command, args] of cases) {
      const what = `${command} ${JSON.stringify(args).slice(0, 60)}`;
      const before = snapshot();
      const summary = await run(command, ...args);
      assert.strictEqual(summary.changed, 0, what);
      assert.ok(summary.aborted, `${what}: no reason given`);
      assert.ok(summary.aborted.length < 400, `${what}: the reason quotes too much`);
      assertUnchanged(before, what);
    }
    assert.strictEqual(({} as Record<string, unknown>).forceHttp, undefined);
    // The same commands with good arguments still work.
    assert.strictEqual((await run('ampUrl.toCacheUrl', { cache: 'google' })).changed, 1);
    assert.strictEqual(editor.document.getText(), `x ${CACHE} y\n`);
  });
});
