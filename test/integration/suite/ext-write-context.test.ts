// Writes that keep their context (issue 12, problem 3), in the real VS Code: convert all, a palette
// command and the quick fixes on HTML, JSON, TypeScript, Markdown and CSS documents holding
// hostile URLs. The exact text after each write is asserted; refused writes are reported with
// their reason and leave the URL as it was.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { run, someActions } from './ext-helpers';
import { activateExtension, closeAllEditors, openDoc, placeCursors, undo } from './util';

/** The cache host of `evil.example"onmouseover=alert(1)` (not a valid DNS name: hashed). */
const EVIL_CACHE =
  'https://biji7uqzkrpoimo6enoutkr25eot432xzgmskciuboc5o25pkn2q.cdn.ampproject.org/c/s/evil.example';

const HTML =
  '<a href="https://evil.example%22onmouseover=alert(1)/">x</a>\n' +
  "<a href='https://a.com/%27q%60'>y</a>\n" +
  `<p style="background:url('https://a.com/%27z')">z</p>\n`;

interface Case {
  languageId: string;
  text: string;
  to: 'cache' | 'canonical';
  expected: string;
  skipped?: { url: string; reason: RegExp }[];
}

const CASES: Case[] = [
  {
    // The example: the cache URL's path carries %22, so the attribute ends where it did.
    languageId: 'html',
    text: HTML,
    to: 'cache',
    expected:
      `<a href="${EVIL_CACHE}%22onmouseover=alert(1)/">x</a>\n` +
      "<a href='https://a-com.cdn.ampproject.org/c/s/a.com/%27q%60'>y</a>\n" +
      `<p style="background:url('https://a-com.cdn.ampproject.org/c/s/a.com/%27z')">z</p>\n`,
  },
  {
    // The canonical form keeps " and ' (the spec allows them): written as character references,
    // and as a CSS escape inside the style attribute's CSS string.
    languageId: 'html',
    text: HTML,
    to: 'canonical',
    expected:
      '<a href="https://evil.example&quot;onmouseover=alert(1)/">x</a>\n' +
      "<a href='https://a.com/&#39;q%60'>y</a>\n" +
      `<p style="background:url('https://a.com/\\27 z')">z</p>\n`,
  },
  {
    languageId: 'json',
    text: '{"a": "https://evil.example%22x/%3C/script%3E", "b": "https:\\/\\/a.com\\/%22y"}\n',
    to: 'canonical',
    expected:
      '{"a": "https://evil.example\\u0022x/%3C/script%3E", "b": "https:\\/\\/a.com\\/%22y"}\n',
  },
  {
    languageId: 'typescript',
    text: "const a = 'https://a.com/%27x'; const t = `https://a.com/%60?q=%24%7Bx%7D`;\n",
    to: 'canonical',
    expected: "const a = 'https://a.com/\\u0027x'; const t = `https://a.com/%60?q=\\u0024{x}`;\n",
  },
  {
    languageId: 'markdown',
    text: '[t](https://a.com/%28x%29 "title") and <https://a.com/%3Cy%3E> and https://a.com/%7Cz\n',
    to: 'canonical',
    expected:
      '[t](https://a.com/\\(x\\) "title") and <https://a.com/%3Cy%3E> and https://a.com/%7Cz\n',
    skipped: [{ url: 'https://a.com/%7Cz', reason: /can't be written in this text.*U\+007C/ }],
  },
  {
    languageId: 'css',
    text: 'a{background:url(https://a.com/%28x%29%27)}b{background:url("https://e.com%22x/")}\n',
    to: 'canonical',
    expected:
      'a{background:url(https://a.com/\\(x\\)\\27 )}b{background:url("https://e.com\\22 x/")}\n',
  },
];

/** A document of `languageId`: openDoc knows a few file extensions; CSS is set after opening. */
async function open(text: string, languageId: string): Promise<vscode.TextEditor> {
  if (languageId !== 'css') return openDoc(text, languageId);
  const plain = await openDoc(text);
  const doc = await vscode.languages.setTextDocumentLanguage(plain.document, 'css');
  return vscode.window.showTextDocument(doc);
}

describe('extension: writes keep their context', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  for (const c of CASES) {
    it(`convert all to ${c.to} in ${c.languageId}: exact text, refusals reported and untouched`, async () => {
      const editor = await open(c.text, c.languageId);
      assert.strictEqual(editor.document.languageId, c.languageId);
      const summary = await run('ampUrl.convertAll', { to: c.to });
      assert.strictEqual(editor.document.getText(), c.expected);
      const skipped = c.skipped ?? [];
      assert.deepStrictEqual(
        summary.skipped.map((s) => s.url),
        skipped.map((s) => s.url),
      );
      summary.skipped.forEach((s, i) => {
        assert.match(s.reason, skipped[i].reason);
      });
      for (const s of skipped) assert.ok(editor.document.getText().includes(s.url));
      await undo();
      assert.strictEqual(editor.document.getText(), c.text);
    });
  }

  it('the palette command at the cursor writes the cache URL with %22 in its path', async () => {
    const editor = await openDoc(HTML, 'html');
    placeCursors(editor, 'evil.example');
    const summary = await run('ampUrl.toCacheUrl');
    assert.strictEqual(summary.changed, 1);
    assert.strictEqual(
      editor.document.lineAt(0).text,
      `<a href="${EVIL_CACHE}%22onmouseover=alert(1)/">x</a>`,
    );
  });

  it('Insert AMP Cache URL writes for the context at the cursor too', async () => {
    const editor = await openDoc("<a href=''>x</a>\n", 'html');
    const at = new vscode.Position(0, 9); // between the quotes
    editor.selections = [new vscode.Selection(at, at)];
    const summary = await run('ampUrl.insertCacheUrl', { url: "https://example.com/it's" });
    assert.strictEqual(summary.changed, 1);
    // A browser sends ' in a path as it is, so the attribute gets a character reference.
    assert.strictEqual(
      editor.document.lineAt(0).text,
      "<a href='https://example-com.cdn.ampproject.org/c/s/example.com/it&#39;s'>x</a>",
    );
  });

  it('quick fixes write for the context, and are not offered where the write is refused', async () => {
    const editor = await openDoc(HTML, 'html');
    const doc = editor.document;
    const at = new vscode.Range(0, 20, 0, 20);
    const actions = await someActions(doc, at);
    const canonicalize = actions.find((a) => a.title === 'Canonicalize URL');
    assert.ok(canonicalize?.edit, actions.map((a) => a.title).join());
    assert.ok(await vscode.workspace.applyEdit(canonicalize.edit));
    assert.strictEqual(
      doc.lineAt(0).text,
      '<a href="https://evil.example&quot;onmouseover=alert(1)/">x</a>',
    );

    // A tag whose attributes are on lines of their own: the quick fix sees the tag across lines.
    const tall = await openDoc(
      '<a\n  class="x"\n  href="https://evil.example%22onmouseover=alert(1)/"\n>x</a>\n',
      'html',
    );
    const tallActions = await someActions(
      tall.document,
      new vscode.Range(2, 12, 2, 12),
      undefined,
      'our code actions on a tall tag',
    );
    const tallCanon = tallActions.find((a) => a.title === 'Canonicalize URL');
    assert.ok(tallCanon?.edit);
    assert.ok(await vscode.workspace.applyEdit(tallCanon.edit));
    assert.strictEqual(
      tall.document.getText(),
      '<a\n  class="x"\n  href="https://evil.example&quot;onmouseover=alert(1)/"\n>x</a>\n',
    );

    // In Markdown text a | ends the URL: the canonical form can't be written, so no such action.
    const md = await openDoc('see https://a.com/%7Cz here\n', 'markdown');
    const mdAt = new vscode.Range(0, 8, 0, 8);
    const mdActions = await someActions(
      md.document,
      mdAt,
      undefined,
      'our code actions in Markdown',
    );
    assert.deepStrictEqual(
      mdActions.map((a) => a.title),
      ['Replace with AMP Cache URL'],
    );
    assert.strictEqual(md.document.getText(), 'see https://a.com/%7Cz here\n');
  });

  const QUICK: [string, string, string][] = [
    [
      'json',
      '{"a": "https://evil.example%22x/%3C/script%3E"}\n',
      '{"a": "https://evil.example\\u0022x/%3C/script%3E"}\n',
    ],
    ['typescript', "const a = 'https://a.com/%27x';\n", "const a = 'https://a.com/\\u0027x';\n"],
    [
      'css',
      'a{background:url(https://a.com/%28x%29%27)}\n',
      'a{background:url(https://a.com/\\(x\\)\\27 )}\n',
    ],
    ['markdown', '[t](https://a.com/%28x%29 "title")\n', '[t](https://a.com/\\(x\\) "title")\n'],
  ];
  for (const [languageId, text, expected] of QUICK) {
    it(`the Canonicalize URL quick fix in ${languageId} writes for the context`, async () => {
      const editor = await open(text, languageId);
      const at = editor.document.positionAt(text.indexOf('https://') + 10);
      const actions = await someActions(editor.document, new vscode.Range(at, at));
      const canonicalize = actions.find((a) => a.title === 'Canonicalize URL');
      assert.ok(canonicalize?.edit, actions.map((a) => a.title).join());
      assert.ok(await vscode.workspace.applyEdit(canonicalize.edit));
      assert.strictEqual(editor.document.getText(), expected);
    });
  }
});
