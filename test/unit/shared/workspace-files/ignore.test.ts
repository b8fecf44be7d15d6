// The ignore files' rules (ripgrep's git rules), as the walk applies them to a tree: git's own
// documented examples (gitignore(5)), nested files, `.ignore` beside `.gitignore`, the hostile
// lines of issue 20, and the same answers as the `ignore` package (the matcher ESLint uses) on
// ordinary patterns.
import * as assert from 'node:assert/strict';
import ignore from 'ignore';
import * as fc from 'fast-check';
import {
  GIT_INFO_EXCLUDE,
  isIgnored,
  parseIgnoreFile,
  walkFiles,
} from '../../../../src/shared/workspace-files';
import { memoryFs, type Tree } from '../../../helpers/memory-fs';

/** Ignore files by path (`dir/.gitignore`, `.git/info/exclude`) and their text. */
type IgnoreFiles = Record<string, string>;

/** The paths of `paths` that the walk lists in a tree of those files and `ignoreFiles`. */
async function kept(ignoreFiles: IgnoreFiles, paths: string[]): Promise<string[]> {
  const tree: Tree = {};
  const put = (path: string, text: string) => {
    const segs = path.split('/');
    let folder = tree;
    for (const s of segs.slice(0, -1)) folder = (folder[s] ??= {}) as Tree;
    folder[segs[segs.length - 1]] = text;
  };
  for (const p of paths) put(p, '');
  for (const [p, text] of Object.entries(ignoreFiles)) put(p, text);
  const listed = new Set((await walkFiles(memoryFs(tree))).files);
  return paths.filter((p) => listed.has(p));
}

/** Whether the walk leaves `path` out, in a tree of that file and `ignoreFiles`. */
async function ignores(ignoreFiles: IgnoreFiles, path: string): Promise<boolean> {
  return (await kept(ignoreFiles, [path])).length === 0;
}

describe('ignore files with negations (git rules)', () => {
  it('gitignore(5): "exclude everything except directory foo/bar"', async () => {
    const files = {
      '.gitignore': '# exclude everything except directory foo/bar\n/*\n!/foo\n/foo/*\n!/foo/bar\n',
    };
    assert.deepEqual(
      await kept(files, ['top.md', 'foo/baz.md', 'foo/bar/x.md', 'foo/bar/y/z.md', 'other/a.md']),
      ['foo/bar/x.md', 'foo/bar/y/z.md'],
    );
  });

  it('gitignore(5): a file under an excluded directory cannot be re-included', async () => {
    const files: IgnoreFiles = { '.gitignore': 'dist/\n!dist/keep.md\nbuild/*\n!build/keep.md\n' };
    assert.deepEqual(
      await kept(files, ['dist/keep.md', 'dist/a.js', 'build/keep.md', 'build/a.js']),
      ['build/keep.md'],
    );
    // Not even by an ignore file inside the excluded directory (git never reads it).
    files['dist/.gitignore'] = '!keep.md\n';
    assert.equal(await ignores(files, 'dist/keep.md'), true);
  });

  it('a deeper file overrides a shallower one, each anchored at its own folder', async () => {
    const files = {
      '.gitignore': '*.log\n/root-only.txt\n',
      'site/logs/.gitignore': '!keep.log\n',
    };
    assert.deepEqual(
      await kept(files, [
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

  it('reads .ignore after .gitignore in the same folder (ripgrep: .ignore wins)', async () => {
    const files = { 'docs/.ignore': '!draft.md\n', 'docs/.gitignore': 'draft.md\nold/\n' };
    assert.deepEqual(await kept(files, ['docs/draft.md', 'docs/old/a.md', 'docs/a.md']), [
      'docs/draft.md',
      'docs/a.md',
    ]);
  });

  it('.git/info/exclude applies from the root, below every .gitignore (gitignore(5) precedence)', async () => {
    const files: IgnoreFiles = {
      [GIT_INFO_EXCLUDE]: '*.log\n!local.tmp\n',
      '.gitignore': '!keep.log\n*.tmp\n',
    };
    assert.deepEqual(await kept(files, ['a.log', 'keep.log', 'sub/b.log', 'local.tmp', 'a.md']), [
      'keep.log',
      'a.md',
    ]);
    // A deeper .gitignore overrides it too.
    files['sub/.gitignore'] = '!b.log\n';
    assert.equal(await ignores(files, 'sub/b.log'), false);
  });

  it('never throws on odd paths: they are simply not ignored', () => {
    // The matcher the walk asks for each entry, given paths no walk makes.
    const levels = [{ dir: '', rules: parseIgnoreFile('*\n!*.md\n').rules }];
    const matches = (p: string) => isIgnored(levels, p, false);
    for (const p of ['', '.', './a.md', '../x.md', '/abs.md', 'a//b.md'])
      assert.doesNotThrow(() => matches(p), p);
    assert.equal(matches('a.txt'), true);
    assert.equal(matches('./a.md'), false);
  });

  it('a literal `!` and `#` are escaped with a backslash; trailing spaces need one too', async () => {
    const files = { '.gitignore': '\\!important.txt\n\\#hash.md\ntrail.md   \nkeep\\ \n' };
    assert.deepEqual(
      await kept(files, [
        '!important.txt',
        'important.txt',
        '#hash.md',
        'trail.md',
        'keep ',
        'keep',
      ]),
      ['important.txt', 'keep'],
    );
  });
});

describe('hostile ignore lines (issue 20)', () => {
  it('`build,**` is one pattern (names starting with "build,"), not "everything"', async () => {
    const files = { '.gitignore': 'build,**\n' };
    assert.deepEqual(await kept(files, ['a.md', 'src/b.md', 'build,1', 'x/build,old.md']), [
      'a.md',
      'src/b.md',
    ]);
  });

  it('`*.{log` is refused as ripgrep refuses it, and the other lines still apply', async () => {
    const parsed = parseIgnoreFile('*.{log\n*.tmp\n[abc\n');
    assert.deepEqual(
      parsed.problems.map((p) => [p.line, p.problem]),
      [
        [1, 'invalid'],
        [3, 'invalid'],
      ],
    );
    const files = { '.gitignore': '*.{log\n*.tmp\n' };
    assert.deepEqual(await kept(files, ['a.log', 'a.tmp', 'a.{log']), ['a.log', 'a.{log']);
  });

  it('braces alternate, as in ripgrep', async () => {
    const files = { '.gitignore': '*.{log,tmp}\n' };
    assert.deepEqual(await kept(files, ['a.log', 'a.tmp', 'a.md']), ['a.md']);
  });

  it('a negation and `a/` + fourteen `**/` + `b` against a folder 19 levels deep', async () => {
    const files = { '.gitignore': `!keep.md\na/${'**/'.repeat(14)}b\n` };
    const deep = `a/${Array.from({ length: 19 }, (_, i) => `d${i}`).join('/')}`;
    assert.equal(await ignores(files, `${deep}/c.md`), false);
    assert.equal(await ignores(files, `${deep}/b`), true);
    assert.equal(await ignores(files, `${deep}/b/c.md`), true);
    assert.equal(await ignores(files, 'a/b'), true);
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
  it('random lines, random file paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.array(name, { minLength: 1, maxLength: 4 }),
        async (lines, segs) => {
          const text = lines.join('\n');
          // Git never looks inside an ignored folder: check each folder of the path, then the file.
          const ref = ignore().add(text);
          const expected = segs.some((_, i) =>
            i < segs.length - 1
              ? ref.ignores(`${segs.slice(0, i + 1).join('/')}/`)
              : ref.ignores(segs.join('/')),
          );
          assert.equal(
            await ignores({ '.gitignore': text }, segs.join('/')),
            expected,
            `${JSON.stringify(text)} ${segs.join('/')}`,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
