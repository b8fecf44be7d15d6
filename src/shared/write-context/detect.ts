// What encloses a URL in a document: an HTML or XML attribute value, a string literal, a Markdown
// link destination or autolink, a CSS url(), or text. Read from a bounded window around the URL
// with backward scans of a few characters each, so it costs O(1) per URL on any document.

/** How far before the URL the context is looked for. */
export const LOOK_BEHIND = 2048;

export type Quote = '"' | "'" | '`';

/** The syntax a string literal's escapes follow. */
export type StringSyntax = 'js' | 'css' | 'unknown';

export type WriteContext =
  /** `href="…"`, `href='…'`, or unquoted `href=…`, in a tag; `xml`: a bare `&` is not allowed. */
  | { kind: 'attribute'; quote: '"' | "'" | ''; xml: boolean }
  /**
   * A string literal; `slashes`: the URL is JSON-escaped (`https:\/\/`), so every `/` is;
   * `inAttribute`: a CSS string in an HTML style attribute.
   */
  | {
      kind: 'string';
      quote: Quote;
      syntax: StringSyntax;
      slashes: boolean;
      inAttribute?: boolean | undefined;
    }
  /** `url(…)` in CSS, unquoted; `inAttribute`: in an HTML style attribute (undefined: can't tell). */
  | { kind: 'css-url'; inAttribute: boolean | undefined }
  /** `[text](…)` or `[text](<…>)` in Markdown. */
  | { kind: 'link'; angle: boolean }
  /** `<…>`: a Markdown autolink, or the angle brackets that delimit URLs in plain text. */
  | { kind: 'angle'; markdown: boolean }
  /** Anything else. */
  | { kind: 'text'; style: TextStyle };

/**
 * Text: prose, Markdown text or a table row, HTML text (`markup`: character references are read;
 * `<title>` and `<textarea>` read them too), XML text (`xml`), or code: a comment, an unknown
 * string, and the raw text of an HTML `<script>`, `<style>` or comment, where nothing is decoded.
 */
export type TextStyle = 'prose' | 'markdown' | 'table' | 'markup' | 'xml' | 'code';

type Family = 'js' | 'css' | 'xml' | 'markup' | 'markdown' | 'prose' | 'code';

const JS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'json', 'jsonc'];
const JS_FAMILY = new Set([...JS, 'json5', 'jsonl', 'snippets', 'vue', 'svelte', 'astro']);
const CSS = new Set(['css', 'scss', 'less', 'sass', 'stylus', 'postcss']);
const XML = new Set(['xml', 'xsl', 'svg', 'xhtml', 'rss', 'atom', 'plist']);
const MARKUP = new Set([
  'html',
  'php',
  'handlebars',
  'razor',
  'aspnetcorerazor',
  'jinja',
  'jinja-html',
  'django-html',
  'erb',
  'twig',
  'nunjucks',
]);
const PROSE = new Set(['plaintext', 'log', 'restructuredtext', 'asciidoc', 'latex']);

function family(languageId: string | undefined): Family {
  if (languageId === undefined) return 'code'; // unknown: the careful reading
  if (PROSE.has(languageId)) return 'prose';
  if (JS_FAMILY.has(languageId)) return 'js';
  if (CSS.has(languageId)) return 'css';
  if (XML.has(languageId)) return 'xml';
  if (MARKUP.has(languageId)) return 'markup';
  if (languageId === 'markdown' || languageId === 'mdx') return 'markdown';
  return 'code';
}

/** The context of the URL at `[start, end)` of `text`, in a document of `languageId` (unknown: code). */
export function detectContext(
  text: string,
  start: number,
  end: number,
  languageId?: string,
): WriteContext {
  const fam = family(languageId);
  const lo = Math.max(0, start - LOOK_BEHIND);
  const prev = text[start - 1] ?? '';
  if (/^https?:\\\//i.test(text.slice(start, start + 10))) {
    const q = prev === "'" || prev === '`' ? prev : '"';
    return { kind: 'string', quote: q, syntax: 'js', slashes: true };
  }
  if (prev === '"' || prev === "'" || prev === '`') return quoted(text, start - 1, lo, prev, fam);
  const back = skipSpaceBack(text, start, lo);
  if (text[start - 1] === '<' && text[start - 2] === '(' && text[start - 3] === ']')
    return { kind: 'link', angle: true };
  if (text[back - 1] === '(' && text[back - 2] === ']') return { kind: 'link', angle: false };
  if (text[back - 1] === '(' && endsWithUrlFn(text, back - 1))
    return { kind: 'css-url', inAttribute: cssInAttribute(text, back - 1, lo, fam) };
  if (prev === '<' && text[end] === '>') return { kind: 'angle', markdown: fam === 'markdown' };
  if (prev === '=' && isAttributeValueStart(text, start - 1, lo))
    return { kind: 'attribute', quote: '', xml: fam === 'xml' };
  return textContext(text, start, lo, fam);
}

/** A URL right after the quote at `q`: an attribute value, a CSS url("…"), or a string literal. */
function quoted(text: string, q: number, lo: number, quote: Quote, fam: Family): WriteContext {
  const back = skipSpaceBack(text, q, lo);
  if (quote !== '`' && text[back - 1] === '(' && endsWithUrlFn(text, back - 1)) {
    const inAttribute = cssInAttribute(text, back - 1, lo, fam);
    return { kind: 'string', quote, syntax: 'css', slashes: false, inAttribute };
  }
  if (quote !== '`' && text[back - 1] === '=' && isAttributeValueStart(text, back - 1, lo))
    return { kind: 'attribute', quote, xml: fam === 'xml' };
  if (fam === 'prose' || fam === 'markdown') return { kind: 'text', style: fam };
  if (fam === 'markup' || fam === 'xml') {
    // A quote in markup is text, unless it opens a string in a <script> or <style>.
    const raw = rawText(text, q, lo, fam);
    if (raw === 'text') return { kind: 'text', style: fam === 'xml' ? 'xml' : 'markup' };
    if (raw === 'comment') return { kind: 'text', style: 'code' };
    if (raw === 'script') return { kind: 'string', quote, syntax: 'js', slashes: false };
    return { kind: 'string', quote, syntax: 'css', slashes: false, inAttribute: false };
  }
  if (fam === 'css')
    return { kind: 'string', quote, syntax: 'css', slashes: false, inAttribute: false };
  return { kind: 'string', quote, syntax: fam === 'js' ? 'js' : 'unknown', slashes: false };
}

/**
 * What the markup at `at` is: the raw text of a `<script>` or `<style>` element, a comment (or an
 * XML CDATA section), whose readers decode no character reference, or text, which is decoded.
 */
function rawText(
  text: string,
  at: number,
  lo: number,
  fam: Family,
): 'script' | 'style' | 'comment' | 'text' {
  const state = markupState(text.slice(lo, at));
  if (state === 'comment') return 'comment';
  return fam === 'markup' && state !== 'text' ? state : 'text';
}

/** Starts and ends of comments, CDATA sections, <script> and <style> elements. */
const MARKUP_EVENT = /<(\/?)(script|style)(?![\w-])|<!--|<!\[CDATA\[|-->|\]\]>/gi;

/**
 * Whether the end of `window` is in a comment or CDATA section, in a `<script>` or `<style>`
 * element (its start tag ended), or in text: one native scan of the window, the events in order.
 */
function markupState(window: string): 'script' | 'style' | 'comment' | 'text' {
  let comment = false;
  let element: RegExpExecArray | undefined;
  MARKUP_EVENT.lastIndex = 0;
  for (let m = MARKUP_EVENT.exec(window); m !== null; m = MARKUP_EVENT.exec(window)) {
    const ev = m[0];
    if (ev === '-->' || ev === ']]>') comment = false;
    else if (comment) continue;
    else if (ev === '<!--' || ev.length === 9)
      comment = true; // <![CDATA[
    else element = m[1] === '/' ? undefined : m;
  }
  if (comment) return 'comment';
  if (element === undefined || !window.includes('>', element.index)) return 'text';
  return element[2].toLowerCase() as 'script' | 'style';
}

/**
 * Whether CSS at `at` is in a style attribute (its character references are decoded), in a
 * <style> element or a CSS file (they are not), or undefined when the window can't tell.
 */
function cssInAttribute(text: string, at: number, lo: number, fam: Family): boolean | undefined {
  if (fam !== 'markup' && fam !== 'xml' && fam !== 'markdown') return false;
  for (let i = at; i > lo && at - i < 512; i--) {
    const ch = text[i - 1];
    if (ch === '<' || ch === '>' || ch === '\n') break;
    if (ch !== '"' && ch !== "'") continue;
    const eq = skipSpaceBack(text, i - 1, lo) - 1;
    if (text[eq] === '=' && isAttributeValueStart(text, eq, lo)) return true;
  }
  return markupState(text.slice(lo, at)) === 'style' ? false : undefined;
}

function textContext(text: string, start: number, lo: number, fam: Family): WriteContext {
  if (fam === 'markdown') {
    // The line's first character, if the line starts within the window (a table row is short).
    const window = text.slice(lo, start);
    const lineStart = lo + window.lastIndexOf('\n') + 1;
    const first = /\S/.exec(text.slice(lineStart, Math.min(start, lineStart + 256)));
    return { kind: 'text', style: first?.[0] === '|' ? 'table' : 'markdown' };
  }
  if (fam === 'prose') return { kind: 'text', style: 'prose' };
  if (fam !== 'markup' && fam !== 'xml') return { kind: 'text', style: 'code' };
  if (rawText(text, start, lo, fam) !== 'text') return { kind: 'text', style: 'code' };
  return { kind: 'text', style: fam === 'xml' ? 'xml' : 'markup' };
}

function skipSpaceBack(text: string, i: number, lo: number): number {
  while (i > lo && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i;
}

/** Whether `url` (any case) ends just before `paren`, as a whole word. */
function endsWithUrlFn(text: string, paren: number): boolean {
  return (
    text.slice(Math.max(0, paren - 3), paren).toLowerCase() === 'url' &&
    !/[\w-]/.test(text[paren - 4] ?? '')
  );
}

const NAME_CHAR = /[\w:.@-]/;

/**
 * Whether the `=` at `eq` follows an attribute name inside a start tag: `<tag … name=`. Reads
 * back over at most a name of 128 characters, then to the tag's `<` within the window, stopping
 * at any `>` (the end of an earlier tag) or quote parity it can't follow cheaply.
 */
function isAttributeValueStart(text: string, eq: number, lo: number): boolean {
  let i = skipSpaceBack(text, eq, lo);
  const nameEnd = i;
  while (i > lo && nameEnd - i < 128 && NAME_CHAR.test(text[i - 1])) i--;
  if (i === nameEnd || !/\s/.test(text[i - 1] ?? '')) return false;
  return insideStartTag(text, i - 1, lo);
}

/** Whether `at` is inside a start tag: a `<` + letter before it, with no `>` in between outside quotes. */
function insideStartTag(text: string, at: number, lo: number): boolean {
  let quote = 0;
  for (let i = at; i >= lo; i--) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x3e) {
      return false; // >
    } else if (c === 0x3c) {
      return /[A-Za-z]/.test(text[i + 1] ?? ''); // <
    }
  }
  return false;
}
