// Which files `amp-url check` reads: the files git would track under the paths given, listed by
// the workspace walker every front end shares (src/shared/workspace-files: .gitignore, .ignore
// and .git/info/exclude with git's rules, VS Code globs for --include/--exclude, no symbolic link
// followed, regular files only) over Node's file system (node-fs.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  compileGlob,
  globMatches,
  walkFiles,
  type WalkSkipReason,
} from '../shared/workspace-files';
import { UsageError, quoteArg } from './args';
import { nodeWalkFileSystem } from './node-fs';

/** The root of the git work tree holding `dir` (a `.git` folder or file), or `dir` itself. */
export function repositoryRoot(dir: string): string {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return path.resolve(dir);
  }
}

export const WALK_SKIP_REASONS: Record<WalkSkipReason, string> = {
  symlinkOutside: 'a symbolic link out of the repository: not followed',
  symlinkInside: 'a symbolic link: not followed (its target is checked under its own path)',
  symlink: 'a symbolic link: not followed',
  special: 'not a regular file (FIFO, socket or device): not opened',
  unreadableFolder: 'a folder that could not be read',
};

/**
 * What VS Code's files.exclude leaves out by default (the workspace commands pass it to the walk
 * too): version control folders and the system's folder metadata.
 */
export const DEFAULT_EXCLUDES = [
  '**/.git',
  '**/.svn',
  '**/.hg',
  '**/CVS',
  '**/.DS_Store',
  '**/Thumbs.db',
] as const;

/**
 * The same, as names: each of those globs is `**` and a name, which matches a path exactly
 * when one of its segments is that name (globs compare case-sensitively), and the walk does not go
 * into a folder it leaves out. So leaving these names out of every listing lists the same files
 * and skips, without matching six globs against every path (a third of the walk's CPU time).
 */
const DEFAULT_EXCLUDED_NAMES = new Set(DEFAULT_EXCLUDES.map((g) => g.slice('**/'.length)));

export interface SelectOptions {
  include: readonly string[];
  exclude: readonly string[];
  cwd: string;
  onSkip: (path: string, reason: string) => void;
}

/**
 * Repository-relative paths (sorted, `/`-separated) of the files to check under `paths`. A file
 * named explicitly is checked even when ignored (a pre-commit hook names the staged files) but,
 * as every file, only when it is a regular file inside the repository.
 */
export async function selectFiles(
  root: string,
  paths: readonly string[],
  o: SelectOptions,
): Promise<string[]> {
  const folders: string[] = [];
  const named: string[] = [];
  for (const p of paths) {
    const abs = path.resolve(o.cwd, p);
    const rel = path.relative(root, abs).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel))
      throw new UsageError(`${quoteArg(p)} is outside the repository (${root})`);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(abs);
    } catch {
      throw new UsageError(`${quoteArg(p)}: no such file or folder`);
    }
    if (st.isDirectory()) folders.push(rel);
    else if (st.isFile()) named.push(rel);
    else o.onSkip(rel, st.isSymbolicLink() ? WALK_SKIP_REASONS.symlink : WALK_SKIP_REASONS.special);
  }
  // Named files go through the same --include and --exclude as the walk's.
  const compiled = (globs: readonly string[]) =>
    globs.flatMap((g) => {
      const c = compileGlob(g);
      return c.glob ? [c.glob] : [];
    });
  const include = compiled(o.include);
  const exclude = compiled(o.exclude);
  const wanted = (f: string) =>
    (include.length === 0 || include.some((g) => globMatches(g, f))) &&
    !exclude.some((g) => globMatches(g, f));
  const out = new Set(named.filter(wanted));
  if (folders.length) {
    // The include globs filter what the walk lists (`wanted`), as they do the files named.
    const nodeFs = nodeWalkFileSystem(root);
    const listing = async (rel: string) =>
      (await nodeFs.readDirectory(rel)).filter(([name]) => !DEFAULT_EXCLUDED_NAMES.has(name));
    const walk = await walkFiles(
      { ...nodeFs, readDirectory: listing },
      { excludes: [...o.exclude], useIgnoreFiles: true },
    );
    const under = (f: string) => folders.some((d) => d === '' || f === d || f.startsWith(`${d}/`));
    for (const f of walk.files) if (under(f) && wanted(f)) out.add(f);
    for (const s of walk.skipped) if (under(s.path)) o.onSkip(s.path, WALK_SKIP_REASONS[s.reason]);
    for (const g of walk.globsNotUsed) o.onSkip(g.glob, `glob not used: ${g.problem}`);
    for (const f of walk.ignoreFilesNotRead) o.onSkip(f.path, `ignore file not read: ${f.problem}`);
  }
  return [...out].sort();
}
