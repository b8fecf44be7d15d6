// Inline directives, read the same way by `amp-url check` and the extension (docs/configuration.md):
// in a comment of the file's own syntax, as ESLint's are,
//   amp-url-disable-next-line [rule, …]   the line after the comment
//   amp-url-disable-line [rule, …]        the line(s) of the comment
//   amp-url-disable [rule, …]             from the comment on, until amp-url-enable
//   amp-url-enable [rule, …]              ends that region (for the rules named, or all)
// with an optional `-- reason` after the rules. A directive is the first word of its comment. It is
// found by a search for `amp-url-` (no tokenizer: a file without the word costs one indexOf), then
// judged on its own line only: the opener right before it (spaces between), allowed in the file's
// language, not after a `:` (`https://`) for `//` nor glued to a word for `#`, and, for `//`, `/*`
// and `#`, not after a quote left open on that line (`"// amp-url-disable-line"` is a string). A string or comment that spans
// lines (a template literal, a block comment whose directive is not on its first line) is not
// followed: such a directive is not read.

/** Which comment openers a language has (undefined language: every one, as in a text file). */
type Opener = '<!--' | '//' | '/*' | '#';

const CLOSER: Readonly<Partial<Record<Opener, string>>> = { '<!--': '-->', '/*': '*/' };

const MARKUP: readonly Opener[] = ['<!--'];
const C_LIKE: readonly Opener[] = ['//', '/*'];
const BY_LANGUAGE: Readonly<Record<string, readonly Opener[]>> = {
  html: MARKUP,
  xml: MARKUP,
  xsl: MARKUP,
  xhtml: MARKUP,
  markdown: MARKUP,
  mdx: MARKUP,
  handlebars: MARKUP,
  razor: MARKUP,
  twig: MARKUP,
  nunjucks: MARKUP,
  jinja: MARKUP,
  erb: MARKUP,
  vue: ['<!--', '//', '/*'],
  svelte: ['<!--', '//', '/*'],
  astro: ['<!--', '//', '/*'],
  php: ['<!--', '//', '/*', '#'],
  javascript: C_LIKE,
  javascriptreact: C_LIKE,
  typescript: C_LIKE,
  typescriptreact: C_LIKE,
  jsonc: C_LIKE,
  json5: C_LIKE,
  scss: C_LIKE,
  less: C_LIKE,
  sass: C_LIKE,
  stylus: C_LIKE,
  css: ['/*'],
  // JSON has no comments: its URLs are left out by the configuration file.
  json: [],
  jsonl: [],
  python: ['#'],
  shellscript: ['#'],
  yaml: ['#'],
  toml: ['#'],
  ruby: ['#'],
  perl: ['#'],
  r: ['#'],
  dockerfile: ['#'],
  makefile: ['#'],
  properties: ['#'],
  ini: ['#'],
  powershell: ['#'],
};
const ALL: readonly Opener[] = ['<!--', '//', '/*', '#'];

export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable';
// Longest first: `amp-url-disable` is a prefix of the others.
const KINDS: readonly DirectiveKind[] = ['disable-next-line', 'disable-line', 'disable', 'enable'];
const PREFIX = 'amp-url-';

export interface Directive {
  kind: DirectiveKind;
  /** The rules named (empty: every rule). */
  rules: string[];
  /** Offsets of the whole comment, opener to closer (or line end). */
  start: number;
  end: number;
}

/** The comment openers of `languageId` (languageOfPath, or the editor's). */
function openersOf(languageId: string | undefined): readonly Opener[] {
  return languageId !== undefined && Object.hasOwn(BY_LANGUAGE, languageId)
    ? BY_LANGUAGE[languageId]
    : ALL;
}

/** Every directive of `text`, in order. */
export function readDirectives(text: string, languageId?: string): Directive[] {
  const openers = openersOf(languageId);
  const out: Directive[] = [];
  if (openers.length === 0) return out;
  for (let at = text.indexOf(PREFIX); at >= 0; at = text.indexOf(PREFIX, at + 1)) {
    const d = directiveAt(text, at, openers);
    if (d) out.push(d);
  }
  return out;
}

function directiveAt(text: string, at: number, openers: readonly Opener[]): Directive | undefined {
  const kind = KINDS.find((k) => text.startsWith(PREFIX + k, at));
  if (!kind) return undefined;
  let o = at;
  while (o > 0 && (text[o - 1] === ' ' || text[o - 1] === '\t')) o--;
  const opener = openers.find((x) => text.endsWith(x, o));
  if (!opener) return undefined;
  const start = o - opener.length;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.charAt(start - 1);
  if (opener === '//' && before === ':') return undefined;
  if (opener === '#' && start > lineStart && before !== ' ' && before !== '\t') return undefined;
  // Markup text is prose (`it's <!-- … -->`): only code's comments are checked for a string.
  if (opener !== '<!--' && inOpenString(text, lineStart, start)) return undefined;
  const nameEnd = at + PREFIX.length + kind.length;
  const closer = CLOSER[opener];
  const lineEnd = endOfLine(text, at);
  const bodyEnd = closer ? text.indexOf(closer, nameEnd) : lineEnd;
  if (bodyEnd < 0) return undefined; // a block comment never closed
  const rest = text.slice(nameEnd, bodyEnd);
  if (rest !== '' && !/^\s/.test(rest)) return undefined; // `amp-url-disabled`: another word
  return {
    kind,
    rules: ruleNames(rest),
    start,
    end: closer ? bodyEnd + closer.length : lineEnd,
  };
}

/** The rule names after a directive: separated by commas or spaces, up to ` -- reason`. */
function ruleNames(rest: string): string[] {
  const reason = rest.search(/\s--(\s|$)/);
  const names = reason < 0 ? rest : rest.slice(0, reason);
  return names.split(/[\s,]+/).filter((n) => n !== '');
}

function endOfLine(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  const end = nl < 0 ? text.length : nl;
  return end > from && text[end - 1] === '\r' ? end - 1 : end;
}

/** Whether a quote opened between `from` and `to` (one line) is still open at `to`. */
function inOpenString(text: string, from: number, to: number): boolean {
  let quote = '';
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (quote !== '' && c === '\\') i++;
    else if (quote === '' && (c === '"' || c === "'" || c === '`')) quote = c;
    else if (c === quote) quote = '';
  }
  return quote !== '';
}
