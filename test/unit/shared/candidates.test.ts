// documentHosts (src/shared/candidates.ts): the hosts a document names, bounded.
import * as assert from 'node:assert/strict';
import { documentHosts } from '../../../src/shared/candidates';

describe('candidates: the hosts of a document', () => {
  it('collects distinct hosts of the document, bounded', () => {
    assert.deepEqual(documentHosts('a https://A.com/x www.b.org https://a.com/y'), [
      'a.com',
      'www.b.org',
    ]);
    assert.equal(
      documentHosts(Array.from({ length: 50 }, (_, i) => `https://h${i}.com/`).join(' '), 1e6, 10)
        .length,
      10,
    );
  });
});
