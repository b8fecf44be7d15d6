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
  ByteBudget,
  enabledGlobs,
  groupFor,
  groupLabel,
  hostCounts,
  hostOf,
  hostMatches,
  maxFileSize,
  noFileSkips,
  planFile,
  planFileSliced,
  textHash,
  textHashSliced,
  fileSkipReason,
  reviewLabel,
  reviewReason,
  DEFAULT_MAX_FILE_SIZE,
  type FileSkip,
  type FilePlan,
  type WorkspaceTarget,
} from '../../../src/shared/workspace-plan';
import { LineIndex, lineStarts, positionAt } from '../../../src/shared/line-index';
import { applyEdits } from '../../shared/apply-edits';

const settings = readSettings(() => undefined, true);
const toCache = makeTransform('cache', settings);
const toPublisher = makeTransform('publisher', settings);
const PUB = 'https://example.com/amp_document.html';
// docs/specs.md (AMP Cache URL format): the example document on the Google AMP Cache.
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

describe('workspace plan: ampUrl.workspace.maxFileSize', () => {
  it('reads ampUrl.workspace.maxFileSize, falling back on bad values', () => {
    assert.equal(maxFileSize(1000), 1000);
    for (const bad of [undefined, 0, -1, NaN, '5', Infinity])
      assert.equal(maxFileSize(bad), DEFAULT_MAX_FILE_SIZE);
  });
});

describe('workspace plan: excludes', () => {
  it('takes the patterns that are on from files.exclude / search.exclude', () => {
    assert.deepEqual(
      enabledGlobs({ '**/.git': true, '**/off': false, '**/*.js': { when: '$(basename).ts' } }),
      ['**/.git'],
    );
    assert.deepEqual(enabledGlobs(undefined), []);
    assert.deepEqual(enabledGlobs(['**/x']), []);
  });
});

describe('workspace plan: positions', () => {
  it('counts \\n, \\r\\n and \\r as line breaks, as VS Code does', () => {
    const text = 'a\nbc\r\nd\re';
    const starts = lineStarts(text);
    assert.deepEqual(starts, [0, 2, 6, 8]);
    assert.deepEqual(positionAt(starts, text.indexOf('c')), [1, 1]);
    assert.deepEqual(positionAt(starts, text.indexOf('e')), [3, 0]);
  });

  it('agrees with a split on every line break (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n')), (parts) => {
        const text = parts.join('');
        const starts = lineStarts(text);
        const lines = text.split(/\r\n|\r|\n/);
        assert.equal(starts.length, lines.length);
        for (let i = 0; i < lines.length; i++)
          assert.equal(text.slice(starts[i], starts[i] + lines[i].length), lines[i]);
      }),
    );
  });
});

describe('workspace plan: planFile', () => {
  const text = `# Links\r\n\nSee ${CACHE} and ${PUB}.\n  "u": "${CACHE.replaceAll('/', '\\/')}"\n`;

  it('replaces only AMP Cache URLs with publisher URLs, grouped and positioned', () => {
    const plan = planFile(text, 'publisher', toPublisher, settings.caches);
    assert.equal(plan.edits.length, 2);
    assert.deepEqual(plan.skipped, []);
    const [plain, escaped] = plan.edits;
    assert.equal(plain.group, 'cacheToPublisher');
    assert.equal(plain.host, 'example-com.cdn.ampproject.org');
    assert.deepEqual(plain.range, {
      startLine: 2,
      startChar: 4,
      endLine: 2,
      endChar: 4 + CACHE.length,
    });
    assert.equal(plain.newText, PUB);
    // The JSON-escaped URL is written back escaped (writeUrl keeps the string's style).
    assert.equal(escaped.newText, PUB.replaceAll('/', '\\/'));
    assert.equal(
      applyEdits(text, plan.edits),
      `# Links\r\n\nSee ${PUB} and ${PUB}.\n  "u": "${PUB.replaceAll('/', '\\/')}"\n`,
    );
  });

  it('converts only publisher URLs to AMP Cache URLs', () => {
    const plan = planFile(text, 'cache', toCache, settings.caches);
    assert.deepEqual(
      plan.edits.map((e) => [e.oldText, e.newText, e.group, e.host]),
      [[PUB, CACHE, 'publisherToCache', 'example.com']],
    );
  });

  it('skips, with a reason, an AMP URL the conversion refuses', () => {
    // A cache URL whose path is not a serving path can't be reversed.
    const odd = 'https://example-com.cdn.ampproject.org/nothing-here';
    const plan = planFile(`x ${odd} y`, 'publisher', toPublisher, settings.caches);
    assert.equal(plan.edits.length, 0);
    assert.equal(plan.skipped.length, 1);
    assert.equal(plan.skipped[0].url, odd);
  });

  it('leaves a bare cache origin alone (it reverses to a domain, not a URL)', () => {
    assert.equal(
      groupFor('https://example-com.cdn.ampproject.org/', 'publisher', settings.caches),
      undefined,
    );
    assert.equal(groupFor(CACHE, 'cache', settings.caches), undefined);
  });

  it('has a label per group', () => {
    assert.deepEqual(
      (['cacheToPublisher', 'viewerToPublisher', 'publisherToCache'] as const).map((g) =>
        groupLabel(g),
      ),
      [
        'AMP Cache URL → publisher URL',
        'AMP viewer URL → publisher URL',
        'Publisher URL → AMP Cache URL',
      ],
    );
  });
});

describe('workspace plan: planFileSliced (a large file planned in time slices, issue 20)', () => {
  it('makes the same plan as planFile, giving the event loop a turn whenever the slice is used up', async () => {
    // 500 AMP URLs (one a look-alike, one refused by its context) among text, CRLF line ends.
    const lines = Array.from({ length: 500 }, (_, i) =>
      i === 7
        ? `<a href="https://evil-com.cdn.ampproject.org/c/s/example.com/x">`
        : `line ${i}: ${CACHE}?n=${i} and ${PUB}`,
    );
    const text = lines.join('\r\n');
    const whole = planFile(text, 'publisher', toPublisher, settings.caches);
    let clock = 0;
    let pauses = 0;
    const sliced = await planFileSliced(
      text,
      'publisher',
      toPublisher,
      settings.caches,
      format,
      undefined,
      {
        // Each look at the clock is one "millisecond": a slice of 3 ends every third step.
        now: () => clock++,
        pause: () => {
          pauses++;
          return Promise.resolve();
        },
        sliceMs: 3,
      },
    );
    assert.deepEqual(sliced, whole);
    assert.ok(whole.edits.length >= 499, `${whole.edits.length} edits`);
    assert.ok(pauses >= 2, `${pauses} pauses: the plan was made in one piece`);
  });
});

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
    const review = reviewReason(r.warnings);
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

  it('LineIndex finds the starts of lineStarts, a bounded number per step (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'bc', '\n', '\r', '\r\n'), { maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (parts, asked) => {
          const text = parts.join('');
          const index = new LineIndex(text);
          const starts = lineStarts(text);
          // Any order of offsets, as a plan may ask: each answer is positionAt's.
          for (const a of asked) {
            const offset = a % (text.length + 1);
            while (!index.reach(offset));
            assert.equal(index.line(offset), positionAt(starts, offset)[0]);
          }
          while (!index.reach(text.length));
          assert.deepEqual(index.starts, starts);
        },
      ),
      { seed: 20, numRuns: 1000 },
    );
    const many = new LineIndex('\n'.repeat(10_000));
    assert.equal(many.reach(10_000), false, 'one call searched all 10,000 line breaks');
    assert.equal(many.starts.length, 4097);
  });
});

describe('workspace plan: hosts, hashes and the report', () => {
  it('matches a host and its subdomains only', () => {
    assert.ok(hostMatches('example.com', 'Example.com'));
    assert.ok(hostMatches('news.example.com', 'example.com'));
    assert.ok(!hostMatches('badexample.com', 'example.com'));
    assert.ok(hostMatches('anything.org', undefined));
  });

  it('counts hosts, most frequent first', () => {
    assert.deepEqual(hostCounts([{ host: 'b.com' }, { host: 'a.com' }, { host: 'b.com' }]), [
      { host: 'b.com', label: 'b.com', count: 2 },
      { host: 'a.com', label: 'a.com', count: 1 },
    ]);
  });

  it('counts a host written in Unicode and in Punycode as one host (issue 21)', () => {
    const text = [
      'https://bücher.example/a',
      'https://xn--bcher-kva.example/b',
      'https://BÜCHER.example/c',
      'https://other.example/d',
    ].join('\n');
    const plan = planFile(text, 'cache', toCache, settings.caches);
    assert.deepEqual(hostCounts(plan.edits), [
      { host: 'xn--bcher-kva.example', label: 'bücher.example', count: 3 },
      { host: 'other.example', label: 'other.example', count: 1 },
    ]);
    // Either form picked matches all three.
    for (const wanted of ['bücher.example', 'xn--bcher-kva.example'])
      assert.equal(plan.edits.filter((e) => hostMatches(e.host, wanted)).length, 3, wanted);
  });

  it('marks the changes that deserve a look, and why (issue 21)', () => {
    const text = [
      'https://example-com.cdn.ampproject.org/c/s/example.com/ok',
      'https://xyz.cdn.ampproject.org/c/s/www.example.com/a',
      'https://www.google.co.uk/amp/s/www.example.com/b%3foutputType=amp',
      'https://example-com.cdn.ampproject.org/c/s/example.com/x/../../../../c/s/evil.com/y',
      'https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a',
    ].join('\n');
    const plan = planFile(text, 'publisher', toPublisher, settings.caches);
    assert.deepEqual(
      plan.edits.map((e) => e.review),
      // The dot-segment URL also names another host than its cache prefix's: look-alike first.
      [undefined, 'lookAlike', 'encodedQuery', 'lookAlike', undefined],
    );
    assert.equal(
      reviewReason(['The path "/a/../b" resolves to "/b" in a browser (dot segments): …']),
      'dotSegments',
    );
    assert.equal(
      reviewReason(['… no longer serves pages: the publisher URL is where the page lives.']),
      undefined,
    );
    assert.match(plan.edits[1].warnings?.join(' ') ?? '', /look-alike/);
    assert.equal(reviewReason(['something new the reverse says']), 'warning');
    assert.equal(reviewReason(undefined), undefined);
    assert.match(reviewLabel('lookAlike'), /^Check first: .*look-alike/);
  });

  it('says where each skipped URL is (line and character)', () => {
    const plan = planFile(
      'a\r\n  https://example-com.cdn.ampproject.org/zz',
      'publisher',
      toPublisher,
      settings.caches,
    );
    assert.equal(plan.skipped.length, 1);
    assert.deepEqual([plan.skipped[0].line, plan.skipped[0].character], [1, 2]);
  });

  it('hashes texts so a one-character change shows', () => {
    assert.equal(textHash('abc'), textHash('abc'));
    assert.notEqual(textHash('abc'), textHash('abd'));
    assert.equal(textHash(''), 0x811c9dc5);
  });

  it('hashes a large text in slices to the same hash (textHashSliced)', async () => {
    const text = `${CACHE}\r\n😀é`.repeat(40_000); // 3.2 million characters
    let pauses = 0;
    let clock = 0;
    const sliced = await textHashSliced(text, {
      now: () => clock++,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
      sliceMs: 1,
    });
    assert.equal(sliced, textHash(text));
    assert.equal(
      await textHashSliced('', { now: () => 0, pause: () => Promise.resolve(), sliceMs: 1 }),
      textHash(''),
    );
    assert.ok(pauses >= 10, `${pauses} pauses: hashed in one piece`);
  });

  it('words the reasons a path is left out, as the report lists them', () => {
    assert.equal(fileSkipReason('binary'), 'binary');
    assert.equal(fileSkipReason('tooLarge'), 'over ampUrl.workspace.maxFileSize');
    assert.equal(
      fileSkipReason('symlinkOutside'),
      'a symbolic link to outside the workspace folder: not followed',
    );
    assert.equal(
      fileSkipReason('symlink'),
      'a symbolic link: not followed (nothing outside the workspace folder is read or written)',
    );
    assert.equal(fileSkipReason('special'), 'a FIFO, device or socket: never opened');
    assert.equal(
      fileSkipReason('ignoreFileNotRead'),
      'an ignore file not read (not a regular file, over 1 MB or over 10,000 lines)',
    );
    assert.equal(
      fileSkipReason('ignoreLineNotUsed'),
      'an ignore-file line not applied (invalid or too complex)',
    );
  });

  it('words every file skip reason (the report lists them from the record)', () => {
    const record = noFileSkips();
    for (const skip of Object.keys(record) as FileSkip[])
      assert.ok(fileSkipReason(skip).length > 0, skip);
  });
});

describe('workspace plan: files VS Code would not write back byte for byte (issue 20)', () => {
  it('names both reasons in the report', () => {
    assert.equal(
      fileSkipReason('encoding'),
      'VS Code would not write its bytes back unchanged (files.encoding or a guessed encoding)',
    );
    assert.equal(
      fileSkipReason('lineEndings'),
      'mixed line endings or a lone CR (VS Code would normalise them)',
    );
  });
});

describe('workspace plan: ByteBudget (bytes read at a time by the scan)', () => {
  it('holds back a read that would overflow the budget until bytes are given back', async () => {
    const budget = new ByteBudget(100);
    const order: string[] = [];
    await budget.take(60);
    const second = budget.take(60).then(() => order.push('second'));
    await budget.take(40); // fits beside the first: not held back
    order.push('third');
    await Promise.resolve();
    assert.deepEqual(order, ['third']);
    budget.give(40);
    await Promise.resolve();
    assert.deepEqual(order, ['third'], '60 + 60 still exceeds 100');
    budget.give(60);
    await second;
    assert.deepEqual(order, ['third', 'second']);
  });

  it('lets a file larger than the whole budget through when nothing else is in flight', async () => {
    const budget = new ByteBudget(10);
    await budget.take(1_000); // would wait forever if it had to fit
    budget.give(1_000);
    await budget.take(10);
  });
});
