// The ignore files' rules (ripgrep's git rules): git's own documented examples (gitignore(5)),
// nested files, `.ignore` beside `.gitignore`, the hostile lines of issue 20, and the same
// answers as the `ignore` package (the matcher ESLint uses) on ordinary patterns.
import * as assert from 'node:assert/strict';
import ignore from 'ignore';
import * as fc from 'fast-check';
import {
  GIT_INFO_EXCLUDE,
  IgnoreRules,
  parseIgnoreFile,
} from '../../../../src/shared/workspace-files';

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

  it('a literal `!` and `#` are escaped with a backslash; trailing spaces need one too', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', '\\!important.txt\n\\#hash.md\ntrail.md   \nkeep\\ \n');
    assert.deepEqual(
      kept(rules, ['!important.txt', 'important.txt', '#hash.md', 'trail.md', 'keep ', 'keep']),
      ['important.txt', 'keep'],
    );
  });
});

describe('hostile ignore lines (issue 20)', () => {
  it('`build,**` is one pattern (names starting with "build,"), not "everything"', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', 'build,**\n');
    assert.deepEqual(kept(rules, ['a.md', 'src/b.md', 'build,1', 'x/build,old.md']), [
      'a.md',
      'src/b.md',
    ]);
  });

  it('`*.{log` is refused as ripgrep refuses it, and the other lines still apply', () => {
    const parsed = parseIgnoreFile('*.{log\n*.tmp\n[abc\n');
    assert.deepEqual(
      parsed.problems.map((p) => [p.line, p.problem]),
      [
        [1, 'invalid'],
        [3, 'invalid'],
      ],
    );
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', '*.{log\n*.tmp\n');
    assert.deepEqual(kept(rules, ['a.log', 'a.tmp', 'a.{log']), ['a.log', 'a.{log']);
  });

  it('braces alternate, as in ripgrep', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', '*.{log,tmp}\n');
    assert.deepEqual(kept(rules, ['a.log', 'a.tmp', 'a.md']), ['a.md']);
  });

  it('a negation and `a/` + fourteen `**/` + `b` against a folder 19 levels deep', () => {
    const rules = new IgnoreRules();
    rules.add('', '.gitignore', `!keep.md\na/${'**/'.repeat(14)}b\n`);
    const deep = `a/${Array.from({ length: 19 }, (_, i) => `d${i}`).join('/')}`;
    assert.equal(rules.ignores(`${deep}/c.md`), false);
    assert.equal(rules.ignores(`${deep}/b`), true);
    assert.equal(rules.ignores(`${deep}/b/c.md`), true);
    assert.equal(rules.ignores('a/b'), true);
  });

  it('a line past the limits is reported, not applied', () => {
    const parsed = parseIgnoreFile(`${'x'.repeat(2000)}\nok.md\n`);
    assert.deepEqual(
      parsed.problems.map((p) => p.problem),
      ['tooComplex'],
    );
    assert.equal(parsed.rules.length, 1);
  });
});

describe('the same answers as the `ignore` package on ordinary patterns', () => {
  const name = fc.constantFrom('a', 'b', 'c.md', 'd.log', '.x', 'ab');
  const piece = fc.constantFrom(
    'a',
    'b',
    '*',
    '*.md',
    '*.log',
    '?',
    'a*',
    '**',
    'c.md',
    '.x',
    '[ab]',
  );
  const line = fc
    .tuple(
      fc.boolean(),
      fc.boolean(),
      fc.array(piece, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    )
    .map(
      ([neg, lead, parts, dir]) =>
        `${neg ? '!' : ''}${lead ? '/' : ''}${parts.join('/')}${dir ? '/' : ''}`,
    );
  it('random lines, random file paths', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.array(name, { minLength: 1, maxLength: 4 }),
        (lines, segs) => {
          const text = lines.join('\n');
          const ours = new IgnoreRules();
          ours.add('', '.gitignore', text);
          // Git never looks inside an ignored folder: check each folder of the path, then the file.
          const ref = ignore().add(text);
          const expected = segs.some((_, i) =>
            i < segs.length - 1
              ? ref.ignores(`${segs.slice(0, i + 1).join('/')}/`)
              : ref.ignores(segs.join('/')),
          );
          assert.equal(
            ours.ignores(segs.join('/')),
            expected,
            `${JSON.stringify(text)} ${segs.join('/')}`,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
