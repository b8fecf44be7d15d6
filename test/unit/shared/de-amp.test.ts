// De-AMP decisions (vscode-free): viewer URLs classified apart, every shape reversed with its
// notes, non-AMP URLs left with a reason, and the notes in the summary line.
import * as assert from 'node:assert/strict';
import { classify } from '../../../src/shared/classify';
import { planEdits } from '../../../src/shared/plan-edits';
import { readSettings } from '../../../src/shared/settings';
import { summaryMessage } from '../../../src/shared/summary';
import { deAmpTransform, makeTransform } from '../../../src/shared/transforms';
import { applyEdits } from '../../shared/apply-edits';

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
    const plan = planEdits(text, [{ start: 0, end: text.length }], deAmpTransform(settings));
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
