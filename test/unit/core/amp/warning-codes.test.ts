// Every warning of the reverse carries a stable code, in the same order as the messages: the
// extension's review (workspace-plan.ts reviewReason) and library users decide on the codes, so a
// reworded message changes nothing they decide.
import * as assert from 'node:assert/strict';
import { reverseAmpUrl, type ReverseWarningCode } from '../../../../src/core';

function codesOf(url: string): { codes: ReverseWarningCode[]; messages: string[] } {
  const r = reverseAmpUrl(url);
  assert.equal(r.warningCodes.length, r.warnings.length, url);
  return { codes: r.warningCodes, messages: r.warnings };
}

describe('amp-reverse: warning codes', () => {
  it('names each warning with its code, in the order of the messages', () => {
    // docs/amp-hosts.md "Warnings and removed parameters": one URL per kind of warning.
    const cases: [string, ReverseWarningCode[], RegExp][] = [
      ['https://xyz.cdn.ampproject.org/c/s/www.example.com/a', ['lookalike-host'], /look-alike/],
      [
        'https://www.google.co.uk/amp/s/www.example.com/b%3foutputType=amp',
        ['encoded-query'],
        /%3F/,
      ],
      [
        'https://example-com.cdn.ampproject.org/c/s/foo/../example.com/y',
        ['dot-segments'],
        /dot segments/,
      ],
      [
        'https://www-example-com.amp.cloudflare.com/c/s/www.example.com/a',
        ['retired-cache'],
        /no longer serves pages/,
      ],
      // Issue 13's example: the path leaves /c/s/example.com/ and lands on another host's page.
      [
        'https://example-com.cdn.ampproject.org/c/s/example.com/x/../../../../c/s/evil.com/y',
        ['dot-segments', 'lookalike-host'],
        /dot segments.* look-alike/,
      ],
    ];
    for (const [url, codes, words] of cases) {
      const r = codesOf(url);
      assert.deepEqual(r.codes, codes, url);
      assert.match(r.messages.join(' '), words, url);
    }
  });

  it('has no code where there is no warning', () => {
    const r = codesOf('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html');
    assert.deepEqual(r.codes, []);
  });
});
