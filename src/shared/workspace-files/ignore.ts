// The ignore files the Search view honours (`search.useIgnoreFiles`: `.gitignore`, `.ignore` and
// the repository's `.git/info/exclude`), read line by line as ripgrep reads them (git's rules):
// `#` comments, trailing spaces dropped unless escaped, `!x` re-includes, `x/` only folders, a
// slash before the end anchors the line to its file's folder, otherwise it matches a name at
// any depth; `*`, `?`, `[…]`, `**`, and `{a,b}` as ripgrep's glob reads it. A line ripgrep
// refuses (an unclosed `[` or `{`) is not applied, and neither is one past GLOB_LIMITS: both
// are reported. Within a folder `.ignore` overrides `.gitignore`; a deeper folder's file
// overrides a shallower one; `.git/info/exclude` is the lowest of all; the last matching line
// wins. A folder that is ignored is never entered (so a file in it can't be re-included,
// as in git).
import {
  compileGlob,
  globMatches,
  matchName,
  splitPath,
  type CompiledGlob,
  type GlobProblem,
  type SegmentToken,
} from './glob';

/** The ignore files found in any folder, in the order their rules apply there (`.ignore` wins). */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore'] as const;

/** The repository's own exclude file, read when the walk's root is the repository's root. */
export const GIT_INFO_EXCLUDE = '.git/info/exclude';

/** Ignore files larger than this are not read (and reported): real ones are a few kB. */
export const MAX_IGNORE_FILE_SIZE = 1_000_000;

/**
 * Ignore files with more lines than this are not applied (and reported): every entry of the walk
 * is matched against every line that applies to it. Real ones have tens to hundreds.
 */
export const MAX_IGNORE_LINES = 10_000;

export interface IgnoreRule {
  negated: boolean;
  /** `x/`: matches folders only. */
  dirOnly: boolean;
  /** No slash before the end: matches a name at any depth below the file's folder. */
  name?: SegmentToken[][];
  /** Anchored: matches the path relative to the file's folder. */
  path?: CompiledGlob;
}

/** A line of an ignore file that is not applied, and why. */
export interface IgnoreLineProblem {
  line: number;
  text: string;
  problem: GlobProblem;
}

/** The rules of one ignore file's text, and the lines that could not be used. */
export function parseIgnoreFile(text: string): {
  rules: IgnoreRule[];
  problems: IgnoreLineProblem[];
} {
  const rules: IgnoreRule[] = [];
  const problems: IgnoreLineProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((raw, index) => {
    const r = parseLine(raw.replace(/\r$/, ''));
    if (r === undefined) return;
    if ('problem' in r)
      problems.push({ line: index + 1, text: raw.slice(0, 200), problem: r.problem });
    else rules.push(r);
  });
  return { rules, problems };
}

function parseLine(raw: string): IgnoreRule | { problem: GlobProblem } | undefined {
  if (raw.startsWith('#')) return undefined;
  // Trailing spaces are dropped unless escaped with a backslash (`a\ `).
  let line = raw.replace(/(?<!\\)[ \t]+$/, '');
  if (line === '') return undefined;
  let negated = false;
  if (line.startsWith('!')) {
    negated = true;
    line = line.slice(1);
  }
  let dirOnly = false;
  while (line.endsWith('/') && !line.endsWith('\\/')) {
    dirOnly = true;
    line = line.slice(0, -1);
  }
  if (line === '') return undefined;
  const anchored = /(?:^|[^\\])\//.test(line) || line.startsWith('/');
  if (!anchored) {
    const c = compileGlob(line);
    if (c.problem !== undefined) return { problem: c.problem };
    // One name per alternative: a `**` alone matches any name, like `*`.
    const name = c.glob.alternatives.map((a): SegmentToken[] =>
      a.length === 1 && a[0].k === 'name' ? a[0].tokens : [{ k: 'star' }],
    );
    return { negated, dirOnly, name };
  }
  const c = compileGlob(line.replace(/^\/+/, ''), { trailingGlobstarNeedsSegment: true });
  if (c.problem !== undefined) return { problem: c.problem };
  return { negated, dirOnly, path: c.glob };
}

/** Whether `rule` matches `segs` (relative to its file's folder). */
function ruleMatches(rule: IgnoreRule, segs: readonly string[], isDir: boolean): boolean {
  if (rule.dirOnly && !isDir) return false;
  if (rule.name) {
    const last = segs[segs.length - 1];
    return rule.name.some((tokens) => matchName(tokens, last));
  }
  return rule.path !== undefined && globMatches(rule.path, segs);
}

/** The rules of one folder (its ignore files, in priority order), '' for the walk's root. */
export interface IgnoreLevel {
  dir: string;
  rules: readonly IgnoreRule[];
}

/**
 * Whether `path` (relative to the root, `/`-separated) is ignored by the levels that apply to it
 * (its folder's and its ancestors', shallowest first): the last matching line of the deepest
 * level with one decides. Its ancestors are not checked here: the walk never enters an ignored
 * folder.
 */
export function isIgnored(
  levels: readonly IgnoreLevel[],
  path: string | readonly string[],
  isDir: boolean,
): boolean {
  const segs = typeof path === 'string' ? splitPath(path) : path;
  for (let l = levels.length - 1; l >= 0; l--) {
    const { dir, rules } = levels[l];
    const depth = dir === '' ? 0 : splitPath(dir).length;
    if (segs.length <= depth) continue;
    const rel = segs.slice(depth);
    for (let r = rules.length - 1; r >= 0; r--)
      if (ruleMatches(rules[r], rel, isDir)) return !rules[r].negated;
  }
  return false;
}
