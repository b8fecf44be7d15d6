// Real parsers as the readers of written files: parse5 (HTML, as browsers tokenize it), acorn
// (JavaScript), JSON.parse, markdown-it (CommonMark) and css-tree (CSS Syntax). Each reader checks
// that the document around the URL kept its structure and returns the value the parser reads
// where the URL was written.
import * as assert from 'node:assert/strict';
import * as acorn from 'acorn';
import * as csstree from 'css-tree';
import MarkdownIt from 'markdown-it';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

const md = new MarkdownIt();
// The destination as CommonMark reads it (escapes and entities decoded), not re-encoded for HTML
// output, and any scheme: what the reader takes, before a renderer's policy.
md.normalizeLink = (url) => url;
md.validateLink = () => true;

function isElement(n: ChildNode): n is Element {
  return 'tagName' in n;
}

/** The fragment's top-level nodes: their tag names (`#text` for text) must be `tags`. */
export function htmlNodes(html: string, tags: string[]): ChildNode[] {
  const nodes = parseFragment(html).childNodes;
  assert.deepEqual(
    nodes.map((n) => n.nodeName),
    tags,
    'the same elements',
  );
  return nodes;
}

/** The text of an element that holds one text node (or none: empty). */
export function textContent(n: ChildNode): string {
  assert.ok(isElement(n));
  const kids = n.childNodes;
  assert.ok(kids.length <= 1, 'one text node');
  if (kids.length === 0) return '';
  assert.equal(kids[0].nodeName, '#text');
  return 'value' in kids[0] ? kids[0].value : '';
}

/** The attributes of an element, in order. */
export function attributes(n: ChildNode): Record<string, string> {
  assert.ok(isElement(n));
  return Object.fromEntries(n.attrs.map((a) => [a.name, a.value]));
}

/** `text` must be `before` + something + `after`: the something. */
export function between(text: string, before: string, after: string): string {
  assert.ok(text.startsWith(before), `starts with ${JSON.stringify(before)}: ${text}`);
  assert.ok(text.endsWith(after), `ends with ${JSON.stringify(after)}: ${text}`);
  assert.ok(text.length >= before.length + after.length);
  return text.slice(before.length, text.length - after.length);
}

// ---- JavaScript ----

type Node = acorn.Node & Record<string, unknown>;

/** Parses a script; its comments are collected. */
export function js(source: string): { body: Node[]; comments: string[] } {
  const comments: string[] = [];
  const program = acorn.parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'script',
    onComment: (_block, text) => comments.push(text),
  });
  return { body: program.body as unknown as Node[], comments };
}

/** `var a = <literal>; var b = 1;`: the value of the string or template literal. */
export function jsLiteral(source: string): string {
  const { body } = js(source);
  assert.equal(body.length, 2, 'two statements');
  assert.equal(source.slice(body[1].start, body[1].end), 'var b = 1;');
  const decl = (body[0].declarations as Node[])[0];
  const init = decl.init as Node;
  if (init.type === 'Literal') {
    assert.equal(typeof init.value, 'string');
    return init.value as string;
  }
  assert.equal(init.type, 'TemplateLiteral');
  assert.equal((init.expressions as Node[]).length, 0, 'no substitution');
  const quasi = (init.quasis as Node[])[0];
  return (quasi.value as { cooked: string }).cooked;
}

// ---- CSS ----

/** Parses CSS (a stylesheet, or a declaration list as in a style attribute) without errors. */
function css(source: string, context: 'stylesheet' | 'declarationList'): csstree.CssNode {
  const errors: string[] = [];
  const ast = csstree.parse(source, {
    context,
    onParseError: (e) => errors.push(e.message),
  });
  assert.deepEqual(errors, [], 'CSS parses');
  return ast;
}

/** The values of the url() and string tokens, and the comments, CSS reads in `source`. */
export function cssValues(
  source: string,
  context: 'stylesheet' | 'declarationList' = 'stylesheet',
): { urls: string[]; strings: string[]; declarations: string[] } {
  const ast = css(source, context);
  const urls: string[] = [];
  const strings: string[] = [];
  const declarations: string[] = [];
  csstree.walk(ast, (node) => {
    if (node.type === 'Url') urls.push(node.value);
    if (node.type === 'String') strings.push(node.value);
    if (node.type === 'Declaration') declarations.push(node.property);
  });
  return { urls, strings, declarations };
}

/** The text of the CSS comments in `source` (css-tree's tokenizer, comments kept). */
export function cssComments(source: string): string[] {
  const comments: string[] = [];
  csstree.tokenize(source, (type, start, end) => {
    if (type === csstree.tokenTypes.Comment) comments.push(source.slice(start + 2, end - 2));
  });
  css(source, 'stylesheet');
  return comments;
}

// ---- Markdown ----

export interface MdInline {
  type: string;
  content: string;
  markup: string;
  href?: string;
  title?: string;
}

/** The inline tokens of a one-paragraph Markdown document. */
export function markdownInline(source: string): MdInline[] {
  const blocks = md.parse(source, {});
  assert.deepEqual(
    blocks.map((b) => b.type),
    ['paragraph_open', 'inline', 'paragraph_close'],
    'one paragraph',
  );
  return (blocks[1].children ?? []).map((k) => ({
    type: k.type,
    content: k.content,
    markup: k.markup,
    href: k.attrGet('href') ?? undefined,
    title: k.attrGet('title') ?? undefined,
  }));
}

/** `{"u": …, "n": 1}`: the value of `u`. */
export function jsonU(doc: string): string {
  const v = JSON.parse(doc) as Record<string, unknown>;
  assert.deepEqual(Object.keys(v), ['u', 'n']);
  assert.equal(v.n, 1);
  return v.u as string;
}
