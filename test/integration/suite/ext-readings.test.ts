// Issue 21, item 2, in the real VS Code: one URL written in every syntax (an HTML attribute with
// &amp; / &#47; / &#x2F; / named references, XML, JSON \u002F, JavaScript, Markdown, CSS url()
// escapes) gives the same hover values and the same Safe Browsing hash prefixes, and the hover's
// Copy copies the URL the reader sees.
import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { shortValue } from '../../../src/extension/logic/hover-markdown';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { URL_SEEN, WRITTEN } from '../../helpers/readings';
import { linkTargets, ourHover } from './ext-helpers';
import { activateExtension, closeAllEditors, openDoc } from './util';

const CACHE =
  'https://news-example-com.cdn.ampproject.org/c/s/news.example.com/story?id=42&lang=en';
const EXPRESSION = 'news.example.com/story?id=42&lang=en';
const PREFIX = createHash('sha256').update(EXPRESSION).digest('hex').slice(0, 8);

/** The hover's Markdown read as text: escapes and the labels' no-break spaces removed. */
const plain = (md: string) => md.replace(/\\(.)/g, '$1').replace(/\u00a0/g, ' ');

describe('extension: a URL read as its document reads it (issue 21)', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  for (const [language, text] of WRITTEN) {
    it(`${language}: ${text}`, async () => {
      const { document } = await openDoc(`${text}\n`, language);
      const md = await ourHover(document, 'news.example.com');
      const shown = plain(md).replace(/`/g, '');
      assert.ok(shown.startsWith(`AMP URL · URL: ${URL_SEEN}`), shown);
      assert.ok(shown.includes(shortValue(CACHE)), shown);
      assert.ok(shown.includes(`${EXPRESSION} → ${PREFIX}`), shown);
      // The Copy link of the cache form copies the cache URL of the decoded URL.
      const copy = linkTargets(md)
        .filter((l) => l.startsWith('command:ampUrl.copy?'))
        .map((l) => JSON.parse(decodeURIComponent(l.slice(l.indexOf('?') + 1))) as unknown[])
        .find((args) => parseLinkTarget(args[0])?.form === 'cache');
      assert.ok(copy, md);
      assert.strictEqual(await vscode.commands.executeCommand('ampUrl.copy', ...copy), true);
      assert.strictEqual(await vscode.env.clipboard.readText(), CACHE);
    });
  }
});
