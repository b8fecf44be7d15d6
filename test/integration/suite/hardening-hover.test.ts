// Hardening in real VS Code (issue 7), with exact expectations: hostile text gives inert hovers
// whose only links are our commands with the document's own text as arguments.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { hoverMarkdown, outsideCode } from './ext-helpers';
import { activateExtension, closeAllEditors, openDoc } from './util';

/** Asserts a hover is inert: no HTML, no icons, no foreign or forged command link. */
function assertInert(md: vscode.MarkdownString, doc: vscode.TextDocument, context: string): void {
  assert.notStrictEqual(md.isTrusted, true, `${context}: isTrusted is true`);
  if (typeof md.isTrusted === 'object') {
    for (const id of md.isTrusted.enabledCommands)
      assert.match(id, /^ampUrl\./, `${context}: trusts ${id}`);
  }
  assert.notStrictEqual(md.supportHtml, true, `${context}: supportHtml`);
  assert.notStrictEqual(md.supportThemeIcons, true, `${context}: supportThemeIcons`);
  const outside = outsideCode(md.value);
  assert.doesNotMatch(
    outside,
    /(?<!\\)</,
    `${context}: raw < (HTML) outside code spans:\n${md.value}`,
  );
  assert.doesNotMatch(
    outside,
    /(?<!\\)&#?\w+;/,
    `${context}: HTML entity outside code spans:\n${md.value}`,
  );
  assert.doesNotMatch(
    outside,
    /(?<!\\)\$\(/,
    `${context}: icon syntax outside code spans:\n${md.value}`,
  );
  // Every link, autolink or bare command URI outside code spans is one of ours, with honest arguments.
  for (const m of outside.matchAll(/(?<!\\)\]\(([^)\s]*)/g)) {
    const target = m[1];
    assert.match(
      target,
      /^command:ampUrl\.(copy|replace|open|showAllForms)(\?|$)/,
      `${context}: foreign link ${target}`,
    );
    const query = target.indexOf('?');
    const args: unknown = query < 0 ? [] : JSON.parse(decodeURIComponent(target.slice(query + 1)));
    assert.ok(Array.isArray(args) && args.length === 1, `${context}: not one argument`);
    // A document cannot forge a link: its one argument names this document, the text really in
    // it and a form, never a value to write, copy or open.
    const lt = parseLinkTarget((args as unknown[])[0]);
    assert.ok(lt, `${context}: the argument is not a LinkTarget: ${target}`);
    assert.strictEqual(lt.uri, doc.uri.toString(), `${context}: a link to another document`);
    assert.strictEqual(
      doc.getText(new vscode.Range(doc.positionAt(lt.start), doc.positionAt(lt.end))),
      lt.expected,
      `${context}: a link to text not in the document`,
    );
    assert.strictEqual(
      lt.form === undefined,
      target.startsWith('command:ampUrl.showAllForms'),
      `${context}: ${target}`,
    );
  }
  const commandUris = [...outside.matchAll(/(?<![\\\w])command:/g)].length;
  const ourLinks = [...outside.matchAll(/(?<!\\)\]\(command:ampUrl\./g)].length;
  assert.strictEqual(
    commandUris,
    ourLinks,
    `${context}: a command: URI outside our links:\n${md.value}`,
  );
}

// Each line: hostile text around or inside a URL; `at` is where the mouse is.
const HOSTILE: { line: string; at: string }[] = [
  { line: 'https://a.example/](command:workbench.action.quit)', at: 'a.example' },
  { line: '[x](https://a.example/y)](command:workbench.action.terminal.new)', at: 'a.example' },
  {
    line: 'https://a.example/x](command:ampUrl.replace?%5B%22file%3A%2F%2F%2Fetc%2Fpasswd%22%2C0%2C1%2C%22r%22%2C%22x%22%5D)',
    at: 'a.example',
  },
  { line: 'https://a.example/<img src=x onerror=alert(1)>', at: 'a.example' },
  { line: '<img src=x onerror=alert(1)>https://a.example/<b>x</b>', at: 'a.example' },
  { line: 'https://a.example/&lt;img&gt;&#x3c;img&#60;&amp;', at: 'a.example' },
  { line: 'https://a.example/`x``$(alert)`$(zap~spin)$(x)', at: 'a.example' },
  { line: 'https://a.example/*_[]()#!|~>\\-+=.{}', at: 'a.example' },
  { line: 'https://a.example/<command:workbench.action.quit>', at: 'a.example' },
  {
    line: 'https://a.example/\u202e)lnk(\u2028[x](command:workbench.action.quit)',
    at: 'a.example',
  },
  { line: 'www.a.example/[x](javascript:alert(1))', at: 'a.example' },
  {
    line: 'https://a-example.cdn.ampproject.org/c/s/a.example/](command:workbench.action.quit)<img>',
    at: 'cdn.ampproject',
  },
];

describe('hardening: hover injection', () => {
  before(activateExtension);
  after(closeAllEditors);

  for (const language of ['plaintext', 'markdown']) {
    it(`${language}: hostile text gives inert hovers, only our commands, honest arguments`, async () => {
      const doc = (await openDoc(HOSTILE.map((h) => h.line).join('\n'), language)).document;
      for (let i = 0; i < HOSTILE.length; i++) {
        const mds = await hoverMarkdown(
          doc,
          new vscode.Position(i, HOSTILE[i].line.indexOf(HOSTILE[i].at) + 2),
        );
        const ours = mds.filter((md) => md.value.startsWith('AMP URL'));
        assert.ok(ours.length > 0, `no hover on line ${i}: ${HOSTILE[i].line}`);
        for (const md of ours) assertInert(md, doc, `line ${i} ${JSON.stringify(HOSTILE[i].line)}`);
      }
    });
  }

  it('text on the next line (LF and CRLF) never reaches the hover', async () => {
    for (const eol of ['\n', '\r\n']) {
      const doc = (
        await openDoc(
          [
            'https://a.example/x',
            '[pwn](command:workbench.action.quit)',
            '# heading',
            '<img src=x>',
          ].join(eol),
          'markdown',
        )
      ).document;
      const mds = await hoverMarkdown(doc, new vscode.Position(0, 10));
      assert.ok(mds.length > 0);
      for (const md of mds) {
        assertInert(md, doc, JSON.stringify(eol));
        assert.ok(
          !md.value.includes('pwn') && !md.value.includes('heading'),
          `the next line leaked into the hover:\n${md.value}`,
        );
      }
    }
  });
});
