// The URL, already percent-encoded as the browser would send it, escaped for what encloses it:
// character references in HTML attributes, \u escapes in JavaScript and JSON strings, CSS escapes,
// Markdown backslash escapes. Escapes are chosen to hold no quote of any kind, so a string inside
// an attribute (or an attribute inside a string) stays closed too. A character the context can't
// hold and can't escape is percent-encoded when it is in the host (the browser percent-decodes
// hosts, so the URL stays the same); anywhere else the write is refused.
import { findUrls } from '../../core';
import { decodeCharRefs, isLegacyName } from '../read-url/char-refs';
import { format, type Localize } from '../localize';
import { Part, partAt, percent, splitUrl } from './browser-encode';
import type { WriteContext } from './detect';

export type Escaped = { text: string; refused?: undefined } | { text?: undefined; refused: string };

/** The escape of `ch` (followed by `next`), `ch` itself when it is safe, or undefined when it can't be held. */
type Escaper = (ch: string, next: string) => string | undefined;

const ENTITY: Record<string, string> = {
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '<': '&lt;',
  '>': '&gt;',
  '\\': '&#92;',
};

const attribute: Escaper = (ch, next) => ENTITY[ch] ?? (ch === '$' && next === '{' ? '&#36;' : ch);

const jsUnicode = (ch: string): string => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');

function jsString(slashes: boolean): Escaper {
  return (ch, next) => {
    if (ch === '\\') return '\\\\';
    if (ch === '/' && slashes) return '\\/';
    const c = ch.charCodeAt(0);
    if ('"\'`<>'.includes(ch) || c < 0x20 || c === 0x2028 || c === 0x2029) return jsUnicode(ch);
    return ch === '$' && next === '{' ? '\\u0024' : ch;
  };
}

const CSS_HEX: Record<string, string> = { '"': '\\22 ', "'": '\\27 ', '<': '\\3c ', '\\': '\\\\' };
const cssString: Escaper = (ch) => CSS_HEX[ch] ?? ch;
const cssUrl: Escaper = (ch) => (ch === '(' || ch === ')' ? '\\' + ch : (CSS_HEX[ch] ?? ch));

/** CommonMark backslash escapes in a link destination (`[t](…)`); `<…>` needs fewer. */
function markdownLink(angle: boolean): Escaper {
  const escaped = angle ? '<>\\' : '()<>\\`';
  return (ch) => (escaped.includes(ch) ? '\\' + ch : ch);
}

/** Characters that end a URL found in text (see url-chars.ts), so text can't hold them. */
const TEXT_STOPS = '"<>`\\|';
const CODE_STOPS = TEXT_STOPS + "'";

function refuseAll(stops: string, interpolation: boolean): Escaper {
  return (ch, next) => {
    if (stops.includes(ch)) return undefined;
    // `${x}` in templates, Kotlin, Dart, shell; `#{x}` in Ruby, CoffeeScript; `$(x)` in shell.
    if (interpolation && (ch === '$' || ch === '#') && (next === '{' || next === '('))
      return undefined;
    return ch;
  };
}

function escaperFor(ctx: WriteContext, old: string): Escaper {
  switch (ctx.kind) {
    case 'attribute':
      return attribute;
    case 'string':
      if (ctx.syntax === 'js') return jsString(ctx.slashes);
      return ctx.syntax === 'css' ? cssString : refuseAll(CODE_STOPS, true);
    case 'css-url':
      return cssUrl;
    case 'link':
      return markdownLink(ctx.angle);
    case 'angle':
      // A CommonMark autolink holds any character but < > space and controls, escapes none.
      return refuseAll(ctx.markdown ? '<>' : TEXT_STOPS, false);
    case 'text':
      if (ctx.style !== 'code' && ctx.style !== 'markup' && ctx.style !== 'xml')
        return refuseAll(TEXT_STOPS, false);
      // A ' the old URL had raw is one this code already holds there (a comment, not a '…' string).
      return refuseAll(old.includes("'") ? TEXT_STOPS : CODE_STOPS, ctx.style === 'code');
  }
}

/** The name of a context, for refusals. */
function contextName(ctx: WriteContext, t: Localize = format): string {
  switch (ctx.kind) {
    case 'attribute':
      return ctx.xml ? t('XML attribute') : t('HTML attribute');
    case 'string':
      return t('string');
    case 'css-url':
      return t('CSS url()');
    case 'link':
      return t('Markdown link');
    case 'angle':
      return t('<…> link');
    case 'text':
      return ctx.style === 'table'
        ? t('Markdown table')
        : ctx.style === 'code'
          ? t('code')
          : ctx.style === 'markup' || ctx.style === 'xml'
            ? t('markup')
            : t('text');
  }
}

/** `U+0022 (")`, or `U+2028` for a character that does not show. */
function describeChar(ch: string): string {
  const hex = 'U+' + (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return /^[!-~]$/.test(ch) ? `${hex} (${ch})` : hex;
}

/** The ASCII characters some context escapes or refuses (and controls); `/` only in `\/` style. */
const LOOK = new Uint8Array(128);
for (let c = 0; c < 0x20; c++) LOOK[c] = 1;
for (const ch of '"\'`<>\\$#&()|{}\x7f') LOOK[ch.charCodeAt(0)] = 1;
const LOOK_SLASHES = LOOK.slice();
LOOK_SLASHES[0x2f] = 1;

const NO_AMPS: { escape: Set<number>; ambiguous?: string } = { escape: new Set() };

/**
 * How a context reads `&`: HTML attribute or text references (text decodes the legacy names
 * before anything), XML's, CommonMark's, or `refuse`: may or may not read them.
 */
type RefStyle = 'html' | 'html-text' | 'xml' | 'markdown' | 'refuse';

/** How a context reads `&`: not at all, HTML/XML character references, or CommonMark's. */
function referenceStyle(ctx: WriteContext): RefStyle | 'none' {
  if (ctx.kind === 'attribute') return ctx.xml ? 'xml' : 'html';
  if (ctx.kind === 'text' && ctx.style === 'markup') return 'html-text';
  if (ctx.kind === 'text' && ctx.style === 'xml') return 'xml';
  if (ctx.kind === 'css-url' || (ctx.kind === 'string' && ctx.syntax === 'css')) {
    // CSS in a style attribute reads references; in HTML that can't be told, new ones are refused.
    if (ctx.inAttribute === undefined) return 'refuse';
    if (ctx.inAttribute) return 'html';
  }
  if (ctx.kind === 'link') return 'markdown';
  // Markdown text reads `&name;`, but no escape of it keeps the URL for a finder.
  if (ctx.kind === 'text' && ctx.style !== 'prose' && ctx.style !== 'code') return 'refuse';
  return 'none';
}

/**
 * Where the `&` at `i` of `url` starts what HTML *text* reads as a character reference: `&#` and
 * a digit (or `x` and a hex digit), a name and `;`, or a legacy name (`&copy`, `&lt`, `&reg`),
 * which text decodes whatever follows it (`?x=1&copy=2` reads `x=1©=2`; an attribute keeps it).
 */
function textReference(url: string, i: number): boolean {
  const next = url.charCodeAt(i + 1);
  if (next === 0x23) return /^#(?:[0-9]|[xX][0-9a-fA-F])/.test(url.slice(i + 1, i + 4));
  const name = /^[A-Za-z][A-Za-z0-9]*/.exec(url.slice(i + 1, i + 34))?.[0];
  if (name === undefined) return false;
  if (url[i + 1 + name.length] === ';') return true;
  for (let k = Math.min(name.length, 6); k >= 2; k--)
    if (isLegacyName(name.slice(0, k))) return true;
  return false;
}

/**
 * Character references as HTML reads them in an attribute: numeric ones with or without `;`, named
 * ones with `;`, or without it when no `=` or letter follows (the legacy `&amp`, `&copy`). Wider
 * than CommonMark's (which need `;`): escaping one more `&` never changes what is read.
 */
const REFERENCE = /&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*(?:;|(?![=A-Za-z0-9])))/g;

function countRefs(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(REFERENCE)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  return counts;
}

/**
 * Which `&` of `url` to escape, or the reference that can't be told apart. `url` is the URL the
 * reader is to see (URLs are read decoded, see read-url), so every `&` the context would read as
 * the start of a character reference is escaped; in XML every `&`; and in HTML every `&` when
 * the old text wrote its own as `&amp;` (the author's style is kept). Where the context may or
 * may not read references (`refuse`: CSS in HTML that can't be told), a reference the old text
 * did not have is refused.
 */
function ampersands(
  url: string,
  old: string,
  style: RefStyle,
): { escape: Set<number>; ambiguous?: string } {
  const escape = new Set<number>();
  if (style === 'refuse') {
    const before = countRefs(old);
    for (const [ref, n] of countRefs(url))
      if (n > (before.get(ref) ?? 0)) return { escape, ambiguous: ref };
    return { escape };
  }
  const html = style === 'html' || style === 'html-text';
  const all = style === 'xml' || (html && old.includes('&amp;'));
  for (let i = url.indexOf('&'); i >= 0; i = url.indexOf('&', i + 1))
    if (all || (style === 'html-text' && textReference(url, i))) escape.add(i);
  if (all || style === 'html-text') return { escape };
  for (const m of url.matchAll(REFERENCE)) escape.add(m.index);
  return { escape };
}

/**
 * `url` (percent-encoded already) written for `ctx`, or the reason it can't be. `old` is the text
 * it replaces, whose style of writing `&` is kept (see ampersands).
 */
export function escapeFor(
  url: string,
  old: string,
  ctx: WriteContext,
  t: Localize = format,
): Escaped {
  const refuse = (what: string, msg: 'break' | 'reference'): Escaped => ({
    refused:
      msg === 'break'
        ? t(
            "can't be written in this {0}: the new URL holds {1}, which would break it",
            contextName(ctx, t),
            what,
          )
        : t(
            "can't be written in this {0}: the new URL holds {1}, which could be read as a character reference",
            contextName(ctx, t),
            what,
          ),
  });
  const refStyle = referenceStyle(ctx);
  const amps = refStyle === 'none' || !url.includes('&') ? NO_AMPS : ampersands(url, old, refStyle);
  if (amps.ambiguous !== undefined) return refuse(amps.ambiguous, 'reference');
  const ampEscape = refStyle === 'markdown' ? '\\&' : '&amp;';
  const escaper = escaperFor(ctx, old);
  const look = ctx.kind === 'string' && ctx.slashes ? LOOK_SLASHES : LOOK;
  const split = splitUrl(url);
  let out = '';
  let from = 0;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x80 && !look[c]) continue; // the usual case: a character no context escapes
    const ch = url[i];
    let piece = amps.escape.has(i) ? ampEscape : escaper(ch, url[i + 1] ?? '');
    if (piece === ch) continue;
    if (piece === undefined && partAt(split, i) === Part.Host && split.special && ch !== '%')
      piece = percent(ch);
    if (piece === undefined) return refuse(describeChar(ch), 'break');
    out += url.slice(from, i) + piece;
    from = i + 1;
  }
  out = from === 0 ? url : out + url.slice(from);
  if (ctx.kind === 'text' && ctx.style === 'code' && out.includes('*/') && !old.includes('*/'))
    return refuse('*/', 'break');
  const inText = ctx.kind === 'text' || (ctx.kind === 'angle' && !ctx.markdown);
  // Markup text is read with its references decoded: the URL is where the reader finds it.
  const decodes = inText && (refStyle === 'html-text' || refStyle === 'xml');
  const read = decodes
    ? decodeCharRefs(out, 0, out.length, { attribute: false, xml: refStyle === 'xml' }).text
    : out;
  const cut = inText ? cutInText(read) : -1;
  return cut < 0 ? { text: out } : refuse(describeChar(read[cut]), 'break');
}

/**
 * In text, nothing but the URL's own characters delimit it: where a reader (and this extension's
 * finder) would see it end before its last character, `)` unbalanced or `'` or `.` at the end,
 * or -1 when it is read whole. A bare host (the reverse of a cache origin) is not checked.
 */
function cutInText(url: string): number {
  if (!/^(https?:\/\/|www\.)/i.test(url)) return -1;
  const m = findUrls(url);
  return m.length === 1 && m[0].start === 0 && m[0].end === url.length ? -1 : (m[0]?.end ?? 0);
}
