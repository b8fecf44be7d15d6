// Glob patterns for the workspace walk, in two dialects: VS Code's (files.exclude, search.exclude,
// the include and exclude the user types) and the ignore files' (ripgrep's git rules). Both are
// compiled into path segments and matched without regular expressions, so the cost of a match
// is bounded by the pattern's and the path's sizes, whatever the pattern holds: a `*` inside a
// segment is matched by the classic two-pointer method (O(name × pattern)) and `**` between
// segments by a table over (path segment, pattern segment) pairs (O(depth × segments)). A
// regular-expression translation (what the `ignore` package and VS Code do) backtracks: a
// .gitignore line `a/**/**/…/b` took seconds against a deep folder.

/** One character of a segment pattern. */
type CharToken =
  | { k: 'char'; c: string }
  | { k: 'any' }
  | { k: 'class'; negated: boolean; ranges: [string, string][] };
export type SegmentToken = CharToken | { k: 'star' };

/** One path segment of a pattern: a name pattern, or `**` (any number of segments). */
export type PatternSegment = { k: 'name'; tokens: SegmentToken[] } | { k: 'globstar' };

/** A compiled glob: one segment list per alternative of its braces. */
export interface CompiledGlob {
  alternatives: PatternSegment[][];
}

export type GlobProblem = 'invalid' | 'tooComplex';

/**
 * Bounds that keep a match cheap whatever a repository writes: longer patterns, more brace
 * alternatives or more segments than this are not used (and reported). Real ignore lines and
 * exclude globs are far below them.
 */
export const GLOB_LIMITS = { maxLength: 1024, maxAlternatives: 64, maxSegments: 64 } as const;

type Node =
  CharToken | { k: 'stars'; n: number } | { k: 'slash' } | { k: 'alt'; options: Node[][] };

class GlobError extends Error {
  constructor(readonly problem: GlobProblem) {
    super(problem);
  }
}

/** Parses `p` into nodes: `\` escapes, `[…]` classes, `{a,b}` alternatives, runs of `*`. */
function parse(p: string): Node[] {
  let i = 0;
  const seq = (inAlt: boolean): Node[][] => {
    const options: Node[][] = [[]];
    let cur = options[0];
    while (i < p.length) {
      const c = p[i];
      if (c === '\\') {
        // A trailing backslash escapes nothing: it is a literal backslash.
        cur.push({ k: 'char', c: i + 1 < p.length ? p[i + 1] : '\\' });
        i += 2;
      } else if (c === '*') {
        let n = 0;
        while (p[i] === '*') {
          n++;
          i++;
        }
        cur.push({ k: 'stars', n });
      } else if (c === '?') {
        cur.push({ k: 'any' });
        i++;
      } else if (c === '/') {
        cur.push({ k: 'slash' });
        i++;
      } else if (c === '[') {
        cur.push(parseClass());
      } else if (c === '{') {
        i++;
        cur.push({ k: 'alt', options: seq(true) });
      } else if (c === '}' && inAlt) {
        i++;
        return options;
      } else if (c === ',' && inAlt) {
        i++;
        options.push((cur = []));
      } else {
        cur.push({ k: 'char', c });
        i++;
      }
    }
    // ripgrep refuses a line with an unclosed `{` (and so does not apply it).
    if (inAlt) throw new GlobError('invalid');
    return options;
  };
  const parseClass = (): CharToken => {
    i++; // `[`
    let negated = false;
    if (p[i] === '!' || p[i] === '^') {
      negated = true;
      i++;
    }
    const ranges: [string, string][] = [];
    let first = true;
    while (i < p.length && (p[i] !== ']' || first)) {
      first = false;
      let lo = p[i];
      if (lo === '\\' && i + 1 < p.length) lo = p[++i];
      i++;
      let hi = lo;
      if (p[i] === '-' && i + 1 < p.length && p[i + 1] !== ']') {
        hi = p[i + 1];
        if (hi === '\\' && i + 2 < p.length) hi = p[++i + 1];
        i += 2;
      }
      ranges.push([lo, hi]);
    }
    if (i >= p.length) throw new GlobError('invalid'); // unclosed `[`, as ripgrep reads it
    i++; // `]`
    return { k: 'class', negated, ranges };
  };
  const [top] = seq(false);
  return top;
}

type Flat = CharToken | { k: 'stars'; n: number } | { k: 'slash' };

/** Every alternative of the braces, at most GLOB_LIMITS.maxAlternatives. */
function expand(nodes: readonly Node[]): Flat[][] {
  let out: Flat[][] = [[]];
  for (const n of nodes) {
    if (n.k !== 'alt') {
      for (const o of out) o.push(n);
      continue;
    }
    const options = n.options.flatMap(expand);
    if (out.length * options.length > GLOB_LIMITS.maxAlternatives)
      throw new GlobError('tooComplex');
    out = out.flatMap((o) => options.map((x) => [...o, ...x]));
  }
  return out;
}

/** The segments of one alternative; consecutive `**` segments are one (they match the same). */
function segments(flat: readonly Flat[], trailingGlobstarNeedsSegment: boolean): PatternSegment[] {
  const raw: Flat[][] = [[]];
  for (const t of flat) {
    if (t.k === 'slash') raw.push([]);
    else raw[raw.length - 1].push(t);
  }
  const out: PatternSegment[] = [];
  for (const seg of raw) {
    // `a//b` is `a/b`; callers deal with a leading or trailing `/`.
    if (seg.length === 0) continue;
    if (seg.length === 1 && seg[0].k === 'stars' && seg[0].n >= 2) {
      if (out.at(-1)?.k !== 'globstar') out.push({ k: 'globstar' });
      continue;
    }
    // Any other run of stars (`a**b`, `***`) is one `*`: it never crosses a `/`.
    const tokens: SegmentToken[] = [];
    for (const t of seg) {
      if (t.k === 'stars') {
        if (tokens.at(-1)?.k !== 'star') tokens.push({ k: 'star' });
      } else if (t.k !== 'slash') tokens.push(t);
    }
    out.push({ k: 'name', tokens });
  }
  // An ignore file's `abc/**` matches what is inside abc, not abc: one segment, then any.
  if (trailingGlobstarNeedsSegment && out.length > 1 && out[out.length - 1].k === 'globstar')
    out.splice(out.length - 1, 0, { k: 'name', tokens: [{ k: 'star' }] });
  if (out.length > GLOB_LIMITS.maxSegments) throw new GlobError('tooComplex');
  return out;
}

export interface CompileOptions {
  /** Ignore files: a trailing `/**` matches inside the folder, not the folder itself. */
  trailingGlobstarNeedsSegment?: boolean;
}

/** Compiles `pattern`, or says why it can't be used. */
export function compileGlob(
  pattern: string,
  o: CompileOptions = {},
): { glob: CompiledGlob; problem?: undefined } | { glob?: undefined; problem: GlobProblem } {
  if (pattern.length > GLOB_LIMITS.maxLength) return { problem: 'tooComplex' };
  try {
    const needs = o.trailingGlobstarNeedsSegment === true;
    return { glob: { alternatives: expand(parse(pattern)).map((a) => segments(a, needs)) } };
  } catch (e) {
    if (e instanceof GlobError) return { problem: e.problem };
    throw e;
  }
}

function charMatches(t: CharToken, c: string): boolean {
  if (t.k === 'char') return t.c === c;
  if (c === '/') return false;
  if (t.k === 'any') return true;
  const inside = t.ranges.some(([lo, hi]) => lo <= c && c <= hi);
  return inside !== t.negated;
}

/**
 * Whether one path segment `name` matches a name pattern. Each `*` matches any run of
 * characters; on a mismatch only the last `*` is widened, which is exact here because every
 * other token is one character wide: O(name × tokens) at worst.
 */
export function matchName(tokens: readonly SegmentToken[], name: string): boolean {
  let ti = 0;
  let ni = 0;
  let starT = -1;
  let starN = 0;
  while (ni < name.length) {
    const t = tokens[ti] as SegmentToken | undefined;
    if (t?.k === 'star') {
      starT = ti++;
      starN = ni;
      continue;
    }
    if (t && charMatches(t, name[ni])) {
      ti++;
      ni++;
      continue;
    }
    if (starT < 0) return false;
    ti = starT + 1;
    ni = ++starN;
  }
  while (tokens[ti]?.k === 'star') ti++;
  return ti === tokens.length;
}

/**
 * Whether `path` (segments) matches `pattern`; with `prefix`, whether some path below `path`
 * could (a folder to walk into for an include glob). A table over (i, j) remembers each pair
 * once: O(path segments × pattern segments) name matches.
 */
function matchSegments(
  pattern: readonly PatternSegment[],
  path: readonly string[],
  prefix: boolean,
): boolean {
  const n = path.length;
  const m = pattern.length;
  const memo = new Int8Array((n + 1) * (m + 1)); // 0 unknown, 1 yes, 2 no
  const go = (i: number, j: number): boolean => {
    const key = i * (m + 1) + j;
    if (memo[key] !== 0) return memo[key] === 1;
    let r: boolean;
    if (j === m) r = i === n && !prefix;
    else if (i === n) r = prefix || pattern.slice(j).every((s) => s.k === 'globstar');
    else {
      const s = pattern[j];
      if (s.k === 'globstar') r = go(i, j + 1) || go(i + 1, j);
      else r = matchName(s.tokens, path[i]) && go(i + 1, j + 1);
    }
    memo[key] = r ? 1 : 2;
    return r;
  };
  return go(0, 0);
}

/** Whether the `/`-separated relative `path` matches `glob`. */
export function globMatches(glob: CompiledGlob, path: string | readonly string[]): boolean {
  const segs = typeof path === 'string' ? splitPath(path) : path;
  return glob.alternatives.some((a) => matchSegments(a, segs, false));
}

/** Whether a path below the folder `dir` could match `glob` (so the walk must enter it). */
export function globMayMatchBelow(glob: CompiledGlob, dir: string | readonly string[]): boolean {
  const segs = typeof dir === 'string' ? splitPath(dir) : dir;
  return glob.alternatives.some((a) => matchSegments(a, segs, true));
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && s !== '.');
}

/**
 * The globs of a comma-separated list (the exclude the user types), split at the commas outside
 * braces: `src/{a,b},*.log` is two globs. A backslash escapes a comma.
 */
export function splitGlobList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((g) => g.trim()).filter(Boolean);
}
