// planFile and planFileSliced find URLs and line starts a step at a time (issue 20) and must make
// the plan made at once, byte for byte.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { findUrls } from '../../../src/core';
import type { AmpCache } from '../../../src/core';
import { readUrlAt } from '../../../src/shared/read-url';
import type { Transform } from '../../../src/shared/transforms';
import { writeUrl } from '../../../src/shared/write-context';
import { format } from '../../../src/shared/localize';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import {
  groupFor,
  hostOf,
  planFile,
  planFileSliced,
  reviewReason,
  type FilePlan,
  type WorkspaceTarget,
} from '../../../src/shared/workspace-plan';
import { lineStarts, positionAt } from '../../../src/shared/line-index';

const settings = readSettings(() => undefined, true);

const toCache = makeTransform('cache', settings);

const toPublisher = makeTransform('publisher', settings);

const PUB = 'https://example.com/amp_document.html';

// docs/specs.md (AMP Cache URL format): the example document on the Google AMP Cache.
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

/**
 * planFile as it was before it found URLs and line starts a step at a time (issue 20): findUrls
 * over the whole text, then lineStarts of the whole text. The oracle the stepwise plan must equal.
 */
function planAtOnce(
  text: string,
  target: WorkspaceTarget,
  transform: Transform,
  caches: readonly AmpCache[],
  languageId?: string,
): FilePlan {
  const plan: FilePlan = { edits: [], skipped: [] };
  let starts: number[] | undefined;
  const skip = (at: number, url: string, reason: string) => {
    starts ??= lineStarts(text);
    const [line, character] = positionAt(starts, at);
    plan.skipped.push({ url, reason, at, line, character });
  };
  for (const match of findUrls(text)) {
    const m = readUrlAt(text, match.start, match.end, languageId);
    const url = m.url;
    const found = text.slice(m.start, m.end);
    const group = groupFor(url, target, caches);
    if (!group) continue;
    const r = transform(url, { text, start: m.start });
    if (r.skip !== undefined) {
      skip(m.start, found, r.skip);
      continue;
    }
    const w = writeUrl(text, m.start, m.end, r.text, format, languageId);
    if (w.refused !== undefined) {
      skip(m.start, found, w.refused);
      continue;
    }
    starts ??= lineStarts(text);
    const [startLine, startChar] = positionAt(starts, m.start);
    const [endLine, endChar] = positionAt(starts, m.end);
    const review = reviewReason(r.warningCodes);
    plan.edits.push({
      start: m.start,
      end: m.end,
      oldText: found,
      newText: w.text,
      group,
      host: hostOf(url),
      range: { startLine, startChar, endLine, endChar },
      ...(r.warnings?.length ? { warnings: r.warnings } : {}),
      ...(review ? { review } : {}),
    });
  }
  return plan;
}

/** planFileSliced with a clock that pauses at every look (the most slices possible). */
async function slicedPlan(
  text: string,
  target: WorkspaceTarget,
  transform: Transform,
  languageId?: string,
): Promise<{ plan: FilePlan; pauses: number }> {
  let pauses = 0;
  let clock = 0;
  const plan = await planFileSliced(text, target, transform, settings.caches, format, languageId, {
    now: () => clock++,
    pause: () => {
      pauses++;
      return Promise.resolve();
    },
    sliceMs: 1,
  });
  return { plan, pauses };
}

/** Both plans, serialized: byte-identical means the same edits, skips, keys and key order. */
async function assertSamePlans(text: string, languageId?: string): Promise<number> {
  let planned = 0;
  for (const [target, transform] of [
    ['publisher', toPublisher],
    ['cache', toCache],
  ] as const) {
    const expected = JSON.stringify(
      planAtOnce(text, target, transform, settings.caches, languageId),
    );
    const whole = JSON.stringify(
      planFile(text, target, transform, settings.caches, format, languageId),
    );
    assert.equal(whole, expected, `planFile, ${target}, ${languageId}`);
    const { plan } = await slicedPlan(text, target, transform, languageId);
    assert.equal(JSON.stringify(plan), expected, `planFileSliced, ${target}, ${languageId}`);
    planned += plan.edits.length + plan.skipped.length;
  }
  return planned;
}

describe('workspace plan: found a step at a time, the same plan as at once (issue 20)', () => {
  // URLs in the contexts whose writes differ, ones the conversion refuses or warns about, line
  // breaks of every kind, characters outside the BMP.
  const PIECES = [
    CACHE,
    PUB,
    `<a href="${CACHE}?a=1&amp;b=2">x</a>`,
    `{"u":"${CACHE.replaceAll('/', '\\/')}"}`,
    `[doc](${CACHE})`,
    'https://evil-com.cdn.ampproject.org/c/s/example.com/x',
    'https://example-com.cdn.ampproject.org/nothing-here',
    'https://example-com.cdn.ampproject.org/c/s/example.com/a/../b?x=%3F',
    'https://www-example-com.cdn.ampproject.org/v/s/www.example.com/amp.html?amp_js_v=0.1',
    'www.example.org/x',
    '\n',
    '\r\n',
    '\r',
    ' ',
    '"',
    '😀',
    'é',
    'text',
  ];

  it('random texts: planFile and planFileSliced equal the plan made at once, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
        fc.constantFrom(undefined, 'html', 'json', 'markdown', 'plaintext'),
        async (parts, lang) => {
          await assertSamePlans(parts.join(''), lang);
        },
      ),
      { seed: 20, numRuns: 300 },
    );
  });

  it("real texts: this repository's docs and fixtures, a list of 5,000 URLs, LF, CRLF and CR", async () => {
    const root = path.resolve(__dirname, '../../../..');
    const files = [
      'README.md',
      'CHANGELOG.md',
      ...fs
        .readdirSync(path.join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
      ...fs
        .readdirSync(path.join(root, 'test/fixtures'))
        .filter((f) => f.startsWith('sample.'))
        .map((f) => `test/fixtures/${f}`),
    ];
    let planned = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      planned += await assertSamePlans(text, f.endsWith('.md') ? 'markdown' : undefined);
    }
    assert.ok(planned > 100, `${planned} URLs planned: the real texts hold URLs of both kinds`);
    const list = Array.from({ length: 5_000 }, (_, i) =>
      i % 997 === 0 ? `https://xyz.cdn.ampproject.org/c/s/a.b/look${i}` : `${CACHE}?n=${i}`,
    );
    for (const eol of ['\n', '\r\n', '\r']) await assertSamePlans(list.join(eol) + eol);
  });

  it('a URL after 100,000 lines: its line is found in steps, with pauses in between', async () => {
    const text = `${'x\n'.repeat(100_000)}${CACHE}\n`;
    const { plan, pauses } = await slicedPlan(text, 'publisher', toPublisher);
    assert.deepEqual(plan.edits[0].range, {
      startLine: 100_000,
      startChar: 0,
      endLine: 100_000,
      endChar: CACHE.length,
    });
    // 100,000 line breaks at 4,096 a step: at least 24 steps, each a look at the clock.
    assert.ok(pauses >= 24, `${pauses} pauses: the line breaks were searched in one piece`);
  });
});
