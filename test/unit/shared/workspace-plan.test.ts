import * as assert from 'node:assert/strict';
import type { ReverseWarningCode } from '../../../src/core';
import { format } from '../../../src/shared/localize';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform, type Transform } from '../../../src/shared/transforms';
import {
  ByteBudget,
  enabledGlobs,
  groupFor,
  groupLabel,
  hostCounts,
  hostMatcher,
  noFileSkips,
  planFile,
  planFileSliced,
  fileSkipReason,
  reviewLabel,
  reviewReason,
  type FileSkip,
} from '../../../src/shared/workspace-plan';
import { DEFAULT_MAX_FILE_SIZE, maxFileSize } from '../../../src/shared/file-size-limit';
import { applyEdits } from '../../helpers/apply-edits';

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

describe('workspace plan: hosts, hashes and the report', () => {
  it('matches a host and its subdomains only', () => {
    assert.ok(hostMatcher('Example.com')('example.com'));
    assert.ok(hostMatcher('example.com')('news.example.com'));
    assert.ok(!hostMatcher('example.com')('badexample.com'));
    assert.ok(hostMatcher(undefined)('anything.org'));
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
      assert.equal(plan.edits.filter((e) => hostMatcher(wanted)(e.host)).length, 3, wanted);
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
    assert.equal(reviewReason(['dot-segments']), 'dotSegments');
    assert.equal(reviewReason(['retired-cache']), undefined);
    assert.match(plan.edits[1].warnings?.join(' ') ?? '', /look-alike/);
    // A code a newer core adds, not known here: still a reason for a look.
    assert.equal(reviewReason(['something-new' as ReverseWarningCode]), 'warning');
    assert.equal(reviewReason(undefined), undefined);
    assert.match(reviewLabel('lookAlike'), /^Check first: .*look-alike/);
  });

  it('decides the review on warning codes: reworded warnings change nothing', () => {
    const text = [
      'https://xyz.cdn.ampproject.org/c/s/www.example.com/a',
      'https://www.google.co.uk/amp/s/www.example.com/b%3foutputType=amp',
      'https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a',
      'https://example-com.cdn.ampproject.org/c/s/foo/../example.com/y',
    ].join('\n');
    // The same conversion, every warning worded otherwise (as a later release or a translation may).
    const reworded: Transform = (url, at) => {
      const r = toPublisher(url, at);
      return r.warnings ? { ...r, warnings: r.warnings.map((_, i) => `reworded ${i}`) } : r;
    };
    const plain = planFile(text, 'publisher', toPublisher, settings.caches);
    const other = planFile(text, 'publisher', reworded, settings.caches);
    assert.equal(other.edits.length, 4);
    assert.notDeepEqual(
      other.edits.map((e) => e.warnings),
      plain.edits.map((e) => e.warnings),
    );
    assert.deepEqual(
      other.edits.map((e) => e.review),
      plain.edits.map((e) => e.review),
    );
    assert.deepEqual(
      other.edits.map((e) => e.review),
      ['lookAlike', 'encodedQuery', undefined, 'dotSegments'],
    );
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
