// Hovers in real documents of several languages: every section, the reverse of real cache URLs,
// hashed origins matched against the document, refusals, languages and limits.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { shortValue } from '../../../src/extension/logic/hover-markdown';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { CACHE, hoverStrings, linkTargets, ourHover, PUB } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  openDoc,
  openFixture,
  resetConfig,
  setConfig,
} from './util';

/** The hover's Markdown read as text: escapes and the labels' no-break spaces removed. */
const plain = (md: string) => md.replace(/\\(.)/g, '$1').replace(/\u00a0/g, ' ');

/** Whether the hover shows `value` in a code span (shortened in the middle when very long). */
const shows = (md: string, value: string) => md.includes(`\`${shortValue(value)}\``);

const SETTINGS = [
  'hover.enabled',
  'hover.sections',
  'languages',
  'limits.maxLineLength',
  'cache',
  'servingType',
];

describe('extension: hover', () => {
  before(activateExtension);
  afterEach(async () => {
    await resetConfig(...SETTINGS);
    await closeAllEditors();
  });

  for (const [file, language] of [
    ['sample.md', 'markdown'],
    ['sample.json', 'json'],
    ['sample.html', 'html'],
    ['sample.ts', 'typescript'],
    ['sample.txt', 'plaintext'],
  ]) {
    it(`${language}: publisher URL -> cache URL, origin, other caches, canonical, hashes, normalized`, async () => {
      const { document } = await openFixture(file);
      assert.strictEqual(document.languageId, language);
      const md = await ourHover(document, 'example.com/amp_document');
      assert.ok(shows(md, CACHE), md);
      assert.ok(md.includes('`https://example-com.cdn.ampproject.org`'), 'cache origin');
      assert.ok(
        shows(md, 'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html'),
        'other cache',
      );
      assert.match(plain(md), /Safe Browsing hash prefix/);
      // Bing's origin, the other hash prefix, and the canonical and normalized forms (equal to
      // the URL: their line does not fit the hover's height) are behind Show all forms.
      assert.match(plain(md), /… and 4 more · \[Show all forms\]/);
    });

    it(`${language}: cache URL -> publisher URL`, async () => {
      const { document } = await openFixture(file);
      const md = await ourHover(document, 'cdn.ampproject.org/c/s/example.com');
      assert.ok(md.includes(`\`${PUB}\``), md);
      assert.match(plain(md), /Publisher URL/);
    });
  }

  it('compact: one header line, the form most likely wanted first, links that name the place and the form', async () => {
    const { document } = await openDoc(`see ${PUB} and ${CACHE} here`);
    // After the header, one line per form (hard line breaks): label, links, the whole value.
    const rowsOf = (md: string) => md.split('\n\n')[1].split('  \n');
    const pub = await ourHover(document, 'amp_document.html and');
    assert.strictEqual(pub.split('\n')[0], `AMP URL · URL: \`${PUB}\``);
    assert.match(
      plain(rowsOf(pub)[0]),
      /^\*\*Google AMP Cache URL\*\* \[Copy\]\(command:ampUrl\.copy\?.* `https:\/\/example-com\.cdn\.ampproject\.org\/c\/s\/example\.com\/amp_document\.html`$/,
    );
    const cache = await ourHover(document, 'cdn.ampproject.org/c/s');
    // The URL under the pointer is not repeated when it does not fit on the header line.
    assert.strictEqual(cache.split('\n')[0], 'AMP URL · AMP Cache URL');
    assert.match(
      plain(rowsOf(cache)[0]),
      /^\*\*Publisher URL\*\* \[Copy\].* `https:\/\/example\.com\/amp_document\.html`$/,
    );
    for (const [md, url] of [
      [pub, PUB],
      [cache, CACHE],
    ]) {
      const targets = linkTargets(md);
      assert.ok(targets.length >= 3, md);
      for (const link of targets) {
        const q = link.indexOf('?');
        const args = JSON.parse(decodeURIComponent(link.slice(q + 1))) as unknown[];
        assert.strictEqual(args.length, 1, link);
        const lt = parseLinkTarget(args[0]);
        assert.ok(lt, `not a LinkTarget: ${link}`);
        assert.strictEqual(lt.uri, document.uri.toString());
        assert.strictEqual(lt.expected, url);
        assert.strictEqual(
          document.getText(
            new vscode.Range(document.positionAt(lt.start), document.positionAt(lt.end)),
          ),
          url,
        );
        assert.strictEqual(lt.form === undefined, link.startsWith('command:ampUrl.showAllForms?'));
      }
    }
  });

  it('refusals are folded into one line that names the forms and says the reason once', async () => {
    const { document } = await openDoc('see https://user:secret@example.com/x here');
    const md = plain(await ourHover(document, 'secret'));
    const lines = md.split('\n').filter((l) => l.startsWith('Not available for'));
    assert.strictEqual(lines.length, 1, md);
    assert.match(
      lines[0],
      /Google AMP Cache URL, Google AMP Cache origin, Bing AMP Cache URL, Bing AMP Cache origin: /,
    );
    assert.strictEqual(md.split('user name or password').length, 2, md);
  });

  it('reverses real AMP Cache URLs and origins of both registered caches', async () => {
    const { document } = await openDoc(
      [
        'https://www-theguardian-com.cdn.ampproject.org/c/s/www.theguardian.com/world/2020/apr/01/amp-story',
        'https://amp-dev.cdn.ampproject.org/v/s/amp.dev/documentation/?amp_js_v=0.1',
        'https://xn---com-p33b41770a.cdn.ampproject.org',
        'https://0-en--us-example-com-0.www.bing-amp.com/i/en-us.example.com/logo.png',
      ].join('\n'),
    );
    assert.ok(
      (await ourHover(document, 'www-theguardian')).includes(
        '`https://www.theguardian.com/world/2020/apr/01/amp-story`',
      ),
    );
    assert.ok(
      (await ourHover(document, 'amp-dev.cdn')).includes('`https://amp.dev/documentation/`'),
    );
    assert.ok((await ourHover(document, 'p33b41770a')).includes('`xn--57hw060o.com`'));
    assert.ok(
      (await ourHover(document, 'bing-amp')).includes('`http://en-us.example.com/logo.png`'),
    );
  });

  it('a hashed cache origin is matched against the domains in the document', async () => {
    const long = `${'a'.repeat(60)}.example.com`;
    const { document } = await openDoc(
      `origin: https://ipe2ctblezfxarawwb6552oippx4ufdntmq6aizlimbcm4gr2a4q.cdn.ampproject.org\nsee https://${long}/page\n`,
    );
    const md = await ourHover(document, 'ipe2ctbl');
    assert.match(md, /matched against the domains in this document/);
    assert.ok(shows(md, long), md);
    const { document: alone } = await openDoc(
      'https://ipe2ctblezfxarawwb6552oippx4ufdntmq6aizlimbcm4gr2a4q.cdn.ampproject.org',
    );
    assert.match(await ourHover(alone, 'ipe2ctbl'), /hashed/);
  });

  it('a URL the core refuses shows a one-line reason', async () => {
    await setConfig('hover.sections', ['cache']);
    const { document } = await openDoc('see https://user:secret@example.com/x here');
    const md = await ourHover(document, 'secret');
    assert.strictEqual(md.split('\n').length, 1);
    assert.match(md, /user name or password/);
  });

  it('each section setting shows only that section', async () => {
    const { document } = await openDoc(`x ${PUB} y`);
    const marks: Record<string, RegExp> = {
      cache: /Google AMP Cache/,
      otherCaches: /Bing AMP Cache/,
      canonical: /Safe Browsing canonical URL/,
      hashPrefixes: /Safe Browsing hash prefix/,
      normalized: /RFC 3986 normalized/,
    };
    for (const section of Object.keys(marks)) {
      await setConfig('hover.sections', [section]);
      const md = plain(await ourHover(document, 'amp_document'));
      for (const [other, re] of Object.entries(marks))
        assert.strictEqual(re.test(md), other === section, `${section}: ${other}\n${md}`);
    }
  });

  it('the publisher section (of a cache URL) shows only when chosen', async () => {
    const { document } = await openDoc(`x ${CACHE} y`);
    await setConfig('hover.sections', ['publisher']);
    const only = plain(await ourHover(document, 'amp_document'));
    assert.ok(only.includes(`\`${PUB}\``), only);
    assert.doesNotMatch(only, /Safe Browsing|RFC 3986/);
    await setConfig('hover.sections', ['canonical']);
    const without = plain(await ourHover(document, 'amp_document'));
    assert.match(without, /Safe Browsing canonical URL/);
    assert.ok(!without.includes(`\`${PUB}\``), without);
  });

  it('hover.enabled, languages and the line length limit switch the hover off at once', async () => {
    const { document } = await openDoc(`x ${PUB} y`);
    assert.strictEqual((await hoverStrings(document, 'amp_document')).length, 1);
    await setConfig('hover.enabled', false);
    assert.strictEqual((await hoverStrings(document, 'amp_document')).length, 0);
    await resetConfig('hover.enabled');
    await setConfig('languages', ['markdown']);
    assert.strictEqual((await hoverStrings(document, 'amp_document')).length, 0);
    await setConfig('languages', ['markdown', 'plaintext']);
    assert.strictEqual((await hoverStrings(document, 'amp_document')).length, 1);
    await setConfig('limits.maxLineLength', 10);
    assert.strictEqual((await hoverStrings(document, 'amp_document')).length, 0);
  });

  it('no hover off a URL', async () => {
    const { document } = await openDoc('plain words only');
    assert.strictEqual((await hoverStrings(document, new vscode.Position(0, 3))).length, 0);
  });
});
