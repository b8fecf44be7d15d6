// Finding http://, https:// and www. URLs in any text: code, comments, Markdown, HTML, JSON
// (JSON-escaped `https:\/\/a.com\/x` too), logs, CSS. A native regex search jumps between
// candidates (`http:/`, `https:\`, `www.`: fixed strings, no backtracking), and the URL grammar
// runs only from there: one forward pass with O(1) work per code unit, so any input is linear;
// and a URL never spans a "stop" character, so `urlAt` reads only the text around it.
// Why not linkify-it: see the README ("Finding URLs in text").
import { UrlError } from '../common/errors';
import {
  Ascii,
  asciiClass,
  isAsciiAlnum,
  isHighSurrogate,
  isHostOrPathChar,
  isLabelAt,
  isLabelStartAt,
  isLowSurrogate,
  isSchemeChar,
  isStopAt,
  isTrailing,
  isUnicodeStop,
} from '../common/url-chars';

/**
 * Where a URL is in text: `text.slice(start, end)`, offsets in UTF-16 code units. Offsets only:
 * a list of 250,000 matches that also kept each URL's string would be twice the memory, more
 * than V8's young generation holds, and copying it out costs more than the whole scan (see
 * docs/scanning-performance.md); a caller cuts the text it needs, and drops it when done.
 */
export interface UrlMatch {
  readonly start: number;
  readonly end: number;
}

/** How far `urlAt` reads on each side of the offset: far beyond real URLs, small enough for a hover. */
export const URL_AT_WINDOW = 1 << 16;

/** Every URL in `text`, in order, non-overlapping. Linear time on any input. */
export function findUrls(text: string): UrlMatch[] {
  checkText(text);
  const matches: UrlMatch[] = [];
  const to = text.length;
  for (let m = nextUrl(text, 0, to, to); m; m = nextUrl(text, m.end, to, to)) matches.push(m);
  return matches;
}

/**
 * The URLs of `text` one at a time: exactly findUrls's matches, in order (the same search), without
 * an array of them all. For a caller that works in time slices (the workspace scan plans a 9 MB
 * file of 108,000 URLs between turns of the event loop): each URL is found when it is wanted, so
 * no step searches the whole text and no list of every match is held beside the caller's own.
 * Not exported by the core's index (the library's API is findUrls).
 */
export function* eachUrl(text: string): Generator<UrlMatch, void, undefined> {
  checkText(text);
  const to = text.length;
  for (let m = nextUrl(text, 0, to, to); m; m = nextUrl(text, m.end, to, to)) yield m;
}

/**
 * The URL at `offset` (a cursor just after its last character counts, as for VS Code word
 * ranges), or undefined. Same answer as `findUrls` for that position, reading at most
 * URL_AT_WINDOW characters on each side: from the nearest stop character before the offset.
 * Offsets that are not integers in [0, text.length] give undefined.
 * Limit of the bounded window: inside a URL longer than URL_AT_WINDOW, whose start it cannot see,
 * it may say nothing or report a URL that starts inside it (`http://a.com/x…x/http://b.com/y`).
 */
export function urlAt(text: string, offset: number): UrlMatch | undefined {
  checkText(text);
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) return undefined;
  // No URL crosses a stop character, so the scan can start at the last one before the offset.
  const lo = Math.max(0, offset - URL_AT_WINDOW);
  let from = offset;
  while (from > lo && !isStopAt(text, from - 1)) from--;
  const to = Math.min(text.length, offset + URL_AT_WINDOW);
  // The scan runs on the window (plus the code unit on each side that the grammar peeks at), so
  // the candidate search never reads past it: the cost does not grow with the text.
  const base = Math.max(0, from - 1);
  const win = text.slice(base, Math.min(text.length, to + 1));
  const [f, t, o] = [from - base, to - base, offset - base];
  for (let m = nextUrl(win, f, t, o); m && m.start <= o; m = nextUrl(win, m.end, t, o)) {
    if (o > m.end) continue;
    // A URL whose scan ran into the window's end may go on: too long to tell, say nothing.
    if (to < text.length && lastReach >= t - 1) return undefined; // - 1: a surrogate pair may straddle `to`
    return { start: m.start + base, end: m.end + base };
  }
  return undefined;
}

// A URL written with JSON-escaped slashes (PHP's json_encode, JSON-LD, minified JS): `https:\/\/`.
const ESCAPED_SCHEME = /^https?:\\\//i;

/**
 * The URL to open or convert from a match's text (`text.slice(match.start, match.end)`): `www.`
 * matches get `http://` (as browsers and linkify do), and a JSON-escaped match
 * (`https:\/\/a.com\/x`) is unescaped (`https://a.com/x`): in JSON and JS strings `\/` is `/`,
 * so the unescaped URL is the string's value and valid there as it is.
 */
export function absoluteUrl(url: string): string {
  // Callers in plain JS (or with `any`) may pass anything: check before reading.
  if (typeof url !== 'string')
    throw new UrlError('invalid-url', 'Expected the text of a URL match.');
  // Char codes, not slice().toLowerCase(): this runs once per line of a long list (amp-url).
  if ((url.charCodeAt(0) | 32) === 119 && url.startsWith('.', 3) && /^www/i.test(url))
    return `http://${url}`;
  return url.includes('\\/') && ESCAPED_SCHEME.test(url) ? url.replaceAll('\\/', '/') : url;
}

function checkText(text: unknown): asserts text is string {
  if (typeof text !== 'string')
    throw new UrlError('invalid-url', 'The text to search for URLs must be a string.');
}

/** Where the last `nextUrl` scan stopped, before trimming: `urlAt` reads it to tell a cut URL. */
let lastReach = 0;

/**
 * Every place where a URL can start: `http://`, `https://` (or JSON-escaped, `https:\/\/`) or
 * `www.`, any case. Fixed strings, so the engine searches them natively (as fast as a bare scan);
 * matches never overlap another candidate's start, and every position the grammar below accepts
 * is one. A scheme's match ends where its host starts.
 */
const CANDIDATE = /https?:(?:\/\/|\\\/\\\/)|www\./gi;

/**
 * The first URL starting in [from, lastStart] and ending by `to`. `text` must not extend far
 * beyond `to` (the candidate search reads to its end): `urlAt` passes its window.
 */
function nextUrl(text: string, from: number, to: number, lastStart: number): UrlMatch | undefined {
  const last = Math.min(lastStart, to - 1);
  const candidates = CANDIDATE;
  for (let i = from; i <= last; i++) {
    candidates.lastIndex = i;
    if (!candidates.test(text)) return undefined;
    const matchEnd = candidates.lastIndex;
    const www = text.charCodeAt(matchEnd - 1) === 0x2e;
    i = www ? matchEnd - 4 : schemeStart(text, matchEnd);
    if (i > last) return undefined;
    const body = www ? afterWww(text, i, to) : hostAfterScheme(text, i, matchEnd, to);
    if (body < 0) continue;
    const quoted = text.charCodeAt(i - 1) === 0x27;
    const escaped = !www && text.charCodeAt(body - 2) === 0x5c; // https:\/\/
    lastReach = scanBody(text, body, to, quoted, escaped);
    if (escaped && lastReach < to && !endsJsonEscaped(text, lastReach)) {
      // `https:\/\/a\.com`: a regular expression or another escaping, not JSON. Resume after it:
      // linear (a rare unescaped URL inside it, `…?u=http://b.com\.`, is given up with it).
      i = lastReach;
      continue;
    }
    return { start: i, end: trimEnd(text, body, lastReach) };
  }
  return undefined;
}

/** Where the scheme of the CANDIDATE match `http://`, `https://` (or `https:\/\/`) ending at `end` starts. */
function schemeStart(text: string, end: number): number {
  const colon = text.charCodeAt(end - 2) === 0x5c ? end - 5 : end - 3;
  return (text.charCodeAt(colon - 1) | 0x20) === 0x73 ? colon - 5 : colon - 4;
}

/**
 * The host's start `j` of the scheme at `i` (`http://` or `https://`, read by the caller) when
 * it is a URL's: no other scheme before (xhttp://, a+http://) and a host after; else -1.
 */
function hostAfterScheme(text: string, i: number, j: number, to: number): number {
  if (isSchemeChar(text.charCodeAt(i - 1)) || j >= to) return -1;
  if (text.charCodeAt(j) === 0x5b)
    return j + 1 < to && isIpLiteralStart(text.charCodeAt(j + 1)) ? j : -1; // [::1]
  return isLabelStartAt(text, j) ? j : -1;
}

/** After "http://" or "https://" (any case, or JSON-escaped `https:\/\/`) at `i` followed by a host, else -1. */
function afterScheme(text: string, i: number, to: number): number {
  let j = i + 1;
  if (
    (text.charCodeAt(i) | 0x20) !== 0x68 ||
    (text.charCodeAt(j) | 0x20) !== 0x74 ||
    (text.charCodeAt(j + 1) | 0x20) !== 0x74 ||
    (text.charCodeAt(j + 2) | 0x20) !== 0x70
  ) {
    return -1;
  }
  j += 3;
  if ((text.charCodeAt(j) | 0x20) === 0x73) j++; // s
  if (text.charCodeAt(j) !== 0x3a) return -1;
  if (text.charCodeAt(j + 1) === 0x2f && text.charCodeAt(j + 2) === 0x2f) j += 3;
  else if (text.startsWith('\\/\\/', j + 1)) j += 5;
  else return -1;
  return hostAfterScheme(text, i, j, to);
}

/** After "www." at `i` when a dotted host follows (www.example.com, not www.example), else -1. */
function afterWww(text: string, i: number, to: number): number {
  if (isHostOrPathChar(text.charCodeAt(i - 1))) return -1; // a.www.b, /www., @www.: inside something else
  if (
    (text.charCodeAt(i + 1) | 0x20) !== 0x77 ||
    (text.charCodeAt(i + 2) | 0x20) !== 0x77 ||
    text.charCodeAt(i + 3) !== 0x2e
  ) {
    return -1;
  }
  let j = i + 4;
  if (j >= to || !isLabelStartAt(text, j)) return -1;
  while (j < to && isLabelAt(text, j)) j++;
  return j + 1 < to && text.charCodeAt(j) === 0x2e && isLabelStartAt(text, j + 1) ? i + 4 : -1;
}

/**
 * `end` less trailing punctuation and trailing HTML entities (&quot; in escaped HTML), as GFM does,
 * but a last `..` path segment stays: `http://www.google.com/blah/..` is the URL a browser
 * requests as `http://www.google.com/` (Safe Browsing's own example), and no sentence ends in
 * `/..`. A single `.` after `/` is still the sentence's ("see http://example.com/.").
 */
function trimEnd(text: string, body: number, end: number): number {
  while (end > body) {
    const c = text.charCodeAt(end - 1);
    if (c === 0x2e && isDotDotSegmentEnd(text, body, end)) return end;
    if (c === 0x3b) {
      const amp = entityStart(text, body, end - 1);
      if (amp >= 0) {
        end = amp;
        continue;
      }
    }
    if (!isTrailing(c)) break;
    end--;
  }
  return end;
}

/** Whether `text[body, end)` ends with a `/..` segment of its path (no `?` or `#` before it). */
function isDotDotSegmentEnd(text: string, body: number, end: number): boolean {
  if (end - 3 < body || text.charCodeAt(end - 2) !== 0x2e || text.charCodeAt(end - 3) !== 0x2f)
    return false;
  for (let i = body; i < end - 3; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3f || c === 0x23) return false;
  }
  return true;
}

/** Where the "&name" before the ; at `semi` starts, or -1. */
function entityStart(text: string, body: number, semi: number): number {
  let k = semi;
  while (k > body && isAsciiAlnum(text.charCodeAt(k - 1))) k--;
  return k < semi && k > body && text.charCodeAt(k - 1) === 0x26 ? k - 1 : -1;
}

const isIpLiteralStart = (c: number): boolean =>
  c === 0x3a ||
  (c >= 0x30 && c <= 0x39) ||
  ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) ||
  (c | 0x20) === 0x76; // : hex v

/**
 * A JSON-escaped URL may end at a backslash only where JSON escapes something else (`\"`, `\n`,
 * `\u0026`…); `\.`, `\?` or `\d` after it mean a regular expression, whose text is no URL.
 */
function endsJsonEscaped(text: string, backslashOrStop: number): boolean {
  if (text.charCodeAt(backslashOrStop) !== 0x5c) return true;
  const c = text.charCodeAt(backslashOrStop + 1);
  return (
    c === 0x22 ||
    c === 0x5c ||
    c === 0x62 ||
    c === 0x66 ||
    c === 0x6e ||
    c === 0x72 ||
    c === 0x74 ||
    c === 0x75
  ); // " \ b f n r t u
}

/**
 * Where the URL whose host starts at `j` stops: at a stop character, an unbalanced ) ] },
 * a comma right before another http(s):// URL, or a ' when a ' opened the URL (a JS, Python,
 * shell or HTML '…' string). In a JSON-escaped
 * URL (`escaped`), `\/` is part of it.
 */
// A run of the characters that are always part of a URL (Ascii.Url): skipped natively.
const URL_RUN = /[^\x00-\x20"<>`\\|\x7f()[\]{}',\x80-\uffff]*/y;

function scanBody(text: string, j: number, to: number, quoted: boolean, escaped: boolean): number {
  let parens = 0;
  let brackets = 0;
  let braces = 0;
  const run = URL_RUN;
  for (; j < to; j++) {
    run.lastIndex = j;
    run.test(text);
    j = run.lastIndex;
    if (j >= to) return to;
    const c = text.charCodeAt(j);
    if (c < 0x80) {
      const kind = asciiClass(c);
      if (kind === Ascii.Url) continue;
      if (kind === Ascii.Stop) {
        if (escaped && c === 0x5c && j + 1 < to && text.charCodeAt(j + 1) === 0x2f) {
          j++;
          continue;
        }
        return j;
      }
      if (kind === Ascii.Apostrophe && quoted) return j;
      // `a/x,https://b/y` (srcset candidates, CSV, lists): two URLs, the comma between them.
      if (kind === Ascii.Comma && j + 1 < to && afterScheme(text, j + 1, to) >= 0) return j;
      if (kind === Ascii.Open) {
        if (c === 0x28) parens++;
        else if (c === 0x5b) brackets++;
        else if (c === 0x7b) braces++;
      } else if (kind === Ascii.Close) {
        if (c === 0x29 ? parens-- === 0 : c === 0x5d ? brackets-- === 0 : braces-- === 0) return j;
      }
    } else if (isHighSurrogate(c)) {
      if (j + 1 >= to || !isLowSurrogate(text.charCodeAt(j + 1))) return j;
      j++; // a valid pair: an astral character (emoji, rare CJK)
    } else if (isLowSurrogate(c) || isUnicodeStop(c)) {
      return j;
    }
  }
  return j;
}
