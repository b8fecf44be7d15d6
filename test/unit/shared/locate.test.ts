// urlNear and windowAround (src/shared/locate.ts): the URL under the cursor on a huge line.
import * as assert from 'node:assert/strict';
import { urlNear, windowAround } from '../../../src/shared/locate';

const PUB = 'https://example.com/amp_document.html';

describe('locate: a URL in a window of a line', () => {
  it('locates the URL in a window of a huge line and refuses one cut by the window', () => {
    const line = `${'x '.repeat(500_000)}${PUB} ${'y '.repeat(500_000)}`;
    const at = line.indexOf('example');
    const w = windowAround(line.length, at);
    const found = urlNear(line.slice(w.start, w.end), w.start, line.length, at);
    assert.deepEqual(found && { start: found.start, text: found.text }, {
      start: line.indexOf(PUB),
      text: PUB,
    });
    const long = `https://example.com/${'a'.repeat(20_000)}`;
    const w2 = windowAround(long.length, 15_000);
    assert.equal(urlNear(long.slice(w2.start, w2.end), w2.start, long.length, 15_000), undefined);
  });
});
