// De-AMP in a real VS Code (issue 13): the hover on viewer and legacy cache URLs, "Replace with
// publisher URL" on a viewer URL, and "Replace AMP URLs with publisher URLs" on a document of
// every shape: the exact text, one undo, and the summary with what was left and the notes.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { ourHover, run, type Summary } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  openDoc,
  placeCursors,
  selectText,
  undo,
} from './util';

interface DeAmpSummary extends Omit<Summary, 'skipped'> {
  skipped: { url: string; reason: string; at?: number; quiet?: boolean }[];
  notes?: { url: string; reason: string }[];
}

const SHAPES = [
  'Legacy: https://cdn.ampproject.org/c/s/www.example.com/a',
  'Legacy port: https://cdn.ampproject.org/v/s/origin.com%3A81/foo/',
  'Bing cache: https://www-example-com.bing-amp.com/c/s/www.example.com/a',
  'Google viewer: https://www.google.com/amp/s/www.example.com/a',
  'UK viewer: https://www.google.co.uk/amp/s/www.example.com/b%3foutputType=amp',
  'Bing viewer: https://www.bing.com/amp/s/amp.example.com/a',
  'Yahoo! JAPAN viewer: https://search.yahoo.co.jp/amp/s/mem-archive.com/2019/04/21/post-1778/%3Famp%3D1%26usqp%3Dmq331AQGsAEggAID',
  'Look-alike: https://xyz.cdn.ampproject.org/c/s/www.example.com/a',
  'Ad landing page: https://www-example-com.cdn.ampproject.org/ad/s/www.example.com/a',
  'Image: https://api-energate-de.cdn.ampproject.org/i/s/api.energate.de:81/x.jpg',
  'Parameters: https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?amp_js_v=0.1&amp_js_foo=1&usqp=mq331AQ',
  'Retired: https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a',
  'Dot segments: https://example-com.cdn.ampproject.org/c/s/example.com/x/../../../../c/s/evil.com/y',
  'Not AMP: https://amp.example.com/a https://www.example.com/amp/ https://www.example.com/a?amp=1',
  'Origin: https://www-example-com.cdn.ampproject.org',
  '',
].join('\n');

const DE_AMPED = [
  'Legacy: https://www.example.com/a',
  'Legacy port: https://origin.com:81/foo/',
  'Bing cache: https://www.example.com/a',
  'Google viewer: https://www.example.com/a',
  'UK viewer: https://www.example.com/b?outputType=amp',
  'Bing viewer: https://amp.example.com/a',
  'Yahoo! JAPAN viewer: https://mem-archive.com/2019/04/21/post-1778/?amp=1',
  'Look-alike: https://www.example.com/a',
  'Ad landing page: https://www.example.com/a',
  'Image: https://api.energate.de:81/x.jpg',
  'Parameters: https://www.example.com/a',
  'Retired: https://www.example.com/a',
  'Dot segments: https://evil.com/y',
  'Not AMP: https://amp.example.com/a https://www.example.com/amp/ https://www.example.com/a?amp=1',
  'Origin: https://www-example-com.cdn.ampproject.org',
  '',
].join('\n');

describe('extension: de-AMP (viewer and legacy URLs, Replace AMP URLs with publisher URLs)', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('the hover labels a viewer URL "AMP viewer URL" and shows its publisher URL', async () => {
    const { document } = await openDoc(SHAPES);
    const google = await ourHover(document, 'www.google.com/amp/s/www.example.com/a');
    assert.match(google, /AMP viewer URL/);
    assert.ok(google.includes('`https://www.example.com/a`'), google);
    const yahoo = await ourHover(document, 'search.yahoo.co.jp/amp/s/mem-archive.com');
    assert.match(yahoo, /AMP viewer URL/);
    assert.ok(yahoo.includes('`https://mem-archive.com/2019/04/21/post-1778/?amp=1`'), yahoo);
  });

  it('the hover reverses the legacy bare cache host and the bing-amp.com form', async () => {
    const { document } = await openDoc(SHAPES);
    const legacy = await ourHover(document, 'cdn.ampproject.org/c/s/www.example.com/a');
    assert.match(legacy, /AMP Cache URL/);
    assert.ok(legacy.includes('`https://www.example.com/a`'), legacy);
    const port = await ourHover(document, 'origin.com%3A81');
    assert.ok(port.includes('`https://origin.com:81/foo/`'), port);
    const bing = await ourHover(document, 'www-example-com.bing-amp.com');
    assert.ok(bing.includes('`https://www.example.com/a`'), bing);
  });

  it('"Replace with publisher URL" works on a viewer URL (quick fix and context menu command)', async () => {
    const editor = await openDoc('see https://www.bing.com/amp/s/amp.example.com/a here\n');
    placeCursors(editor, 'bing.com/amp');
    const summary = await run('ampUrl.replaceWithPublisherUrl');
    assert.strictEqual(summary.changed, 1);
    assert.strictEqual(editor.document.getText(), 'see https://amp.example.com/a here\n');
  });

  it('replaces every AMP URL of the document in one edit, leaves the rest, and reports why', async () => {
    const editor = await openDoc(SHAPES);
    placeCursors(editor, 'Legacy:'); // an empty selection: the whole document
    const summary = await run<DeAmpSummary>('ampUrl.replaceAmpUrls');
    assert.strictEqual(editor.document.getText(), DE_AMPED);
    assert.strictEqual(summary.changed, 13);
    // Publisher URLs are left quietly (counted in the report, not listed); each skip says where.
    assert.deepStrictEqual(
      summary.skipped.map(({ url, reason, quiet }) => ({ url, reason, quiet })),
      [
        { url: 'https://amp.example.com/a', reason: 'not an AMP URL', quiet: true },
        { url: 'https://www.example.com/amp/', reason: 'not an AMP URL', quiet: true },
        { url: 'https://www.example.com/a?amp=1', reason: 'not an AMP URL', quiet: true },
        {
          url: 'https://www-example-com.cdn.ampproject.org',
          reason: 'an AMP Cache origin, not a page URL',
          quiet: undefined,
        },
      ],
    );
    for (const s of summary.skipped) assert.strictEqual(SHAPES.indexOf(s.url, s.at), s.at);
    const notes = (summary.notes ?? []).map((n) => `${n.url} | ${n.reason}`);
    const has = (url: string, reason: RegExp) => {
      assert.ok(
        notes.some((n) => n.startsWith(`${url} |`) && reason.test(n)),
        `${url}: ${reason.source} in ${notes.join('\n')}`,
      );
    };
    has('https://www.google.co.uk/amp/s/www.example.com/b%3foutputType=amp', /%3F.*ambiguous/);
    has('https://xyz.cdn.ampproject.org/c/s/www.example.com/a', /look-alike/);
    has(
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?amp_js_v=0.1&amp_js_foo=1&usqp=mq331AQ',
      /removed amp_js_v, amp_js_foo, usqp/,
    );
    has('https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a', /no longer serves/);
    has(
      'https://example-com.cdn.ampproject.org/c/s/example.com/x/../../../../c/s/evil.com/y',
      /resolves to "\/c\/s\/evil.com\/y"/,
    );
    // One edit: one undo gives the document back.
    await undo();
    assert.strictEqual(editor.document.getText(), SHAPES);
  });

  it('works on the selection only when there is one', async () => {
    const editor = await openDoc(SHAPES);
    selectText(editor, 'Google viewer: https://www.google.com/amp/s/www.example.com/a');
    const summary = await run<DeAmpSummary>('ampUrl.replaceAmpUrls');
    assert.strictEqual(summary.changed, 1);
    assert.strictEqual(
      editor.document.getText(),
      SHAPES.replace('https://www.google.com/amp/s/www.example.com/a', 'https://www.example.com/a'),
    );
  });

  it('is in the command palette', async () => {
    const all = await vscode.commands.getCommands(true);
    assert.ok(all.includes('ampUrl.replaceAmpUrls'));
  });
});
