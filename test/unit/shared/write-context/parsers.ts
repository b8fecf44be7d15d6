// Real parsers as the readers of the written document, for write-context.test.ts: parse5 (HTML),
// the TypeScript scanner and parser, markdown-it, and a CSS Syntax Level 3 token reader.
import * as assert from 'node:assert/strict';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import * as ts from 'typescript';

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
export const md = markdownIt();
md.normalizeLink = (url) => url; // read the destination as CommonMark gives it, not re-encoded
md.validateLink = () => true;

/** The same URL for a browser: equal WHATWG hrefs. */
export function sameUrl(read: string, url: string, where: string): void {
  assert.equal(new URL(read).href, new URL(url).href, `${where}: read ${JSON.stringify(read)}`);
}

export function only<T>(items: readonly T[], what: string): T {
  assert.equal(items.length, 1, `one ${what}`);
  return items[0];
}

// ---- HTML (parse5) ----

export function element(html: string, tag: string): Element {
  const nodes = parseFragment(html).childNodes;
  const el = only(nodes, 'node') as Element;
  assert.equal(el.tagName, tag);
  return el;
}

export function attrs(el: Element): Record<string, string> {
  return Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
}

export function textOf(nodes: ChildNode[]): string {
  return nodes.map((n) => ('value' in n ? n.value : '<' + n.nodeName + '>')).join('');
}

/** `<a href=… title=t>x</a>`: one element, the same two attributes, the same text. */
export function anchor(html: string): string {
  const el = element(html, 'a');
  const a = attrs(el);
  assert.deepEqual(Object.keys(a), ['href', 'title']);
  assert.equal(a.title, 't');
  assert.equal(textOf(el.childNodes), 'x');
  return a.href;
}

// ---- JavaScript / TypeScript (the compiler's own parser) ----

export function program(source: string): ts.SourceFile {
  const out = ts.transpileModule(source, { reportDiagnostics: true });
  assert.deepEqual(
    (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
  );
  return ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
}

/** `const a = <literal>; const b = 1;`: two statements, the first a string literal's value. */
export function jsLiteral(source: string, kind: ts.SyntaxKind): string {
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
export function cssStringToken(s: string, q: number): [string, number] {
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
export function cssRule(css: string, quote: string): string {
  const open = 'a{background:url(';
  assert.ok(css.startsWith(open + quote));
  const [value, end] =
    quote === '' ? cssUrlToken(css, open.length) : cssStringToken(css, open.length);
  assert.equal(css.slice(end + (quote === '' ? 0 : 1)), ')}b{color:red}');
  return value;
}
