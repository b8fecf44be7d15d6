import * as assert from 'node:assert/strict';
import { userAsksOnSave } from '../../../src/extension/logic/code-action-offers';
import { shortenMiddle as shortenAnyMiddle } from '../../../src/extension/logic/escape';
import {
  MAX_MESSAGE_URL,
  MESSAGE_URL_HEAD,
  problemMessage,
} from '../../../src/extension/logic/problem-message';

/** The shortening problemMessage applies to the URL it shows. */
const shortenMiddle = (text: string, max = MAX_MESSAGE_URL): string =>
  shortenAnyMiddle(text, max, MESSAGE_URL_HEAD);

describe('problem message', () => {
  it('names the publisher URL the quick fix writes', () => {
    assert.equal(
      problemMessage('cacheToPublisher', 'https://example.com/a'),
      'AMP Cache URL: use the publisher URL https://example.com/a',
    );
    assert.equal(
      problemMessage('viewerToPublisher', 'https://example.com/a'),
      'AMP viewer URL: use the publisher URL https://example.com/a',
    );
  });

  it('shortens a long URL in the middle, keeping the host and the end', () => {
    const url = `https://example.com/${'a'.repeat(500)}/end.html`;
    const shown = shortenMiddle(url);
    assert.equal(shown.length, MAX_MESSAGE_URL);
    assert.ok(shown.startsWith('https://example.com/aaa'));
    assert.ok(shown.endsWith('aaa/end.html'));
    assert.equal(shown.split('…').length, 2);
    assert.equal(shortenMiddle('https://example.com/'), 'https://example.com/');
  });

  it('never splits a surrogate pair', () => {
    const url = `https://example.com/${'😀'.repeat(200)}`;
    for (const max of [10, 11, 12, 13, 120, 121]) {
      const shown = shortenMiddle(url, max);
      assert.ok(shown.length <= max);
      assert.ok(
        !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(shown),
        shown,
      );
    }
  });

  it('shows Bidi and invisible characters as code points', () => {
    const msg = problemMessage('cacheToPublisher', 'https://example.com/\u202Egnp.exe\u200B');
    assert.ok(msg.includes('⟨U+202E⟩') && msg.includes('⟨U+200B⟩'), msg);
    assert.ok(!/[\u202e\u200b]/.test(msg));
  });
});

describe('codeActionsOnSave: does the user ask for a kind', () => {
  const KIND = 'source.fixAll.ampUrl';
  it('explicit, always and the legacy true ask; never and false do not', () => {
    assert.equal(userAsksOnSave([undefined, { [KIND]: 'explicit' }], KIND), true);
    assert.equal(userAsksOnSave([{ [KIND]: 'always' }], KIND), true);
    assert.equal(userAsksOnSave([{ [KIND]: true }], KIND), true);
    assert.equal(userAsksOnSave([{ [KIND]: 'never' }], KIND), false);
    assert.equal(userAsksOnSave([{ [KIND]: false }], KIND), false);
    assert.equal(userAsksOnSave([[KIND]], KIND), true, 'the older array form');
  });

  it('nothing said, another kind, or a junk value: no', () => {
    assert.equal(userAsksOnSave([undefined, undefined], KIND), false);
    assert.equal(userAsksOnSave([{ 'source.organizeImports': 'explicit' }], KIND), false);
    assert.equal(userAsksOnSave(['source.fixAll.ampUrl', 42, null], KIND), false);
    assert.equal(userAsksOnSave([{ 'source.fixAll': 'explicit' }], KIND), false);
  });

  it('the language-specific value (first) decides over the general one', () => {
    assert.equal(userAsksOnSave([{ [KIND]: 'never' }, { [KIND]: 'explicit' }], KIND), false);
    assert.equal(userAsksOnSave([{ other: 'explicit' }, { [KIND]: 'explicit' }], KIND), true);
  });
});
