// Settings take effect at once, without a reload.
import * as assert from 'node:assert';
import { shortValue } from '../../../src/extension/logic/hover-markdown';
import { CACHE, ourHover, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
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

  it('custom caches (trusted workspace) become available', async () => {
    await setConfig('customCaches', [
      { id: 'mine', name: 'My Cache', cacheDomain: 'amp.example.net' },
    ]);
    await setConfig('cache', 'mine');
    const editor = await openDoc(PUB);
    placeCursors(editor, 'amp_document');
    await run('ampUrl.toCacheUrl');
    assert.strictEqual(
      editor.document.getText(),
      'https://example-com.amp.example.net/c/s/example.com/amp_document.html',
    );
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
