// A write keeps what the reader reads (issue 27, item 1), proven against real parsers: for
// thousands of generated new URLs written in place of an old one in each context (HTML text,
// attributes, <title>/<textarea>, <script>/<style> contents, comments, Markdown link destinations
// and autolinks, JSON and JavaScript strings, CSS url() and strings), the value the parser reads
// from the written file is exactly the URL writeUrl meant (the URL percent-encoded as a browser
// sends it), or writeUrl refused the write with the reason. A differential test: no example list.
// The JSON, JavaScript and Markdown contexts: contexts-code.oracle.test.ts.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { readUrlAt } from '../../../../src/shared/read-url';
import { writeUrl } from '../../../../src/shared/write-context';
import { browserEncode } from '../../../../src/shared/write-context/browser-encode';
import {
  RUNS,
  HTML_OLD,
  PLAIN_OLD,
  check,
  refusableInText,
  writesTheUrlMeant,
  type Context,
  type Tally,
} from './oracle-check';
import {
  attributes,
  between,
  cssComments,
  cssValues,
  htmlNodes,
  js,
  jsLiteral,
  jsonU,
  textContent,
} from './oracles';
import { newUrl } from './urls';

const htmlText =
  (open: string, before: string, after: string) =>
  (doc: string): string => {
    const [el] = htmlNodes(doc, [open, 'i']);
    return between(textContent(el), before, after);
  };

const anchor = (doc: string): string => {
  const [a] = htmlNodes(doc, ['a']);
  const attrs = attributes(a);
  assert.deepEqual(Object.keys(attrs), ['href', 'title']);
  assert.equal(attrs.title, 't');
  assert.equal(textContent(a), 'x');
  return attrs.href;
};

function onlyOne<T>(items: T[], what: string): T {
  assert.equal(items.length, 1, `one ${what}`);
  return items[0];
}

/** CSS with `declarations`: the one url() (or, `string`, the one string) it reads. */
function cssUrl(
  css: string,
  declarations: string[],
  context?: 'declarationList',
  kind: 'urls' | 'strings' = 'urls',
): string {
  const v = cssValues(css, context);
  assert.deepEqual(v.declarations, declarations);
  return onlyOne(v[kind], kind);
}

/** The text of the first element of `doc`, followed by `<i>x</i>`. */
const firstText = (doc: string, tag: string): string => textContent(htmlNodes(doc, [tag, 'i'])[0]);

/** The style attribute of `<a href="/" style="…">x</a>`. */
const styleAttribute = (doc: string): string => attributes(htmlNodes(doc, ['a'])[0]).style;

const CONTEXTS: Context[] = [
  {
    name: 'HTML text',
    languageId: 'html',
    doc: '<p>Text U more</p><i>x</i>',
    olds: HTML_OLD,
    read: htmlText('p', 'Text ', ' more'),
    text: true,
  },
  {
    name: 'HTML text in quotes',
    languageId: 'html',
    doc: '<p>Say "U" more</p><i>x</i>',
    olds: HTML_OLD,
    read: htmlText('p', 'Say "', '" more'),
    text: true,
  },
  {
    name: '<title> text (RCDATA)',
    languageId: 'html',
    doc: '<title>Text U more</title><i>x</i>',
    olds: HTML_OLD,
    read: htmlText('title', 'Text ', ' more'),
    text: true,
  },
  {
    name: '<textarea> text (RCDATA)',
    languageId: 'html',
    doc: '<textarea>Text U more</textarea><i>x</i>',
    olds: HTML_OLD,
    read: htmlText('textarea', 'Text ', ' more'),
    text: true,
  },
  {
    name: 'HTML attribute "…"',
    languageId: 'html',
    doc: '<a href="U" title="t">x</a>',
    olds: HTML_OLD,
    read: anchor,
  },
  {
    name: "HTML attribute '…'",
    languageId: 'html',
    doc: "<a href='U' title='t'>x</a>",
    olds: HTML_OLD,
    read: anchor,
  },
  {
    name: 'HTML attribute unquoted',
    languageId: 'html',
    doc: '<a href=U title=t>x</a>',
    olds: HTML_OLD,
    read: anchor,
  },
  {
    name: 'HTML comment',
    languageId: 'html',
    doc: '<!-- see U more --><i>x</i>',
    olds: HTML_OLD,
    read(doc) {
      const [c] = htmlNodes(doc, ['#comment', 'i']);
      return between('data' in c ? c.data : '', ' see ', ' more ');
    },
    text: true,
  },
  {
    name: '<script> string',
    languageId: 'html',
    doc: '<script>var a = "U"; var b = 1;</script><i>x</i>',
    olds: PLAIN_OLD,
    read: (doc) => jsLiteral(firstText(doc, 'script')),
  },
  {
    name: '<script> comment',
    languageId: 'html',
    doc: '<script>// see U more\nvar b = 1;</script><i>x</i>',
    olds: HTML_OLD,
    read(doc) {
      const { body, comments } = js(firstText(doc, 'script'));
      assert.equal(body.length, 1);
      return between(onlyOne(comments, 'comment'), ' see ', ' more');
    },
    text: true,
  },
  {
    name: 'JSON-LD <script>',
    languageId: 'html',
    doc: '<script type="application/ld+json">{"u": "U", "n": 1}</script><i>x</i>',
    olds: PLAIN_OLD,
    read: (doc) => jsonU(firstText(doc, 'script')),
  },
  {
    name: '<style> url()',
    languageId: 'html',
    doc: '<style>a{background:url(U)}b{color:red}</style><i>x</i>',
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(firstText(doc, 'style'), ['background', 'color']),
  },
  {
    name: '<style> url("…")',
    languageId: 'html',
    doc: '<style>a{background:url("U")}b{color:red}</style><i>x</i>',
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(firstText(doc, 'style'), ['background', 'color']),
  },
  {
    name: '<style> comment',
    languageId: 'html',
    doc: '<style>/* see U more */b{color:red}</style><i>x</i>',
    olds: HTML_OLD,
    read(doc) {
      const comments = cssComments(firstText(doc, 'style'));
      return between(onlyOne(comments, 'comment'), ' see ', ' more ');
    },
    text: true,
  },
  {
    name: "style attribute url('…')",
    languageId: 'html',
    doc: `<a href="/" title="background:url('U');color:red">x</a>`.replace('title', 'style'),
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(styleAttribute(doc), ['background', 'color'], 'declarationList'),
  },
  {
    name: 'style attribute url()',
    languageId: 'html',
    doc: '<a href="/" style="background:url(U);color:red">x</a>',
    olds: HTML_OLD,
    read: (doc) => cssUrl(styleAttribute(doc), ['background', 'color'], 'declarationList'),
  },
  {
    name: 'CSS url()',
    languageId: 'css',
    doc: 'a{background:url(U)}b{color:red}',
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(doc, ['background', 'color']),
  },
  {
    name: "CSS url('…')",
    languageId: 'css',
    doc: "a{background:url('U')}b{color:red}",
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(doc, ['background', 'color']),
  },
  {
    name: 'CSS @import "…"',
    languageId: 'css',
    doc: '@import "U";b{color:red}',
    olds: PLAIN_OLD,
    read: (doc) => cssUrl(doc, ['color'], undefined, 'strings'),
  },
];

describe('write context: real parsers read the URL that was meant (generated URLs)', function () {
  this.timeout(120_000);
  for (const ctx of CONTEXTS) {
    it(ctx.name, () => {
      writesTheUrlMeant(ctx);
    });
  }

  it('HTML text: a query with entity names and nothing a reader stops at is always written', () => {
    const plainQuery = newUrl.filter((u) => !refusableInText(browserEncode(u).text ?? '"'));
    for (const name of ['HTML text', '<title> text (RCDATA)', '<textarea> text (RCDATA)']) {
      const ctx = CONTEXTS.find((c) => c.name === name);
      assert.ok(ctx);
      const tally: Tally = { written: 0, refused: 0 };
      fc.assert(
        fc.property(plainQuery, fc.constantFrom(...ctx.olds), (url, old) => {
          check(ctx, old, url, tally);
        }),
        { numRuns: RUNS },
      );
      assert.equal(tally.refused, 0, name);
    }
  });

  it("the issue's example: &amp;copy= in HTML text is written &amp;copy=, read x=1&copy=2", () => {
    const doc =
      '<p>Text https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p?x=1&amp;copy=2</p>';
    const r = readUrlAt(doc, 8, doc.length - 4, 'html');
    assert.equal(
      r.url,
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p?x=1&copy=2',
    );
    const w = writeUrl(
      doc,
      r.start,
      r.end,
      'https://www.example.com/p?x=1&copy=2',
      undefined,
      'html',
    );
    assert.equal(w.text, 'https://www.example.com/p?x=1&amp;copy=2');
    // With a bare & in the old text, only what HTML text reads as a reference is escaped.
    const bare = '<p>Text https://a.com/x?a=1&b=2</p>';
    const w2 = writeUrl(
      bare,
      8,
      bare.length - 4,
      'https://b.com/?a=1&b=2&lt=2&reg=3',
      undefined,
      'html',
    );
    assert.equal(w2.text, 'https://b.com/?a=1&b=2&amp;lt=2&amp;reg=3');
  });
});
