// Which files `amp-url check` reads: the files git would track under the paths given. The
// repository's ignore files are read as the workspace commands read them (IgnoreRules: .gitignore
// and .ignore in every folder, .git/info/exclude at the root, git's rules), --include/--exclude
// are globs as in the workspace commands' inputs, and the walk never leaves the repository:
// symlinks are not followed (reported), and only regular files are listed (FIFOs and devices
// are reported, never opened).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GIT_INFO_EXCLUDE, IGNORE_FILE_NAMES, IgnoreRules } from '../shared/ignore-files';
import { decodeText } from '../shared/workspace-plan';
import { UsageError, quoteArg } from './args';

/** The root of the git work tree holding `dir` (a `.git` folder or file), or `dir` itself. */
export function repositoryRoot(dir: string): string {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return path.resolve(dir);
  }
}

/** The repository's `info/exclude` (a worktree's `.git` file points to its git directory). */
function gitInfoExclude(root: string): string | undefined {
  let gitDir = path.join(root, '.git');
  try {
    if (fs.lstatSync(gitDir).isFile()) {
      const m = /^gitdir: (.+)$/m.exec(fs.readFileSync(gitDir, 'utf8'));
      if (!m) return undefined;
      gitDir = path.resolve(root, m[1].trim());
      const common = path.join(gitDir, 'commondir');
      if (fs.existsSync(common))
        gitDir = path.resolve(gitDir, fs.readFileSync(common, 'utf8').trim());
    }
    return readSmallText(
      path.join(gitDir, path.basename(GIT_INFO_EXCLUDE)),
      path.join(gitDir, 'info'),
    );
  } catch {
    return undefined;
  }
}

/** A small ignore file's text (regular files only, at most 1 MB), or undefined. */
function readSmallText(file: string, dir?: string): string | undefined {
  const p = dir ? path.join(dir, path.basename(file)) : file;
  try {
    const st = fs.lstatSync(p);
    if (!st.isFile() || st.size > 1_000_000) return undefined;
    return decodeText(fs.readFileSync(p)).text;
  } catch {
    return undefined;
  }
}

export interface SelectOptions {
  include: readonly string[];
  exclude: readonly string[];
  cwd: string;
  onSkip: (path: string, reason: string) => void;
}

/**
 * Repository-relative paths (sorted, `/`-separated) of the files to check under `paths`. A
 * file named explicitly is checked even when ignored (a pre-commit hook names staged files), but
 * still only when it is a regular file inside the repository.
 */
export function selectFiles(root: string, paths: readonly string[], o: SelectOptions): string[] {
  const rules = new IgnoreRules();
  const exclude = gitInfoExclude(root);
  if (exclude) rules.add('', GIT_INFO_EXCLUDE, exclude);
  const include = o.include.length ? o.include.map(globToRegExp) : undefined;
  const excluded = o.exclude.map(globToRegExp);
  const wanted = (rel: string) =>
    (!include || include.some((r) => r.test(rel))) && !excluded.some((r) => r.test(rel));
  const out = new Set<string>();
  const loadedDirs = new Set<string>();
  const loadIgnoreFiles = (rel: string) => {
    if (loadedDirs.has(rel)) return;
    loadedDirs.add(rel);
    for (const name of IGNORE_FILE_NAMES) {
      const text = readSmallText(path.join(root, rel, name));
      if (text) rules.add(rel, name, text);
    }
  };
  // The ignore files of every folder above a starting path apply to it too.
  const loadAbove = (rel: string) => {
    const parts = rel === '' ? [] : rel.split('/');
    for (let i = 0; i <= parts.length; i++) loadIgnoreFiles(parts.slice(0, i).join('/'));
  };
  const walk = (rel: string) => {
    loadIgnoreFiles(rel);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch (e) {
      o.onSkip(rel || '.', `unreadable folder (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name === '.git' || rules.ignoresDirectory(child)) continue;
        walk(child);
      } else if (rules.ignores(child) || !wanted(child)) continue;
      else if (e.isFile()) out.add(child);
      else if (e.isSymbolicLink()) o.onSkip(child, 'a symbolic link: not followed');
      else o.onSkip(child, 'not a regular file (FIFO, socket or device): not opened');
    }
  };
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
    if (st.isDirectory()) {
      loadAbove(rel);
      if (rel === '' || !rules.ignoresDirectory(rel)) walk(rel);
    } else if (st.isFile()) {
      if (wanted(rel)) out.add(rel);
    } else
      o.onSkip(rel, st.isSymbolicLink() ? 'a symbolic link: not followed' : 'not a regular file');
  }
  return [...out].sort();
}

/**
 * A glob as the workspace commands' include and exclude inputs read it (VS Code's glob syntax):
 * `**` any folders, `*` and `?` within a name, `{a,b}` alternatives, `[...]` a class; a glob
 * without a slash matches a name in any folder, as in VS Code's search inputs.
 */
export function globToRegExp(glob: string): RegExp {
  let g = glob.replace(/^\.\//, '');
  if (!g.includes('/')) g = `**/${g}`;
  let re = '';
  let depth = 0;
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      const slash = g[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      depth++;
      re += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      re += ')';
    } else if (c === ',' && depth > 0) re += '|';
    else if (c === '[') {
      const close = g.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        const body = g
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = close;
      }
    } else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  // A folder matches everything in it (`docs` or `docs/**`).
  return new RegExp(`^${re}(?:/.*)?$`);
}
