// A URL read as the document's language reads it: in an HTML attribute `&amp;` is `&`, in a JSON
// or JavaScript string `\u0026` is `&` and `\/` is `/`, in a CSS url() `\(` is `(`, in a Markdown
// link destination `\_` is `_`. The URL a browser loads is the decoded one, so every form, hash,
// copy and conversion is computed from it; writes encode the new URL for the context again
// (write-context). The decoded URL may also end further than the finder's match (which stops at
// every `\`): its end is mapped back to the document.
import { absoluteUrl, urlAt } from '../../core';
import { detectContext, type WriteContext } from '../write-context/detect';
import { decodeCharRefs } from './char-refs';
import { compose, type Decoded } from './decoded';
import { decodeEscapes, type EscapeSyntax } from './escapes';

/** How far past the match a decoded URL may reach (escapes make it longer than the match). */
const READ_AHEAD = 8192;

export interface ReadUrl {
  /** Offsets in `text`: the whole written URL, escapes included. */
  start: number;
  end: number;
  /** The absolute URL the document's reader sees. */
  url: string;
}

type Reading =
  | { refs: { attribute: boolean; xml: boolean }; escapes?: EscapeSyntax }
  | { refs?: undefined; escapes: EscapeSyntax };

/** What a context decodes, or undefined when its reader takes the text as written. */
function readingOf(ctx: WriteContext): Reading | undefined {
  switch (ctx.kind) {
    case 'attribute':
      return { refs: { attribute: true, xml: ctx.xml } };
    case 'string':
      if (ctx.syntax === 'js') return { escapes: 'js' };
      if (ctx.syntax !== 'css') return undefined;
      return ctx.inAttribute
        ? { refs: { attribute: true, xml: false }, escapes: 'css' }
        : { escapes: 'css' };
    case 'css-url':
      return ctx.inAttribute
        ? { refs: { attribute: true, xml: false }, escapes: 'css' }
        : { escapes: 'css' };
    case 'link':
      // CommonMark: backslash escapes and entity references in link destinations; an
      // autolink `<…>` takes neither.
      return { refs: { attribute: false, xml: false }, escapes: 'markdown' };
    case 'text':
      if (ctx.style === 'xml') return { refs: { attribute: false, xml: true } };
      return ctx.style === 'markup' ? { refs: { attribute: false, xml: false } } : undefined;
    case 'angle':
      return undefined;
  }
}

/** `text[start, to)` decoded the way `reading` says. */
function decode(text: string, start: number, to: number, reading: Reading): Decoded {
  if (reading.refs === undefined) return decodeEscapes(text, start, to, reading.escapes);
  const refs = decodeCharRefs(text, start, to, reading.refs);
  if (reading.escapes === undefined) return refs;
  return compose(refs, decodeEscapes(refs.text, 0, refs.text.length, reading.escapes));
}

/** The end of the decoding window: the line's end, at most READ_AHEAD past the match. */
function windowEnd(text: string, end: number): number {
  const limit = Math.min(text.length, end + READ_AHEAD);
  const nl = text.slice(end, limit).indexOf('\n');
  return nl < 0 ? limit : end + nl;
}

/**
 * The URL the reader of a document in `languageId` sees for the finder's match `[start, end)` of
 * `text` (which may be a window of the document: what encloses the URL is read from the text
 * before it). Where the context decodes nothing, or the decoded text holds no URL at the same
 * start, it is the match as written (`absoluteUrl`).
 */
export function readUrlAt(text: string, start: number, end: number, languageId?: string): ReadUrl {
  const written = { start, end, url: absoluteUrl(text.slice(start, end)) };
  const reading = readingOf(detectContext(text, start, end, languageId));
  if (reading === undefined) return written;
  if (!mayDecode(text, start, end, reading)) return written;
  const to = windowEnd(text, end);
  // The character before the URL decides some of its ends (a `'` opened it): kept in front.
  const before = start > 0 ? text[start - 1] : ' ';
  const d = decode(text, start, to, reading);
  const m = urlAt(before + d.text, 1);
  if (m?.start !== 1) return written;
  const url = d.text.slice(0, m.end - 1);
  return { start, end: d.raw[m.end - 1], url: absoluteUrl(url) };
}

/**
 * Whether the reading may change the match: it holds a `&` or `\`, or the finder stopped right
 * before one (at an escape it does not read). Most URLs hold neither: read as written, at once.
 */
function mayDecode(text: string, start: number, end: number, reading: Reading): boolean {
  const next = text[end];
  if (reading.refs !== undefined && (next === '&' || text.slice(start, end).includes('&')))
    return true;
  return reading.escapes !== undefined && (next === '\\' || text.slice(start, end).includes('\\'));
}
