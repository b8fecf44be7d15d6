// The ignore files the Search view honours (`search.useIgnoreFiles`: `.gitignore`, `.ignore` and
// the repository's `.git/info/exclude`), read as git and ripgrep read them, for the workspace
// commands. Most folders' files have no negation (`!x`): their lines become exclude globs that
// findFiles applies while it searches (gitignoreGlobs in workspace-plan.ts). A negation can't be
// an exclude glob, so when a folder has one, its ignore files are matched here instead, file by
// file, with the `ignore` package (the matcher ESLint uses), which follows git's rules: last
// matching line wins, `!x` re-includes, and a file under an excluded directory stays excluded.
import ignore, { type Ignore } from 'ignore';

/** The ignore files found in any folder, in the order their rules apply there (`.ignore` wins). */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore'] as const;
export type IgnoreFileName = (typeof IGNORE_FILE_NAMES)[number];

/**
 * The repository's own exclude file, read when the workspace folder is the repository's root:
 * its lines apply from that root, below every `.gitignore` (git and ripgrep give it the lowest
 * priority of the three).
 */
export const GIT_INFO_EXCLUDE = '.git/info/exclude';
export type IgnoreSource = typeof GIT_INFO_EXCLUDE | IgnoreFileName;
const RULE_ORDER: readonly IgnoreSource[] = [GIT_INFO_EXCLUDE, ...IGNORE_FILE_NAMES];

/**
 * The ignore file at `rel` (a path relative to the workspace folder, as `asRelativePath` gives
 * it) and its folder ('' for the workspace folder, `.github` for `.github/.gitignore`), or
 * undefined for any other file.
 */
export function ignoreFileAt(rel: string): { dir: string; name: IgnoreFileName } | undefined {
  const path = rel.replace(/^(?:\.\/)+/, '');
  const name = IGNORE_FILE_NAMES.find((n) => path === n || path.endsWith(`/${n}`));
  if (!name) return undefined;
  return { dir: path.slice(0, path.length - name.length).replace(/^\/+|\/+$/g, ''), name };
}

/** Whether an ignore file's text has a negation line (`!x`; `\!x` is a literal `!`). */
export function hasNegation(content: string): boolean {
  return /^!/m.test(content);
}

/** The ignore files of one workspace folder, matched as git does. */
export class IgnoreRules {
  private readonly texts = new Map<string, Partial<Record<IgnoreSource, string>>>();
  private compiled: { dir: string; rules: Ignore }[] | undefined;

  /** Adds the ignore file `name` of folder `dir` ('' for the workspace folder, else `a/b`). */
  add(dir: string, name: IgnoreSource, content: string): void {
    const key = dir.replace(/^\/+|\/+$/g, '');
    this.texts.set(key, { ...this.texts.get(key), [name]: content });
    this.compiled = undefined;
  }

  /**
   * Whether `path` (relative to the workspace folder, `/`-separated) is ignored: each of its
   * directories first (an ignored directory's files can't be re-included, as in git), then the
   * file; for each, the deepest ignore file with a matching line decides.
   */
  ignores(path: string): boolean {
    const parts = path.split('/').filter((p) => p !== '' && p !== '.');
    for (let depth = 1; depth <= parts.length; depth++) {
      const isDir = depth < parts.length;
      if (this.decides(parts.slice(0, depth).join('/'), isDir)) return true;
    }
    return false;
  }

  private decides(path: string, isDir: boolean): boolean {
    let ignored = false;
    for (const { dir, rules } of this.rules()) {
      if (dir !== '' && !path.startsWith(`${dir}/`)) continue;
      const rel = (dir === '' ? path : path.slice(dir.length + 1)) + (isDir ? '/' : '');
      const r = safeTest(rules, rel);
      if (r.ignored) ignored = true;
      else if (r.unignored) ignored = false;
    }
    return ignored;
  }

  /** The rules by folder, shallowest first, so a deeper folder's file overrides. */
  private rules(): { dir: string; rules: Ignore }[] {
    this.compiled ??= [...this.texts]
      .map(([dir, files]) => ({
        dir,
        rules: ignore().add(RULE_ORDER.map((n) => files[n] ?? '').join('\n')),
      }))
      .sort((a, b) => depthOf(a.dir) - depthOf(b.dir));
    return this.compiled;
  }
}

const depthOf = (dir: string): number => (dir === '' ? 0 : dir.split('/').length);

/** `ignore` throws on paths it calls invalid (`..`, absolute): those are not ignored. */
function safeTest(rules: Ignore, path: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(path);
  } catch {
    return { ignored: false, unignored: false };
  }
}
