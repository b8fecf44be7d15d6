// What the hover tests read in the hover's Markdown: its rows, labels and links, and the checks
// every hover must pass (hover.test.ts, hover-property.test.ts).
import * as assert from 'node:assert/strict';
import { computeForms } from '../../../src/shared/forms';
import {
  HOVER_COMMANDS,
  hoverMarkdown,
  MAX_HOVER_CHARS,
  type HoverTarget,
} from '../../../src/extension/logic/hover-markdown';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { readSettings, type Settings } from '../../../src/shared/settings';
import { linkTargets, outsideCode } from '../../helpers/markdown';

export const settings = readSettings(() => undefined, true);
export const PUB = 'https://example.com/amp_document.html';
export const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';
export const URI = 'file:///doc.md';
export const target = (expected: string): HoverTarget => ({
  uri: URI,
  start: 3,
  end: 3 + expected.length,
  expected,
});
export const hover = (url: string, s: Settings = settings) =>
  hoverMarkdown(computeForms(url, s), target(url));

export interface Link {
  command: string;
  args: unknown;
}

/** Every link target in the Markdown (outside code spans), with its decoded arguments. */
export function links(md: string): Link[] {
  return linkTargets(md).map((link) => {
    const q = link.indexOf('?');
    return {
      command: (q < 0 ? link : link.slice(0, q)).replace(/^command:/, ''),
      args: q < 0 ? undefined : (JSON.parse(decodeURIComponent(link.slice(q + 1))) as unknown),
    };
  });
}

/** The single LinkTarget a link carries (fails unless it is exactly one). */
export function linkTarget(l: Link) {
  assert.ok(Array.isArray(l.args) && l.args.length === 1, JSON.stringify(l.args));
  const parsed = parseLinkTarget((l.args as unknown[])[0]);
  assert.ok(parsed, `not a LinkTarget: ${JSON.stringify(l.args)}`);
  return parsed;
}

/**
 * The form lines as [label, value, links]: after the header, each line of the body paragraph
 * (hard line breaks) that is a label (no-break spaces inside, no plain space), then its links,
 * then its value; the folded lines ("Already in this form…", notes, "… and N more") left out.
 */
export function rows(md: string): string[][] {
  const body = md.split('\n\n').slice(1).join('\n\n');
  return body.split('  \n').flatMap((line) => {
    const m = /^([^ ]+) ((?:\[[^\]]*\]\([^)]*\)\u00a0?)*) ?(`.*)$/s.exec(line);
    return m ? [[m[1], m[3], m[2]]] : [];
  });
}

/** What a cell shows: code spans' contents and escaped characters, as the renderer gives them. */
export function cellText(cell: string): string {
  let out = '';
  for (let i = 0; i < cell.length;) {
    if (cell[i] === '\\') {
      out += cell[i + 1];
      i += 2;
    } else if (cell[i] === '`') {
      let n = 0;
      while (cell[i + n] === '`') n++;
      const end = cell.indexOf('`'.repeat(n), i + n);
      const inner = cell.slice(i + n, end);
      out += /^ .* $/.test(inner) ? inner.slice(1, -1) : inner;
      i = end + n;
    } else out += cell[i++];
  }
  return out;
}

/** The label of each row, bold and backslash escapes removed. */
export const labels = (md: string) =>
  rows(md).map((r) =>
    r[0]
      .replace(/^\*\*(.*)\*\*$/, '$1')
      .replace(/\\(.)/g, '$1')
      .replace(/\u00a0/g, ' '),
  );

/** Asserts the hover is safe: under budget, every code span closed, only our links to `t`. */
export function assertSafe(md: string, t: HoverTarget | undefined, context: string): void {
  assert.ok(md.length <= MAX_HOVER_CHARS, `${context}: ${md.length} characters`);
  const outside = outsideCode(md); // throws on a code span left open
  assert.doesNotMatch(outside, /(?<!\\)[<&$]/, `${context}: raw HTML, entity or icon`);
  assert.doesNotMatch(outside, /(?<![\\\w(])(?:command|https?|javascript):/, context);
  // No line may be a table's delimiter row: the hover has no table, and document text must not
  // be able to make one (a table cell would split a code span at a bare |).
  for (const line of md.split('\n'))
    assert.doesNotMatch(
      line,
      /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-*:?\s*)*\|?\s*$/,
      `${context}: a table`,
    );
  for (const l of links(md)) {
    assert.ok((HOVER_COMMANDS as readonly string[]).includes(l.command), l.command);
    const lt = linkTarget(l);
    assert.ok(t, `${context}: a link without a target`);
    assert.deepEqual({ ...lt, form: undefined }, { ...t, form: undefined }, context);
    assert.equal(lt.form === undefined, l.command === 'ampUrl.showAllForms', context);
  }
}
