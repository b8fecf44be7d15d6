// Settings take effect at once, without a reload.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { shortValue } from '../../../src/extension/logic/hover-markdown';
import { CACHE, ourHover, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  fixturesDir,
  openDoc,
  placeCursors,
  resetConfig,
  setConfig,
} from './util';

const KEYS = [
  'cache',
  'servingType',
  'imageWidth',
  'customCaches',
  'normalize.preset',
  'normalize.steps',
  'hover.sections',
];

describe('extension: settings', () => {
  before(activateExtension);
  afterEach(async () => {
    await resetConfig(...KEYS);
    await closeAllEditors();
  });

  it('ampUrl.cache switches the cache of hovers and commands', async () => {
    const editor = await openDoc(PUB);
    await setConfig('cache', 'bing');
    // The configured cache's URL is the hover's first row.
    assert.ok(
      (await ourHover(editor.document, 'amp_document'))
        .split('\n\n')[1]
        .split('\n')[0]
        .includes(
          `\`${shortValue('https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html')}\``,
        ),
    );
    placeCursors(editor, 'amp_document');
    await run('ampUrl.toCacheUrl');
    assert.strictEqual(
      editor.document.getText(),
      'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html',
    );
    await resetConfig('cache');
    placeCursors(editor, 'amp_document');
    await run('ampUrl.toPublisherUrl');
    await run('ampUrl.toCacheUrl');
    assert.strictEqual(editor.document.getText(), CACHE);
  });

  it('servingType auto uses i for images, ii with imageWidth', async () => {
    const editor = await openDoc('http://example.com/logo.png');
    await setConfig('servingType', 'auto');
    placeCursors(editor, 'logo');
    await run('ampUrl.toCacheUrl');
    assert.strictEqual(
      editor.document.getText(),
      'https://example-com.cdn.ampproject.org/i/example.com/logo.png',
    );
    await setConfig('imageWidth', 320);
    await run('ampUrl.toPublisherUrl');
    await run('ampUrl.toCacheUrl');
    assert.strictEqual(
      editor.document.getText(),
      'https://example-com.cdn.ampproject.org/ii/w320/example.com/logo.png',
    );
  });

  describe('ampUrl.cache custom (workspace settings)', () => {
    // Written as a workspace setting of test/fixtures, where a repository would write it; the
    // folder had no .vscode before, so it goes again afterwards.
    const dotVscode = path.join(fixturesDir, '.vscode');
    const existed = fs.existsSync(dotVscode);
    const setWorkspace = (key: string, value: unknown) =>
      vscode.workspace
        .getConfiguration('ampUrl')
        .update(key, value, vscode.ConfigurationTarget.Workspace);
    afterEach(async () => {
      await setWorkspace('cache', undefined);
      await setWorkspace('customCaches', undefined);
    });
    after(() => {
      if (!existed) fs.rmSync(dotVscode, { recursive: true, force: true });
    });
    const MINE = 'https://example-com.amp.example.net/c/s/example.com/amp_document.html';
    const firstRow = async (doc: vscode.TextDocument) =>
      (await ourHover(doc, 'amp_document')).split('\n\n')[1].split('\n')[0];

    it('"custom" is the first of ampUrl.customCaches, in the hover and the command', async () => {
      await setWorkspace('customCaches', [
        { id: 'mine', name: 'My Cache', cacheDomain: 'amp.example.net' },
        { id: 'two', cacheDomain: 'two.example.org' },
      ]);
      await setWorkspace('cache', 'custom');
      const editor = await openDoc(PUB);
      const row = await firstRow(editor.document);
      assert.ok(row.includes(`\`${shortValue(MINE)}\``), row);
      // The cache's own name labels the row (with no-break spaces, as every hover label).
      assert.match(row, /^\*\*My\sCache\sURL\*\*/, row);
      placeCursors(editor, 'amp_document');
      await run('ampUrl.toCacheUrl');
      assert.strictEqual(editor.document.getText(), MINE);
      // A keybinding's { "cache": "custom" } means the same, whatever ampUrl.cache says.
      await setWorkspace('cache', 'bing');
      await run('ampUrl.toPublisherUrl');
      assert.strictEqual(editor.document.getText(), PUB);
      await run('ampUrl.toCacheUrl', { cache: 'custom' });
      assert.strictEqual(editor.document.getText(), MINE);
    });

    it('a custom cache\'s own id (the value before "custom") still selects it', async () => {
      await setWorkspace('customCaches', [
        { id: 'first', cacheDomain: 'first.example.org' },
        { id: 'mine', name: 'My Cache', cacheDomain: 'amp.example.net' },
      ]);
      await setWorkspace('cache', 'mine');
      const editor = await openDoc(PUB);
      assert.ok((await firstRow(editor.document)).includes(`\`${shortValue(MINE)}\``));
      placeCursors(editor, 'amp_document');
      await run('ampUrl.toCacheUrl');
      assert.strictEqual(editor.document.getText(), MINE);
    });

    it('"custom" without a custom cache: the hover and the command say so in one line', async () => {
      await setWorkspace('cache', 'custom');
      const editor = await openDoc(PUB);
      const reason =
        'ampUrl.cache is "custom" but ampUrl.customCaches has no valid cache: add one, or choose google or bing.';
      const hover = await ourHover(editor.document, 'amp_document');
      // One line: the form it could not give, then the reason (Markdown-escaped, as all text).
      const line = hover.split('\n').find((l) => l.replace(/\\/g, '').includes(reason));
      assert.ok(line?.replace(/\\/g, '').includes('AMP Cache URL'), hover);
      // The registered caches still show; no other cache takes the configured one's place.
      assert.ok(hover.includes(shortValue(CACHE)), hover);
      placeCursors(editor, 'amp_document');
      const summary = await run('ampUrl.toCacheUrl');
      assert.strictEqual(editor.document.getText(), PUB);
      assert.deepStrictEqual(
        summary.skipped.map((x) => x.reason),
        [reason],
      );
    });
  });

  it('normalize preset and steps apply to the normalized form', async () => {
    const editor = await openDoc('http://example.com/a/index.html#top');
    await setConfig('hover.sections', ['normalized']);
    await setConfig('normalize.steps', { removeFragment: true });
    assert.ok(
      (await ourHover(editor.document, 'index')).includes('`http://example.com/a/index.html`'),
    );
    await setConfig('normalize.preset', 'aggressive');
    await setConfig('normalize.steps', {});
    placeCursors(editor, 'index');
    await run('ampUrl.convertAll', { to: 'normalized' });
    assert.doesNotMatch(editor.document.getText(), /#top/);
  });
});
