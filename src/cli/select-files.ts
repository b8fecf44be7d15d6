// Which files `amp-url check` reads: the files git would track under the paths given, listed by
// the workspace walker every front end shares (src/shared/workspace-files: .gitignore, .ignore
// and .git/info/exclude with git's rules, VS Code globs for --include/--exclude, no symbolic link
// followed, regular files only) over Node's file system (node-fs.ts). As git does, it leaves
// git submodules and nested repositories (a folder holding `.git`) to their own repository, and
// refuses a named path reached through a symbolic link.
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  compileGlob,
  globMatches,
  walkFiles,
  type GlobProblem,
  type WalkSkipReason,
} from '../shared/workspace-files';
import type { Slices } from '../shared/time-slice';
import { UsageError, quoteArg } from './args';
import { nodeWalkFileSystem } from './node-fs';

/**
 * The root of the git work tree holding `dir` (a `.git` folder or file), or `dir` itself, as a
 * real path (the paths under it are compared with real paths).
 */
export function repositoryRoot(dir: string): string {
  const real = fs.realpathSync.native(path.resolve(dir));
  for (let d = real; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return real;
  }
}

/** A path not checked, and why; `failed` when it should have been (exit 2). */
export interface Skipped {
  path: string;
  reason: string;
  failed?: boolean;
}

const NESTED_REPOSITORY =
  'a git submodule or nested repository (it holds .git): left to its own repository';
const NOT_UTF8_NAME = 'a name that is not UTF-8: not read';

const WALK_SKIP_REASONS: Record<WalkSkipReason, string> = {
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
const DEFAULT_EXCLUDES = [
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
 * and skips, without matching six globs against every path (a large share of the walk's CPU time).
 */
const DEFAULT_EXCLUDED_NAMES = new Set(DEFAULT_EXCLUDES.map((g) => g.slice('**/'.length)));

export interface SelectOptions {
  include: readonly string[];
  exclude: readonly string[];
  cwd: string;
  onSkip: (skip: Skipped) => void;
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
    if (rel === '..' || rel.startsWith('../') || path.isAbsolute(rel))
      throw new UsageError(`${quoteArg(p)} is outside the repository (${root})`);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(abs);
    } catch {
      throw new UsageError(`${quoteArg(p)}: no such file or folder`);
    }
    const link = symlinkAbove(root, rel);
    if (link !== undefined)
      throw new UsageError(
        `${quoteArg(p)} is reached through a symbolic link (${quoteArg(link)}): refused`,
      );
    const nested = nestedRepositoryAbove(root, rel);
    if (nested !== undefined) o.onSkip({ path: rel, reason: `in ${nested}: ${NESTED_REPOSITORY}` });
    else if (st.isDirectory()) folders.push(rel);
    else if (st.isFile()) named.push(rel);
    else
      o.onSkip({
        path: rel,
        reason: st.isSymbolicLink() ? WALK_SKIP_REASONS.symlink : WALK_SKIP_REASONS.special,
      });
  }
  // Named files go through the same --include and --exclude as the walk's; a glob that can't be
  // used is a usage error (left out, an --include would match every file).
  const compiled = (option: string, globs: readonly string[]) =>
    globs.map((g) => {
      const c = compileGlob(g.replace(/^(?:\.\/)+/, ''));
      if (c.glob) return c.glob;
      throw new UsageError(`${option} ${quoteArg(g)}: ${GLOB_PROBLEMS[c.problem]}`);
    });
  const include = compiled('--include', o.include);
  const exclude = compiled('--exclude', o.exclude);
  const wanted = (f: string) =>
    (include.length === 0 || include.some((g) => globMatches(g, f))) &&
    !exclude.some((g) => globMatches(g, f));
  const out = new Set(named.filter(wanted));
  if (folders.length) {
    // The include globs filter what the walk lists (`wanted`), as they do the files named.
    const nodeFs = nodeWalkFileSystem(root);
    const nested: string[] = [];
    const badNames: string[] = [];
    const listing = async (rel: string) => {
      const entries = await nodeFs.readDirectory(rel);
      if (rel !== '' && entries.some(([name]) => name === '.git')) {
        nested.push(rel);
        return [];
      }
      const bad = notUtf8Names(root, rel, entries);
      for (const name of bad) badNames.push(rel === '' ? name : `${rel}/${name}`);
      return entries.filter(([name]) => !DEFAULT_EXCLUDED_NAMES.has(name) && !bad.has(name));
    };
    const walk = await walkFiles(
      { ...nodeFs, readDirectory: listing },
      { excludes: [...o.exclude], useIgnoreFiles: true, slices: NEVER_DUE },
    );
    const under = (f: string) => folders.some((d) => d === '' || f === d || f.startsWith(`${d}/`));
    for (const f of walk.files) if (under(f) && wanted(f)) out.add(f);
    for (const s of walk.skipped)
      if (under(s.path))
        o.onSkip({
          path: s.path,
          reason: WALK_SKIP_REASONS[s.reason],
          failed: s.reason === 'unreadableFolder',
        });
    for (const d of nested) if (under(d)) o.onSkip({ path: d, reason: NESTED_REPOSITORY });
    for (const f of badNames)
      if (under(f)) o.onSkip({ path: f, reason: NOT_UTF8_NAME, failed: true });
    for (const f of walk.ignoreFilesNotRead)
      o.onSkip({ path: f.path, reason: `ignore file not read: ${f.problem}` });
  }
  return [...out].sort();
}

/**
 * The walk's slice for a process that has nothing else to run meanwhile: never used up, so the
 * walk neither pauses nor reads a clock (performance.now() would load node:perf_hooks).
 */
const NEVER_DUE: Slices = { due: () => false, pause: () => Promise.resolve() };

const GLOB_PROBLEMS: Record<GlobProblem, string> = {
  invalid: 'not a valid glob',
  tooComplex: 'too long or too complex a glob',
};

/** The first component of `rel` above its last that is a symbolic link (or not a folder). */
function symlinkAbove(root: string, rel: string): string | undefined {
  const parts = rel === '' ? [] : rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    let st: fs.Stats;
    try {
      st = fs.lstatSync(path.join(root, ...parts.slice(0, i)));
    } catch {
      return prefix;
    }
    if (!st.isDirectory()) return prefix;
  }
  return undefined;
}

/**
 * The folder strictly above `rel`, below the root, that holds `.git` (a named folder that holds
 * it itself is reported by the walk).
 */
function nestedRepositoryAbove(root: string, rel: string): string | undefined {
  const parts = rel === '' ? [] : rel.split('/');
  for (let i = 1; i < parts.length; i++)
    if (fs.existsSync(path.join(root, ...parts.slice(0, i), '.git')))
      return parts.slice(0, i).join('/');
  return undefined;
}

/**
 * The names of a listing that are not UTF-8 (Node shows them with U+FFFD, a name no open would
 * find): looked up only when a name holds U+FFFD.
 */
function notUtf8Names(
  root: string,
  rel: string,
  entries: readonly (readonly [string, unknown])[],
): Set<string> {
  const bad = new Set<string>();
  if (!entries.some(([name]) => name.includes('\uFFFD'))) return bad;
  const dir = rel === '' ? root : path.join(root, ...rel.split('/'));
  for (const raw of fs.readdirSync(dir, { encoding: 'buffer' }))
    if (!isUtf8(raw)) bad.add(raw.toString('utf8'));
  return bad;
}
