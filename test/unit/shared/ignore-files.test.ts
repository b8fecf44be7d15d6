// The ignore files of the workspace commands when a negation (`!x`) rules out exclude globs:
// git's own documented examples (gitignore(5)), nested files, `.ignore` beside `.gitignore`.
import * as assert from 'node:assert/strict';
import {
  GIT_INFO_EXCLUDE,
  IgnoreRules,
  hasNegation,
  ignoreFileAt,
} from '../../../src/shared/ignore-files';

/** The paths of `paths` that `rules` leave in. */
function kept(rules: IgnoreRules, paths: string[]): string[] {
  return paths.filter((p) => !rules.ignores(p));
}

describe('ignore files with negations (git rules)', () => {
  it('gitignore(5): "exclude everything except directory foo/bar"', () => {
    const rules = new IgnoreRules();
    rules.add(
      '',
      '.gitignore',
      '# exclude everything except directory foo/bar\n/*\n!/foo\n/foo/*\n!/foo/bar\n',
    );
    assert.deepEqual(
      kept(rules, ['top.md', 'foo/baz.md', 'foo/bar/x.md', 'foo/bar/y/z.md', 'other/a.md']),
      ['foo/bar/x.md', 'foo/bar/y/z.md'],
    );
  });

  it('gitignore(5): a file under an excluded directory cannot be re-included', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', 'dist/\n!dist/keep.md\nbuild/*\n!build/keep.md\n');
    assert.deepEqual(kept(rules, ['dist/keep.md', 'dist/a.js', 'build/keep.md', 'build/a.js']), [
      'build/keep.md',
    ]);
    // Not even by an ignore file inside the excluded directory (git never reads it).
    rules.add('dist', '.gitignore', '!keep.md\n');
    assert.equal(rules.ignores('dist/keep.md'), true);
  });

  it('a deeper file overrides a shallower one, each anchored at its own folder', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', '*.log\n/root-only.txt\n');
    rules.add('site/logs', '.gitignore', '!keep.log\n');
    assert.deepEqual(
      kept(rules, [
        'a.log',
        'site/logs/keep.log',
        'site/logs/drop.log',
        'site/keep.log',
        'root-only.txt',
        'site/root-only.txt',
      ]),
      ['site/logs/keep.log', 'site/root-only.txt'],
    );
  });

  it('reads .ignore after .gitignore in the same folder (ripgrep: .ignore wins)', () => {
    const rules = new IgnoreRules();
    rules.add('docs', '.ignore', '!draft.md\n');
    rules.add('docs', '.gitignore', 'draft.md\nold/\n');
    assert.deepEqual(kept(rules, ['docs/draft.md', 'docs/old/a.md', 'docs/a.md']), [
      'docs/draft.md',
      'docs/a.md',
    ]);
  });

  it('.git/info/exclude applies from the root, below every .gitignore (gitignore(5) precedence)', () => {
    const rules = new IgnoreRules();
    rules.add('', GIT_INFO_EXCLUDE, '*.log\n!local.tmp\n');
    rules.add('', '.gitignore', '!keep.log\n*.tmp\n');
    assert.deepEqual(kept(rules, ['a.log', 'keep.log', 'sub/b.log', 'local.tmp', 'a.md']), [
      'keep.log',
      'a.md',
    ]);
    // A deeper .gitignore overrides it too.
    rules.add('sub', '.gitignore', '!b.log\n');
    assert.equal(rules.ignores('sub/b.log'), false);
  });

  it('never throws on odd paths: they are simply not ignored', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', '*\n!*.md\n');
    for (const p of ['', '.', './a.md', '../x.md', '/abs.md', 'a//b.md'])
      assert.doesNotThrow(() => rules.ignores(p), p);
    assert.equal(rules.ignores('a.txt'), true);
    assert.equal(rules.ignores('./a.md'), false);
  });

  it('tells a negation from a literal `!`', () => {
    assert.equal(hasNegation('dist/\n!dist/keep.md\n'), true);
    assert.equal(hasNegation('dist/\r\n!keep\r\n'), true);
    assert.equal(hasNegation('\\!important.txt\n# !comment\n a!b\n'), false);
  });
});

describe('ignoreFileAt: an ignore file and its folder from a workspace-relative path', () => {
  it('at the root, nested, and in a folder whose name starts with a dot', () => {
    assert.deepEqual(ignoreFileAt('.gitignore'), { dir: '', name: '.gitignore' });
    assert.deepEqual(ignoreFileAt('a/b/.ignore'), { dir: 'a/b', name: '.ignore' });
    // Was `github`: the leading dot of a folder at the root was taken for a `./` prefix.
    assert.deepEqual(ignoreFileAt('.github/.gitignore'), { dir: '.github', name: '.gitignore' });
    assert.deepEqual(ignoreFileAt('./docs/.gitignore'), { dir: 'docs', name: '.gitignore' });
  });

  it('no other file', () => {
    for (const rel of ['a.gitignore', 'x/.gitignore.bak', 'gitignore', '.git/info/exclude', ''])
      assert.equal(ignoreFileAt(rel), undefined, rel);
  });
});
