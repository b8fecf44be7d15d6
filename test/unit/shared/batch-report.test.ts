import * as assert from 'node:assert/strict';
import {
  inertPath,
  inert,
  oneLine,
  place,
  quietCounts,
  reportLines,
  skipSection,
} from '../../../src/shared/batch-report';

describe('batch report (the "AMP URL" output channel, issue 21)', () => {
  it('a file name with a line break, CR or Bidi control gives one line, never a forged location (issue 26)', () => {
    const name = 'a\n  /etc/passwd:1:1  x\r\u202egnp.md';
    const shown = inertPath(name);
    assert.equal(shown, 'a⟨U+000A⟩  /etc/passwd:1:1  x⟨U+000D⟩⟨U+202E⟩gnp.md');
    const lines = reportLines(['t'], [{ title: 'Files', items: [{ where: shown, text: '' }] }]);
    assert.deepEqual(lines, ['t', 'Files (1):', `  ${shown}  `]);
    // Never shortened, however long: a path is named whole.
    assert.equal(inertPath('d/'.repeat(400)), 'd/'.repeat(400));
  });

  it('places a change as path:line:column, 1-based (what the output view links)', () => {
    assert.equal(place('/w/docs/a.md', 0, 0), '/w/docs/a.md:1:1');
    assert.equal(place('/w/docs/a.md', 11, 4), '/w/docs/a.md:12:5');
  });

  it('makes document text inert: no line break or invisible character reaches the report', () => {
    const url = 'https://a.example/x\n/w/evil.md:1:1\u202e\u0000';
    const shown = inert(url);
    assert.ok(!/[\n\u202e\u0000]/.test(shown), shown);
    assert.match(shown, /⟨U\+000A⟩.*⟨U\+202E⟩⟨U\+0000⟩$/);
    const long = `https://a.example/${'x'.repeat(10_000)}`;
    assert.ok(inert(long).length < 320);
    assert.match(inert(long), /…x+ \(10018\)$/);
  });

  it('lists each skip at its place and counts the quiet ones instead', () => {
    const skips = [
      { url: 'https://a.example/', reason: 'not an AMP URL', at: 0, quiet: true },
      { url: 'https://b.example/', reason: 'not an AMP URL', at: 20, quiet: true },
      { url: 'https://x.cdn.ampproject.org', reason: 'an AMP Cache origin', at: 40 },
    ];
    assert.deepEqual(
      skipSection('Left', skips, (o) => `f:${o}`),
      {
        title: 'Left',
        items: [{ where: 'f:40', text: 'https://x.cdn.ampproject.org: an AMP Cache origin' }],
        total: 1,
      },
    );
    // 100,000 notes: only the first are made into lines, the rest counted.
    const many = Array.from({ length: 100_000 }, (_, i) => ({ url: `u${i}`, reason: 'r', at: i }));
    const section = skipSection('Notes', many, String, 3);
    assert.equal(section.items.length, 3);
    assert.deepEqual(reportLines([], [section]).slice(-1), ['  … and 99997 more']);
    assert.deepEqual(quietCounts(skips), ['2 URLs left as they are: not an AMP URL']);
  });

  it('writes sections with their counts, leaves out empty ones and cuts long ones', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ where: `f:${i + 1}:1`, text: `u${i}` }));
    assert.deepEqual(
      reportLines(
        ['Title', 'Replaced 5 URLs'],
        [
          { title: 'Changed', items },
          { title: 'Empty', items: [] },
        ],
        undefined,
        3,
      ),
      [
        'Title',
        'Replaced 5 URLs',
        'Changed (5):',
        '  f:1:1  u0',
        '  f:2:1  u1',
        '  f:3:1  u2',
        '  … and 2 more',
      ],
    );
  });

  it('keeps the notification to the counts that mean something', () => {
    assert.equal(
      oneLine(['Replaced 3 URLs', false, undefined, '', '1 left']),
      'Replaced 3 URLs; 1 left',
    );
  });
});
