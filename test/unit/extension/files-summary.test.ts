import * as assert from 'node:assert/strict';
import { filesSummary } from '../../../src/extension/logic/files-summary';

describe('the workspace dialog’s files', () => {
  it('names the first five, then counts the rest per top folder, largest first', () => {
    const paths = ['z.md', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'site/x.html', 'site/y.html'];
    paths.push('docs/d.md', 'docs/e.md', 'a.md', 'src/q.ts');
    assert.deepEqual(filesSummary(paths), {
      named: ['a.md', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md'],
      counts: [
        ['site/', 2],
        ['', 1],
        ['docs/', 1],
        ['src/', 1],
      ],
    });
    assert.deepEqual(filesSummary(['one.md']), { named: ['one.md'], counts: [] });
  });
});
