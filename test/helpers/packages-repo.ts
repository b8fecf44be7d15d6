// A repository of many packages, each with a 10-line .gitignore (issue 20: a listing that must
// not block the editor nor build a command line from ignore lines). The walker's unit test
// (test/unit/cli/node-fs.test.ts), the workspace command's real-VS Code test
// (ext-workspace-hostile.test.ts) and `npm run bench -- walk` (bench/workspace/listing.ts) all
// build it from here.

/** What a file of a package is to its .gitignore: listed (`source`, `kept`) or ignored. */
export type PackageFile = 'source' | 'built' | 'kept' | 'dropped';

/** Package `i`'s .gitignore: ignores dist/ and *.log but keeps keep.log, among lines that match nothing here. */
function ignoreLines(i: number): string[] {
  return [
    'dist/',
    '*.log',
    'coverage/',
    '.cache/',
    `tmp-${i}/`,
    '!keep.log',
    '# c',
    'out',
    '*.bak',
    'node_modules/',
  ];
}

/**
 * The files of `count` packages, `packages/p<i>/`, as [path, content]: a .gitignore, then
 * src/index.md and keep.log (listed), dist/built.md and drop.log (ignored), each holding
 * `text(what it is)`.
 */
export function packagesRepo(
  count: number,
  text: (file: PackageFile) => string,
): [string, string][] {
  const files: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const dir = `packages/p${i}`;
    files.push(
      [`${dir}/.gitignore`, ignoreLines(i).join('\n')],
      [`${dir}/src/index.md`, text('source')],
      [`${dir}/dist/built.md`, text('built')],
      [`${dir}/keep.log`, text('kept')],
      [`${dir}/drop.log`, text('dropped')],
    );
  }
  return files;
}
