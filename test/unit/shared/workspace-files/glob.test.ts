// VS Code's glob dialect (files.exclude, search.exclude, the include and exclude the user types)
// and the matcher's bounded cost.
import * as assert from 'node:assert/strict';
import {
  GLOB_LIMITS,
  compileGlob,
  globMatches,
  globMayMatchBelow,
} from '../../../../src/shared/workspace-files';

function matches(glob: string, path: string): boolean {
  const c = compileGlob(glob);
  assert.ok(c.glob, `${glob}: ${c.problem}`);
  return globMatches(c.glob, path);
}

describe('workspace globs (VS Code dialect)', () => {
  it('reads the default files.exclude and search.exclude patterns', () => {
    assert.equal(matches('**/.git', '.git'), true);
    assert.equal(matches('**/.git', 'a/b/.git'), true);
    assert.equal(matches('**/.git', 'a/.gitignore'), false);
    assert.equal(matches('**/node_modules', 'packages/x/node_modules'), true);
    assert.equal(matches('**/*.code-search', 'a/b.code-search'), true);
    assert.equal(matches('**/.DS_Store', 'x/.DS_Store'), true);
  });

  it('* stays in one segment, ** crosses any number, ? is one character', () => {
    assert.equal(matches('*.md', 'a.md'), true);
    assert.equal(matches('*.md', 'docs/a.md'), false);
    assert.equal(matches('**/*.md', 'docs/a/b/a.md'), true);
    assert.equal(matches('docs/**/*.md', 'docs/a.md'), true);
    assert.equal(matches('docs/**', 'docs/a/b.txt'), true);
    assert.equal(matches('a?c', 'abc'), true);
    assert.equal(matches('a?c', 'a/c'), false);
    assert.equal(matches('a**b', 'axxb'), true, '** inside a name is *');
    assert.equal(matches('a**b', 'ax/xb'), false);
  });

  it('braces and classes', () => {
    assert.equal(matches('**/*.{md,txt}', 'a/b.txt'), true);
    assert.equal(matches('**/*.{md,txt}', 'a/b.ts'), false);
    assert.equal(matches('{src,test}/**', 'test/x.ts'), true);
    assert.equal(matches('file[0-9].md', 'file7.md'), true);
    assert.equal(matches('file[!0-9].md', 'file7.md'), false);
    assert.equal(matches('file[!0-9].md', 'filex.md'), true);
    assert.equal(matches('a,b', 'a,b'), true, 'a comma outside braces is a comma');
    assert.equal(matches('\\*.md', '*.md'), true);
    assert.equal(matches('\\*.md', 'a.md'), false);
  });

  it('tells which folders may hold a match (the walk prunes the others)', () => {
    const c = compileGlob('ws-itest/3/**');
    assert.ok(c.glob);
    assert.equal(globMayMatchBelow(c.glob, 'ws-itest'), true);
    assert.equal(globMayMatchBelow(c.glob, 'ws-itest/3'), true);
    assert.equal(globMayMatchBelow(c.glob, 'ws-itest/4'), false);
    assert.equal(globMayMatchBelow(c.glob, 'other'), false);
    const any = compileGlob('**/*.md');
    assert.ok(any.glob);
    assert.equal(globMayMatchBelow(any.glob, 'a/b/c'), true);
  });

  it('refuses what it cannot read, and what is past its limits', () => {
    assert.equal(compileGlob('*.{log').problem, 'invalid');
    assert.equal(compileGlob('[abc').problem, 'invalid');
    assert.equal(compileGlob('x'.repeat(GLOB_LIMITS.maxLength + 1)).problem, 'tooComplex');
    assert.equal(compileGlob('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}').problem, 'tooComplex');
    assert.equal(
      compileGlob(
        Array(GLOB_LIMITS.maxSegments + 1)
          .fill('a')
          .join('/'),
      ).problem,
      'tooComplex',
    );
  });

  it('matches a pathological pattern against a deep path at once (no backtracking blow-up)', () => {
    // `a/` + fourteen `**/` + `b` against 19 folders: seconds with a regular expression.
    const c = compileGlob(`a/${'**/'.repeat(14)}b`);
    assert.ok(c.glob);
    assert.equal(c.glob.alternatives[0].length, 3, 'the run of **/ is one **');
    const deep = `a/${Array.from({ length: 19 }, (_, i) => `d${i}`).join('/')}/c`;
    for (let i = 0; i < 1000; i++) assert.equal(globMatches(c.glob, deep), false);
    // Many stars in one name: linear per star, not exponential.
    const stars = compileGlob(`${'*a'.repeat(30)}b`);
    assert.ok(stars.glob);
    assert.equal(globMatches(stars.glob, 'a'.repeat(250)), false);
  });
});
