// Writes that keep their context (issue 12, problem 3): a table of contexts × hostile new URLs.
// After each write, a real parser of the language (parse5 for HTML, JSON.parse, the TypeScript
// scanner and parser, markdown-it, a CSS Syntax Level 3 token reader) must read the same structure
// as before, and the URL it reads there must be the same URL for a browser (WHATWG `URL` href).
import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { absoluteUrl, findUrls } from '../../../src/core';
import { writeUrl } from '../../../src/shared/write-context';
import {
  anchor,
  cssRule,
  cssStringToken,
  element,
  jsLiteral,
  md,
  program,
  sameUrl,
  textOf,
  attrs,
} from './write-context/parsers';
import { HOSTILE, OLD } from './write-context/urls';

interface Context {
  name: string;
  languageId: string;
  /** The document, `U` standing for the URL. */
  doc: string;
  /** The old URL as the document writes it. */
  old?: string;
  /** Checks the structure after the write and gives the URL the parser reads in it. */
  read(doc: string, written: string, start: number): string;
}

const decodeXml = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e.startsWith('#')
      ? String.fromCodePoint(
          parseInt(e[1] === 'x' ? e.slice(2) : e.slice(1), e[1] === 'x' ? 16 : 10),
        )
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e],
  );

/** In plain text: our own finder must find the written URL whole, where it was written. */
function foundWhole(doc: string, written: string, start: number): string {
  const m = findUrls(doc).find((f) => f.start === start);
  assert.ok(m, 'the URL is found where it was written');
  assert.equal(m.end, start + written.length, 'the URL is found whole');
  return absoluteUrl(doc.slice(m.start, m.end));
}

const CONTEXTS: Context[] = [
  {
    name: 'HTML attribute "…"',
    languageId: 'html',
    doc: '<a href="U" title="t">x</a>',
    read: anchor,
  },
  {
    name: "HTML attribute '…'",
    languageId: 'html',
    doc: "<a href='U' title='t'>x</a>",
    read: anchor,
  },
  {
    name: 'HTML attribute unquoted',
    languageId: 'html',
    doc: '<a href=U title=t>x</a>',
    read: anchor,
  },
  {
    name: 'HTML attribute in JSX',
    languageId: 'typescriptreact',
    doc: '<a href="U" title="t">x</a>',
    read: anchor,
  },
  {
    name: 'XML attribute',
    languageId: 'xml',
    doc: '<link href="U" rel="x"/>',
    read(doc) {
      const value = /^<link href="([^"<]*)" rel="x"\/>$/.exec(doc);
      assert.ok(value, 'the same element');
      assert.doesNotMatch(value[1], /&(?!(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/);
      return decodeXml(value[1]);
    },
  },
  {
    name: 'HTML style attribute, CSS string',
    languageId: 'html',
    doc: `<p style="background:url('U')" title="t">x</p>`,
    read(doc) {
      const el = element(doc, 'p');
      const a = attrs(el);
      assert.deepEqual(Object.keys(a), ['style', 'title']);
      assert.equal(textOf(el.childNodes), 'x');
      const open = 'background:url(';
      assert.ok(a.style.startsWith(open + "'"));
      const [value, end] = cssStringToken(a.style, open.length);
      assert.equal(a.style.slice(end + 1), ')');
      return value;
    },
  },
  {
    name: 'JSON string',
    languageId: 'json',
    doc: '{"u": "U", "n": 1}',
    read(doc) {
      const v = JSON.parse(doc) as Record<string, unknown>;
      assert.deepEqual(Object.keys(v), ['u', 'n']);
      assert.equal(v.n, 1);
      return v.u as string;
    },
  },
  {
    name: 'JSON string, JSON-escaped slashes',
    languageId: 'json',
    doc: '{"u": "U", "n": 1}',
    old: 'https:\\/\\/a.com\\/x',
    read(doc) {
      const v = JSON.parse(doc) as Record<string, unknown>;
      assert.deepEqual(Object.keys(v), ['u', 'n']);
      const raw = /"u": "(.*)", "n"/.exec(doc)?.[1] ?? '';
      assert.doesNotMatch(raw, /(^|[^\\])\//, 'every / stays escaped');
      return v.u as string;
    },
  },
  {
    name: 'JSON-LD in an HTML page',
    languageId: 'html',
    doc: '<script type="application/ld+json">{"u": "U", "n": 1}</script>',
    read(doc) {
      const script = element(doc, 'script');
      const v = JSON.parse(textOf(script.childNodes)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(v), ['u', 'n']);
      return v.u as string;
    },
  },
  {
    name: 'TypeScript "…"',
    languageId: 'typescript',
    doc: 'const a = "U"; const b = 1;',
    read: (doc) => jsLiteral(doc, ts.SyntaxKind.StringLiteral),
  },
  {
    name: "JavaScript '…'",
    languageId: 'javascript',
    doc: "const a = 'U'; const b = 1;",
    read: (doc) => jsLiteral(doc, ts.SyntaxKind.StringLiteral),
  },
  {
    name: 'template literal',
    languageId: 'typescript',
    doc: 'const a = `U`; const b = 1;',
    read: (doc) => jsLiteral(doc, ts.SyntaxKind.NoSubstitutionTemplateLiteral),
  },
  {
    name: 'HTML attribute in a JavaScript string',
    languageId: 'javascript',
    doc: `const a = '<a href="U" title="t">x</a>'; const b = 1;`,
    read: (doc) => anchor(jsLiteral(doc, ts.SyntaxKind.StringLiteral)),
  },
  {
    name: 'TypeScript comment',
    languageId: 'typescript',
    doc: '/* see U */ const b = 1;',
    read(doc, written, start) {
      const sf = program(doc);
      assert.equal(sf.statements.length, 1);
      assert.equal(sf.statements[0].getText(sf), 'const b = 1;');
      return foundWhole(doc, written, start);
    },
  },
  {
    name: 'Markdown link',
    languageId: 'markdown',
    doc: '[t](U "title") after `code`',
    read(doc) {
      const tokens = md.parseInline(doc, {})[0].children ?? [];
      assert.deepEqual(
        tokens.map((k) => k.type),
        ['link_open', 'text', 'link_close', 'text', 'code_inline'],
      );
      assert.equal(tokens[0].attrGet('title'), 'title');
      assert.equal(tokens[3].content, ' after ');
      return tokens[0].attrGet('href') ?? '';
    },
  },
  {
    name: 'Markdown autolink',
    languageId: 'markdown',
    doc: 'see <U> after `code`',
    read(doc) {
      const tokens = md.parseInline(doc, {})[0].children ?? [];
      assert.deepEqual(
        tokens.map((k) => k.type),
        ['text', 'link_open', 'text', 'link_close', 'text', 'code_inline'],
      );
      assert.equal(tokens[1].markup, 'autolink');
      return tokens[1].attrGet('href') ?? '';
    },
  },
  {
    name: 'Markdown text',
    languageId: 'markdown',
    doc: 'see U after `code`',
    read(doc, written, start) {
      const tokens = md.parseInline(doc, {})[0].children ?? [];
      assert.deepEqual(
        tokens.map((k) => k.type),
        ['text', 'code_inline'],
      );
      return foundWhole(doc, written, start);
    },
  },
  {
    name: 'Markdown table cell',
    languageId: 'markdown',
    doc: '| h | i |\n| - | - |\n| a | U |',
    read(doc, written, start) {
      const tokens = md.parse(doc, {});
      assert.equal(tokens.filter((k) => k.type === 'td_open').length, 2);
      return foundWhole(doc, written, start);
    },
  },
  {
    name: 'CSS url()',
    languageId: 'css',
    doc: 'a{background:url(U)}b{color:red}',
    read: (doc) => cssRule(doc, ''),
  },
  {
    name: 'CSS url("…")',
    languageId: 'css',
    doc: 'a{background:url("U")}b{color:red}',
    read: (doc) => cssRule(doc, '"'),
  },
  {
    name: 'plain text',
    languageId: 'plaintext',
    doc: 'see U after',
    read: foundWhole,
  },
  {
    name: 'plain text <…>',
    languageId: 'plaintext',
    doc: 'see <U> after',
    read(doc, written, start) {
      assert.equal(doc.indexOf('>', start), start + written.length);
      assert.equal(doc.slice(start + written.length), '> after');
      return foundWhole(doc, written, start);
    },
  },
];

/**
 * The writes that are refused, and only those: where no escape of the context keeps the URL the
 * same. Everything else must be written, and read back the same.
 */
const TEXT = [
  'TypeScript comment',
  'Markdown text',
  'Markdown table cell',
  'plain text',
  'plain text <…>',
];
const REFUSED: Partial<Record<string, string[]>> = {
  newline: CONTEXTS.map((c) => c.name), // the browser drops it: neither it nor %0A is the same URL
  // In text, only the URL's own characters delimit it: a ' or ) the reader would cut it at, a
  // backtick, \ or | that ends it, can't be escaped without changing the URL.
  apostrophes: TEXT,
  parentheses: TEXT,
  backticks: TEXT,
  backslashes: TEXT,
  'braces and pipes': TEXT,
  '${': ['TypeScript comment'], // can't tell a comment from a template literal there
  'comment end': ['TypeScript comment'],
  // A new &lt; in Markdown text would be read as <; Markdown text has no escape a finder keeps.
  ampersands: ['Markdown text', 'Markdown table cell'],
};

function place(ctx: Context): { doc: string; start: number; end: number } {
  const old = ctx.old ?? OLD;
  const start = ctx.doc.indexOf('U');
  return { doc: ctx.doc.replace('U', old), start, end: start + old.length };
}

describe('write context: contexts × hostile URLs', () => {
  for (const ctx of CONTEXTS) {
    describe(ctx.name, () => {
      it('reads the old document as expected', () => {
        const { doc, start, end } = place(ctx);
        sameUrl(ctx.read(doc, doc.slice(start, end), start).replaceAll('\\/', '/'), OLD, 'before');
      });
      for (const [name, url] of Object.entries(HOSTILE)) {
        it(name, () => {
          const { doc, start, end } = place(ctx);
          const w = writeUrl(doc, start, end, url, undefined, ctx.languageId);
          const refused = REFUSED[name]?.includes(ctx.name) ?? false;
          if (w.text === undefined) {
            assert.ok(refused, `refused: ${w.refused}`);
            assert.match(w.refused, /can't be written|line break/);
            return;
          }
          assert.ok(!refused, `written, expected a refusal: ${w.text}`);
          const after = doc.slice(0, start) + w.text + doc.slice(end);
          sameUrl(ctx.read(after, w.text, start), url, ctx.name);
        });
      }
    });
  }
});
