// De-AMP decisions (vscode-free): viewer URLs classified apart, every shape reversed with its
// notes, non-AMP URLs left with a reason, and the notes in the summary line.
import * as assert from 'node:assert/strict';
import { cacheOriginOf } from '../../../src/shared/cache-origins';
import { classify } from '../../../src/shared/classify';
import { computeForms } from '../../../src/shared/forms';
import { readSettings } from '../../../src/shared/settings';
import { summaryMessage } from '../../../src/shared/summary';
import { deAmpTransform, makeTransform } from '../../../src/shared/transforms';
import { planFile } from '../../../src/shared/workspace-plan';
import { applyEdits } from '../../helpers/apply-edits';
import { planToEnd } from '../../helpers/run-steps';

const settings = readSettings(() => undefined, true);

describe('extension de-AMP', () => {
  it('classifies viewer URLs as viewer, legacy and observed cache hosts as cache, "amp" look-alikes as publisher', () => {
    const kind = (url: string) => classify(url, settings.caches).kind;
    assert.equal(kind('https://www.google.com/amp/s/www.example.com/a'), 'viewer');
    assert.equal(kind('https://www.bing.com/amp/s/amp.example.com/a'), 'viewer');
    assert.equal(kind('https://search.yahoo.co.jp/amp/s/www.example.com/a'), 'viewer');
    assert.equal(kind('https://cdn.ampproject.org/c/s/www.example.com/a'), 'cache');
    assert.equal(kind('https://www-example-com.bing-amp.com/c/s/www.example.com/a'), 'cache');
    assert.equal(kind('https://www-example-com.cdn.ampproject.org'), 'cacheOrigin');
    for (const url of [
      'https://amp.example.com/a',
      'https://www.example.com/amp/',
      'https://www.example.com/a?amp=1',
    ])
      assert.equal(kind(url), 'publisher', url);
    // The AMP project's own files: neither a publisher page nor an AMP page (issue 21).
    assert.equal(kind('https://cdn.ampproject.org/v0.js'), 'project');
    assert.equal(kind('https://bing.com/amp/s/www.example.com/a'), 'viewer');
  });

  it('"publisher" gives notes: warnings and removed parameters; "cache" refuses a viewer URL', () => {
    const toPublisher = makeTransform('publisher', settings);
    assert.deepEqual(
      toPublisher(
        'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a?usqp=mq331AQ&x=1',
      ),
      { text: 'https://www.example.com/a?x=1', notes: ['removed usqp'] },
    );
    assert.deepEqual(toPublisher('https://www.google.com/amp/s/www.example.com/a'), {
      text: 'https://www.example.com/a',
    });
    const look = toPublisher('https://xyz.cdn.ampproject.org/c/s/www.example.com/a');
    assert.equal(look.text, 'https://www.example.com/a');
    assert.match(look.notes?.[0] ?? '', /look-alike/);
    assert.deepEqual(makeTransform('cache', settings)('https://www.google.com/amp/s/a.com/'), {
      skip: 'an AMP viewer URL',
    });
  });

  it('replaces AMP URLs only, and the summary names what was left and the notes', () => {
    const text =
      'a https://www.google.com/amp/s/www.example.com/a%3fx=1 b https://amp.example.com/ c https://www-example-com.cdn.ampproject.org\n';
    const plan = planToEnd(text, [{ start: 0, end: text.length }], deAmpTransform(settings));
    assert.equal(
      applyEdits(text, plan.edits),
      'a https://www.example.com/a?x=1 b https://amp.example.com/ c https://www-example-com.cdn.ampproject.org\n',
    );
    assert.deepEqual(
      plan.skipped.map((s) => s.reason),
      ['not an AMP URL', 'an AMP Cache origin, not a page URL'],
    );
    assert.equal(plan.notes?.length, 1);
    const message = summaryMessage({ changed: 1, skipped: plan.skipped, notes: plan.notes });
    assert.match(
      message,
      /^Replaced 1 URL; skipped 2: not an AMP URL \(1\), an AMP Cache origin, not a page URL \(1\)\. Notes: An encoded "\?" \(%3F\).*\(1\)$/,
    );
    // Without notes the message is what it was.
    assert.equal(summaryMessage({ changed: 2, skipped: [] }), 'Replaced 2 URLs');
  });
});

describe('AMP infrastructure, rel links and cache origins (issue 21)', () => {
  const toCache = makeTransform('cache', settings);

  it('the AMP runtime and its frames get no cache form and are never converted', () => {
    for (const url of [
      'https://cdn.ampproject.org/v0.js',
      'https://cdn.ampproject.org/v0/amp-bind-0.1.js',
      'https://cdn.ampproject.org/lts/v0.js',
      'https://cdn.ampproject.org/rtv/012105150310000/v0.js',
      'https://cdn.ampproject.org/sw/amp-sw.js',
      'https://cdn.ampproject.org/caches.json',
      'https://d-123.ampproject.net/2105150310000/frame.html',
    ]) {
      assert.match(toCache(url).skip ?? '', /of the AMP project, not a publisher page/, url);
      assert.equal(
        computeForms(url, settings).forms.filter((f) => f.id.startsWith('cache')).length,
        0,
      );
    }
    const md = computeForms('https://cdn.ampproject.org/v0.js', settings);
    assert.equal(md.kind, 'project');
    assert.equal(md.file, 'AMP runtime script');
  });

  it('converting all URLs of an AMP page leaves its runtime, rel=canonical and rel=amphtml', () => {
    const page = [
      '<link rel="canonical" href="https://news.example.com/story">',
      "<link href='https://news.example.com/story.amp' rel='amphtml'>",
      '<script async src="https://cdn.ampproject.org/v0.js"></script>',
      '<a href="https://news.example.com/other">other</a>',
    ].join('\n');
    const plan = planToEnd(page, [{ start: 0, end: page.length }], toCache, undefined, 'html');
    assert.deepEqual(
      plan.edits.map((e) => e.newText),
      ['https://news-example-com.cdn.ampproject.org/c/s/news.example.com/other'],
    );
    assert.deepEqual(
      plan.skipped.map((s) => s.reason.replace(/ \(.*$| of the AMP project.*$/, '')),
      [
        'the rel=canonical link of an AMP page names the publisher page on purpose',
        'the rel=amphtml link of an AMP page names the publisher page on purpose',
        'an AMP runtime script',
      ],
    );
    // The workspace plan leaves them the same way (the runtime is not even a publisher URL).
    const file = planFile(page, 'cache', toCache, settings.caches, undefined, 'html');
    assert.deepEqual(
      file.edits.map((e) => e.host),
      ['news.example.com'],
    );
    assert.equal(file.skipped.length, 2);
    // Under a cursor, the user asked for that URL: it converts.
    const at = page.indexOf('news.example.com/story"');
    assert.equal(planToEnd(page, [{ start: at, end: at }], toCache).edits.length, 1);
  });

  it('a viewer URL gives its publisher cache origin, not the viewer host', () => {
    const origin = (url: string) => cacheOriginOf(url, settings).value?.origin;
    assert.equal(
      origin('https://www.google.com/amp/s/news.example.com/x'),
      'https://news-example-com.cdn.ampproject.org',
    );
    assert.equal(
      origin('https://www.bing.com/amp/s/news.example.com/x'),
      'https://news-example-com.www.bing-amp.com',
    );
    assert.equal(
      origin('https://news.example.com/x'),
      'https://news-example-com.cdn.ampproject.org',
    );
    assert.equal(
      origin('https://news-example-com.cdn.ampproject.org/c/s/news.example.com/x'),
      'https://news-example-com.cdn.ampproject.org',
    );
    assert.equal(
      origin('https://cdn.ampproject.org/c/s/news.example.com/x'),
      'https://news-example-com.cdn.ampproject.org',
    );
    assert.match(
      cacheOriginOf('https://cdn.ampproject.org/v0.js', settings).error ?? '',
      /no AMP Cache origin/,
    );
    // The hover's forms of a viewer URL carry it too.
    const forms = computeForms('https://www.google.com/amp/s/news.example.com/x', settings);
    const row = forms.forms.find((f) => f.id === 'cacheOrigin');
    assert.equal(row?.value, 'https://news-example-com.cdn.ampproject.org');
    assert.equal(row.label, 'Google AMP Cache origin');
  });
});

describe('summary: Insert reports what it did (issue 21)', () => {
  it('"Inserted", not "Replaced"', () => {
    assert.equal(summaryMessage({ changed: 1, skipped: [], verb: 'insert' }), 'Inserted 1 URL');
    assert.equal(summaryMessage({ changed: 2, skipped: [], verb: 'insert' }), 'Inserted 2 URLs');
    assert.equal(
      summaryMessage({ changed: 0, skipped: [{ url: 'x', reason: 'no' }], verb: 'insert' }),
      'Nothing inserted: no',
    );
    assert.equal(summaryMessage({ changed: 1, skipped: [] }), 'Replaced 1 URL');
  });
});
