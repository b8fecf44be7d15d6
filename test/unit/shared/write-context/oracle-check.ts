// The check behind the contexts' oracle tests (contexts.oracle.test.ts: HTML and CSS;
// contexts-code.oracle.test.ts: JSON, JavaScript and Markdown): a generated new URL written in
// place of an old one must be read back by the context's real parser as the URL meant, or be
// refused with a reason only text contexts may give.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { findUrls } from '../../../../src/core';
import { readUrlAt } from '../../../../src/shared/read-url';
import { writeUrl } from '../../../../src/shared/write-context';
import { browserEncode } from '../../../../src/shared/write-context/browser-encode';
import { newUrl } from './urls';

export const RUNS = 1000;

/** Old URLs as documents write them: HTML with `&amp;` (the author's style) and a bare `&`. */
export const HTML_OLD = [
  'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/p?x=1&amp;copy=2',
  'https://a.com/x?a=1&b=2',
  'https://a.com/x',
];
export const PLAIN_OLD = ['https://a.com/x'];

export interface Context {
  name: string;
  languageId: string;
  /** The document, `U` standing for the URL. */
  doc: string;
  olds: string[];
  /** Checks the structure around the URL and returns what the parser reads in its place. */
  read(doc: string): string;
  /**
   * The URL is in text (HTML text, a comment): nothing but its own characters ends it, so a
   * character a reader would end it at (a quote, `<`, `)`…) may be refused, and the finder must
   * find the URL whole in what the parser reads.
   */
  text?: boolean;
}

/**
 * In text, nothing but the URL's own characters ends it: a character a reader ends it at (a quote,
 * `<`, `>`, a backtick, `\`, `|`, braces; interpolation `${` `#{` `$(` or `*∕` in code) can't be
 * escaped, nor what the finder would leave out of it (an unbalanced parenthesis, punctuation at
 * the end): such a write may be refused.
 */
export function refusableInText(url: string): boolean {
  if (/["'<>`\\|{}]|[$#][{(]|\*\//.test(url)) return true;
  const found = findUrls(url);
  return found.length !== 1 || found[0].start !== 0 || found[0].end !== url.length;
}

/** The host's `%XX` escapes decoded: a character a context can't hold is written so there. */
function hostDecoded(url: string): string {
  const m = /^([a-z]+:\/\/(?:[^@/]*@)?)([^/?#]*)(.*)$/is.exec(url);
  if (!m) return url;
  const host = m[2].replace(/%([0-9A-F]{2})/g, (_, h: string) =>
    String.fromCharCode(parseInt(h, 16)),
  );
  return m[1] + host + m[3];
}

function place(ctx: Context, old: string): { doc: string; start: number; end: number } {
  const start = ctx.doc.indexOf('U');
  const doc = ctx.doc.replace('U', old);
  const read = readUrlAt(doc, start, start + old.length, ctx.languageId);
  assert.deepEqual(
    [read.start, read.end],
    [start, start + old.length],
    'the old URL is read whole',
  );
  return { doc, start, end: start + old.length };
}

export interface Tally {
  written: number;
  refused: number;
}

/** One write, checked against the parser: the URL read back, or a refusal that may be one. */
export function check(ctx: Context, old: string, url: string, tally: Tally): void {
  const meant = browserEncode(url).text;
  assert.ok(meant !== undefined);
  const { doc, start, end } = place(ctx, old);
  const w = writeUrl(doc, start, end, url, undefined, ctx.languageId);
  if (w.text === undefined) {
    tally.refused++;
    assert.match(w.refused, /^can't be written in this .+: the new URL holds .+, which /);
    assert.ok(ctx.text === true && refusableInText(meant), `refused: ${w.refused}`);
    return;
  }
  tally.written++;
  const after = doc.slice(0, start) + w.text + doc.slice(end);
  let read: string;
  try {
    read = ctx.read(after);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nwritten: ${after}`);
  }
  if (read !== meant) assert.equal(hostDecoded(read), meant, `written: ${after}`);
  if (ctx.text) {
    const found = findUrls(read);
    assert.equal(found[0]?.start, 0, `found where it was written: ${read}`);
    assert.equal(found[0]?.end, read.length, `found whole: ${read}`);
  }
}

/** Many generated URLs written in `ctx`: each read back as meant, or refused as it may be. */
export function writesTheUrlMeant(ctx: Context): void {
  const tally: Tally = { written: 0, refused: 0 };
  fc.assert(
    fc.property(newUrl, fc.constantFrom(...ctx.olds), (url, old) => {
      check(ctx, old, url, tally);
    }),
    { numRuns: RUNS },
  );
  // Not a test that passes by refusing: most generated URLs are written.
  assert.ok(
    tally.written > tally.refused / 4,
    `written ${tally.written}, refused ${tally.refused}`,
  );
}
