// The language of a file read from disk by the workspace commands (no TextDocument): it picks
// how writeUrl escapes a new URL, so a sitemap's bare & becomes &amp; as in an open XML document.
import * as assert from 'node:assert/strict';
import { languageOfPath } from '../../../src/shared/language-of-path';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { planFile } from '../../../src/shared/workspace-plan';

describe('languageOfPath', () => {
  it('gives VS Code built-in language of the file name, in any case', () => {
    const cases: [string, string | undefined][] = [
      ['/site/sitemap.xml', 'xml'],
      ['/site/feed.RSS', 'xml'],
      ['/site/page.XHTML', 'xhtml'],
      ['/site/index.html', 'html'],
      ['/docs/a.b/README.md', 'markdown'],
      ['/app/manifest.webmanifest', 'json'],
      ['/app/src/App.tsx', 'typescriptreact'],
      ['/app/styles/site.scss', 'scss'],
      ['notes.txt', 'plaintext'],
    ];
    for (const [path, id] of cases) assert.equal(languageOfPath(path), id, path);
  });

  it('knows nothing of names without an extension it lists', () => {
    for (const path of [
      '/a/Makefile',
      '/a/.gitignore',
      '/a.md/file',
      '/a/x.constructor',
      '/a/x.',
      '',
    ])
      assert.equal(languageOfPath(path), undefined, path);
  });

  it('a file read from disk is written as its language requires (XML: a bare & is escaped)', () => {
    const s = readSettings(() => undefined, true);
    const xml =
      '<xhtml:link rel="amphtml" href="https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&b=2"/>';
    const plan = (languageId?: string) =>
      planFile(
        xml,
        'publisher',
        makeTransform('publisher', s),
        s.caches,
        undefined,
        languageId,
      ).edits.map((e) => e.newText);
    assert.deepEqual(plan(languageOfPath('/site/sitemap.xml')), ['https://a.com/?a=1&amp;b=2']);
    assert.deepEqual(plan(undefined), ['https://a.com/?a=1&b=2']);
  });
});
