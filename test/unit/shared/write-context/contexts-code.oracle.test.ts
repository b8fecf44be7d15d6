// The JSON, JavaScript and Markdown contexts of contexts.oracle.test.ts: generated new URLs
// written there are read back by JSON.parse, acorn and markdown-it as the URL meant.
import * as assert from 'node:assert/strict';
import { PLAIN_OLD, writesTheUrlMeant, type Context } from './oracle-check';
import { jsLiteral, jsonU, markdownInline, type MdInline } from './oracles';

/** Markdown whose inline tokens are `types`: the token holding the link. */
function mdLink(doc: string, types: string[]): MdInline {
  const tokens = markdownInline(doc);
  assert.deepEqual(
    tokens.map((k) => k.type),
    types,
  );
  return tokens[types.indexOf('link_open')];
}

const LINK = ['link_open', 'text', 'link_close', 'text', 'code_inline'];

const CONTEXTS: Context[] = [
  {
    name: 'JSON string',
    languageId: 'json',
    doc: '{"u": "U", "n": 1}',
    olds: PLAIN_OLD,
    read: jsonU,
  },
  {
    name: 'JSON string, JSON-escaped slashes',
    languageId: 'json',
    doc: '{"u": "U", "n": 1}',
    olds: ['https:\\/\\/a.com\\/x'],
    read(doc) {
      const raw = /"u": "(.*)", "n"/.exec(doc)?.[1] ?? '';
      assert.doesNotMatch(raw, /(^|[^\\])\//, 'every / stays escaped');
      return jsonU(doc);
    },
  },
  {
    name: 'JavaScript "…"',
    languageId: 'javascript',
    doc: 'var a = "U"; var b = 1;',
    olds: PLAIN_OLD,
    read: jsLiteral,
  },
  {
    name: "JavaScript '…'",
    languageId: 'javascript',
    doc: "var a = 'U'; var b = 1;",
    olds: PLAIN_OLD,
    read: jsLiteral,
  },
  {
    name: 'JavaScript template literal',
    languageId: 'typescript',
    doc: 'var a = `U`; var b = 1;',
    olds: PLAIN_OLD,
    read: jsLiteral,
  },
  {
    name: 'Markdown link [t](…)',
    languageId: 'markdown',
    doc: '[t](U "title") after `code`',
    olds: ['https://a.com/x?a=1&amp;b=2', 'https://a.com/x'],
    read(doc) {
      const link = mdLink(doc, LINK);
      assert.equal(link.title, 'title');
      assert.equal(markdownInline(doc)[3].content, ' after ');
      return link.href ?? '';
    },
  },
  {
    name: 'Markdown link [t](<…>)',
    languageId: 'markdown',
    doc: '[t](<U>) after `code`',
    olds: PLAIN_OLD,
    read: (doc) => mdLink(doc, LINK).href ?? '',
  },
  {
    name: 'Markdown autolink <…>',
    languageId: 'markdown',
    doc: 'see <U> after `code`',
    olds: PLAIN_OLD,
    read(doc) {
      const link = mdLink(doc, ['text', ...LINK]);
      assert.equal(link.markup, 'autolink');
      return link.href ?? '';
    },
  },
];

describe('write context: real parsers read the URL that was meant (generated URLs)', function () {
  this.timeout(120_000);
  for (const ctx of CONTEXTS) {
    it(ctx.name, () => {
      writesTheUrlMeant(ctx);
    });
  }
});
