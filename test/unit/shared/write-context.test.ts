// Writes that keep their context (issue 12, problem 3): a table of contexts × hostile new URLs.
// After each write, a real parser of the language (parse5 for HTML, JSON.parse, the TypeScript
// scanner and parser, markdown-it, a CSS Syntax Level 3 token reader) must read the same structure
// as before, and the URL it reads there must be the same URL for a browser (WHATWG `URL` href).
import * as assert from 'node:assert/strict';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import * as ts from 'typescript';
import { absoluteUrl, findUrls } from '../../../src/core';
import { writeUrl, writeUrlAt } from '../../../src/shared/write-context';
import { browserEncode } from '../../../src/shared/write-context/browser-encode';
import { detectContext, LOOK_BEHIND } from '../../../src/shared/write-context/detect';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

// markdown-it (present through @vscode/vsce) ships no types: the little of it used here.
interface MdToken {
  type: string;
  content: string;
  markup: string;
  children: MdToken[] | null;
  attrGet(name: string): string | null;
}
interface MarkdownIt {
  parse(src: string, env: object): MdToken[];
  parseInline(src: string, env: object): MdToken[];
  normalizeLink: (url: string) => string;
  validateLink: (url: string) => boolean;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const markdownIt = require('markdown-it') as () => MarkdownIt;
const md = markdownIt();
md.normalizeLink = (url) => url; // read the destination as CommonMark gives it, not re-encoded
md.validateLink = () => true;

/** The same URL for a browser: equal WHATWG hrefs. */
function sameUrl(read: string, url: string, where: string): void {
  assert.equal(new URL(read).href, new URL(url).href, `${where}: read ${JSON.stringify(read)}`);
}

function only<T>(items: readonly T[], what: string): T {
  assert.equal(items.length, 1, `one ${what}`);
  return items[0];
}

// ---- HTML (parse5) ----

function element(html: string, tag: string): Element {
  const nodes = parseFragment(html).childNodes;
  const el = only(nodes, 'node') as Element;
  assert.equal(el.tagName, tag);
  return el;
}

function attrs(el: Element): Record<string, string> {
  return Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
}

function textOf(nodes: ChildNode[]): string {
  return nodes.map((n) => ('value' in n ? n.value : '<' + n.nodeName + '>')).join('');
}

/** `<a href=… title=t>x</a>`: one element, the same two attributes, the same text. */
function anchor(html: string): string {
  const el = element(html, 'a');
  const a = attrs(el);
  assert.deepEqual(Object.keys(a), ['href', 'title']);
  assert.equal(a.title, 't');
  assert.equal(textOf(el.childNodes), 'x');
  return a.href;
}

// ---- JavaScript / TypeScript (the compiler's own parser) ----

function program(source: string): ts.SourceFile {
  const out = ts.transpileModule(source, { reportDiagnostics: true });
  assert.deepEqual(
    (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
  );
  return ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
}

/** `const a = <literal>; const b = 1;`: two statements, the first a string literal's value. */
function jsLiteral(source: string, kind: ts.SyntaxKind): string {
  const sf = program(source);
  assert.equal(sf.statements.length, 2);
  assert.equal(sf.statements[1].getText(sf), 'const b = 1;');
  const decl = (sf.statements[0] as ts.VariableStatement).declarationList.declarations[0];
  const init = decl.initializer;
  assert.ok(init, 'an initializer');
  assert.equal(ts.SyntaxKind[init.kind], ts.SyntaxKind[kind]);
  return (init as ts.StringLiteral).text;
}

// ---- CSS (CSS Syntax Level 3: consume a url token, consume a string token) ----

const HEX = /^[0-9a-fA-F]$/;

/** An escape after the `\` at `i`: its character and where reading goes on. */
function cssEscape(s: string, i: number): [string, number] {
  let j = i + 1;
  let hex = '';
  while (hex.length < 6 && HEX.test(s[j] ?? '')) hex += s[j++];
  if (hex === '') return [s[j], j + 1];
  if (/^[ \t\n]$/.test(s[j] ?? '')) j++;
  return [String.fromCodePoint(parseInt(hex, 16)), j];
}

/** The unquoted url token's value from `from` (just after `url(`), and where its `)` is. */
function cssUrlToken(s: string, from: number): [string, number] {
  let value = '';
  for (let i = from; i < s.length;) {
    const ch = s[i];
    if (ch === ')') return [value, i];
    assert.ok(!/[\s"'(]/.test(ch) && ch.charCodeAt(0) >= 0x20, `bad url token at ${i}`);
    if (ch === '\\') {
      assert.notEqual(s[i + 1], '\n', 'bad escape');
      const [c, next] = cssEscape(s, i);
      value += c;
      i = next;
    } else {
      value += ch;
      i++;
    }
  }
  assert.fail('unterminated url token');
}

/** The string token's value from the quote at `q`, and where its closing quote is. */
function cssStringToken(s: string, q: number): [string, number] {
  let value = '';
  for (let i = q + 1; i < s.length;) {
    const ch = s[i];
    if (ch === s[q]) return [value, i];
    assert.ok(ch !== '\n', 'bad string');
    if (ch === '\\') {
      const [c, next] = cssEscape(s, i);
      value += c;
      i = next;
    } else {
      value += ch;
      i++;
    }
  }
  assert.fail('unterminated string');
}

/** `a{background:url(…)}b{color:red}` (quote: the url's string quote, or none). */
function cssRule(css: string, quote: string): string {
  const open = 'a{background:url(';
  assert.ok(css.startsWith(open + quote));
  const [value, end] =
    quote === '' ? cssUrlToken(css, open.length) : cssStringToken(css, open.length);
  assert.equal(css.slice(end + (quote === '' ? 0 : 1)), ')}b{color:red}');
  return value;
}

// ---- the table ----

const OLD = 'https://a.com/x';

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

/** Hostile new URLs: what a conversion can give for URLs a document wrote percent-encoded. */
const HOSTILE: Record<string, string> = {
  'quote in the host (canonical form)': 'https://evil.example"onmouseover=alert(1)/',
  'quote in the path (cache URL)':
    'https://biji7uqzkrpoimo6enoutkr25eot432xzgmskciuboc5o25pkn2q.cdn.ampproject.org/c/s/evil.example"onmouseover=alert(1)/',
  apostrophes: "https://a.com/it's?x='y'#'z'",
  backticks: 'https://a.com/`x`?q=`y`#`z`',
  '${': 'https://a.com/${x}?q=${y}#${z}',
  '</script>': 'https://a.com/</script><script>alert(1)</script>?q=</script>',
  parentheses: 'https://a.com/x)y(z?q=)#)',
  spaces: 'https://a.com/a b?q=c d#e f',
  newline: 'https://a.com/a\nb',
  backslashes: 'https://a.com/a\\b?q=c\\d#e\\f',
  ampersands: 'https://a.com/?a=1&b=2&lt;&amp;&#34;&quot',
  'non-ASCII': 'https://例え.jp/パス?q=é#ü',
  'U+2028': 'https://a.com/x\u2028y?q=\u2029',
  'braces and pipes': 'https://a.com/{x}|y^?q={}|^#{}|',
  'quote, backtick, brace in the host': "https://evil.example'x`y{z}/",
  'comment end': 'https://a.com/*/x',
};

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

describe('write context: what is written', () => {
  const write = (doc: string, url: string, languageId?: string, old = OLD): string => {
    const start = doc.indexOf(old);
    const w = writeUrl(doc, start, start + old.length, url, undefined, languageId);
    return w.text ?? `refused: ${w.refused}`;
  };

  it('the issue\'s example: the cache URL of href="https://evil.example%22onmouseover=…" keeps the attribute', () => {
    const cache = HOSTILE['quote in the path (cache URL)'];
    assert.equal(
      write(`<a href="${OLD}">`, cache, 'html'),
      cache.replace('"', '%22'), // the browser sends %22 in a path: same URL, written so
    );
  });

  it('the Safe Browsing canonical form keeps its " in the host, escaped for the context', () => {
    const canon = HOSTILE['quote in the host (canonical form)'];
    assert.equal(
      write(`<a href="${OLD}">`, canon, 'html'),
      'https://evil.example&quot;onmouseover=alert(1)/',
    );
    assert.equal(
      write(`{"u": "${OLD}"}`, canon, 'json'),
      'https://evil.example\\u0022onmouseover=alert(1)/',
    );
    // Where no escape exists, the host is percent-encoded: the browser percent-decodes hosts.
    assert.equal(
      write(`see ${OLD} here`, canon, 'plaintext'),
      'https://evil.example%22onmouseover=alert(1)/',
    );
  });

  it('JSON-escaped URLs stay JSON-escaped', () => {
    assert.equal(
      write(
        '{"u": "https:\\/\\/a.com\\/x"}',
        'https://b.com/y?q=1',
        'json',
        'https:\\/\\/a.com\\/x',
      ),
      'https:\\/\\/b.com\\/y?q=1',
    );
  });

  it('template literals: ` and ${ are escaped', () => {
    assert.equal(
      write('const a = `https://a.com/x`;', 'https://a.com/?q=`${x}`', 'typescript'),
      'https://a.com/?q=\\u0060\\u0024{x}\\u0060',
    );
  });

  it('Markdown link destinations: ( ) and \\ are backslash-escaped', () => {
    assert.equal(
      write(`[t](${OLD})`, 'https://a.com/x)y?q=a\\b', 'markdown'),
      'https://a.com/x\\)y?q=a\\\\b',
    );
  });

  it('CSS url(): ( ) are escaped, quotes written as hex escapes', () => {
    assert.equal(
      write(`url(${OLD})`, "https://a.com/(x)?q='", 'css'),
      'https://a.com/\\(x\\)?q=%27',
    );
    assert.equal(write(`url(${OLD})`, "https://e.com'x/", 'css'), 'https://e.com\\27 x/');
  });

  it("HTML: the old text's &amp; style is kept; a character reference in the new URL is escaped", () => {
    // URLs are read decoded (read-url): the new URL holds `&` where the reader is to see `&`.
    const old = 'https://a.com/?a=1&amp;b=2';
    assert.equal(
      write(
        `<a href="${old}">`,
        'https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&b=2',
        'html',
        old,
      ),
      'https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&amp;b=2',
    );
    // `%26lt;` canonicalized to `&lt;`: written `&amp;lt;`, so HTML reads `&lt;` as the URL says.
    assert.equal(
      write(`<a href="${OLD}">`, 'https://a.com/?q=&lt;', 'html'),
      'https://a.com/?q=&amp;lt;',
    );
    // A bare & that reads as nothing else stays as it is in HTML, and is escaped in XML.
    assert.equal(
      write(`<a href="${OLD}">`, 'https://a.com/?a=1&b=2', 'html'),
      'https://a.com/?a=1&b=2',
    );
    assert.equal(
      write(`<a href="${OLD}"/>`, 'https://a.com/?a=1&b=2', 'xml'),
      'https://a.com/?a=1&amp;b=2',
    );
    // A reference the reader is to see literally is escaped: URLs are read decoded.
    assert.equal(
      write(`<a href="${old}">`, 'https://a.com/?a=1&amp;b=2&amp;', 'html', old),
      'https://a.com/?a=1&amp;amp;b=2&amp;amp;',
    );
  });

  it('percent-encodes what the browser would, and nothing else', () => {
    const cases: [string, string][] = [
      [
        'https://a.com/a b"<>`{}?q= "<>\'`{}#f "<>`{}',
        'https://a.com/a%20b%22%3C%3E%60%7B%7D?q=%20%22%3C%3E%27`{}#f%20%22%3C%3E%60{}',
      ],
      ['https://a.com/a\\b?q=\\#\\', 'https://a.com/a/b?q=\\#\\'],
      ['https://a.com/é|^[]', 'https://a.com/é|^[]'],
      ['https://a.com/x\u2028\u202e', 'https://a.com/x%E2%80%A8%E2%80%AE'],
      ['https://u"s:p"w@a.com/', 'https://u%22s:p%22w@a.com/'],
      ['https://a.com/%22%zz', 'https://a.com/%22%zz'],
    ];
    for (const [url, expected] of cases) {
      assert.equal(browserEncode(url).text, expected, url);
      assert.equal(new URL(expected).href, new URL(url).href, `same URL: ${url}`);
    }
    assert.equal(browserEncode('https://a.com/\tx').refused, 'tab');
  });

  it('reads at most LOOK_BEHIND characters before the URL', () => {
    const far = `<a title="${'x'.repeat(LOOK_BEHIND)}" href="${OLD}">`;
    // Its tag out of sight, the quote is taken for HTML text (references read, quotes refused).
    assert.deepEqual(detectContext(far, far.indexOf(OLD), far.indexOf(OLD) + OLD.length, 'html'), {
      kind: 'text',
      style: 'markup',
    });
    const near = `<a href="${OLD}">`;
    assert.deepEqual(detectContext(near, 9, 9 + OLD.length, 'html'), {
      kind: 'attribute',
      quote: '"',
      xml: false,
    });
  });

  it('writeUrlAt reads only the window and writes as writeUrl does on the whole text', () => {
    // A tag whose attributes are on lines of their own, as formatters write them.
    const doc = `${'<p>filler</p>\n'.repeat(400)}<a\n  class="x"\n  href="${OLD}"\n>x</a>\n`;
    const start = doc.indexOf(OLD);
    const end = start + OLD.length;
    const canon = HOSTILE['quote in the host (canonical form)'];
    const reads: [number, number][] = [];
    const read = (from: number, to: number): string => {
      reads.push([from, to]);
      return doc.slice(from, to);
    };
    const w = writeUrlAt(read, start, end, canon, undefined, 'html');
    assert.deepEqual(reads, [[start - LOOK_BEHIND, end + 1]]);
    assert.deepEqual(w, writeUrl(doc, start, end, canon, undefined, 'html'));
    assert.equal(w.text, 'https://evil.example&quot;onmouseover=alert(1)/');
    // On its line alone, the attribute's tag can't be seen: the careful reading, %22 in the host.
    const line = `  href="${OLD}"`;
    assert.equal(
      writeUrl(line, 8, 8 + OLD.length, canon, undefined, 'html').text,
      'https://evil.example%22onmouseover=alert(1)/',
    );
  });
});
