// The repository's configuration file, `.amp-url.json` at the root of the repository (the CLI)
// or of the workspace folder (the extension), read the same way by both (docs/configuration.md,
// schema in schemas/amp-url.schema.json):
//   { "ignorePaths": ["test/fixtures/**"],            VS Code globs, relative to the file's folder
//     "ignoreUrls": ["https://*.cdn.ampproject.org/i/*"],   url-pattern.ts
//     "rules": { "amp-no-publisher-url": "off" } }    off, warning or error per rule
// Everything in it is checked; anything else (an unknown key, a glob that can't be used, a file
// that is not JSON) is a ConfigError with one line that says where, never a guess.
import { CHECK_RULES, type CheckRule } from '../check-file';
import { compileGlob } from '../workspace-files';
import { MAX_URL_PATTERN, urlMatches } from './url-pattern';

export const CONFIG_FILE_NAME = '.amp-url.json';
/** Largest configuration file read (bytes). */
export const MAX_CONFIG_SIZE = 1_000_000;
/** Most entries of each list. */
const MAX_ENTRIES = 1000;

const RULE_LEVELS = ['off', 'warning', 'error'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/**
 * Each rule's level without a configuration: a URL with no publisher URL is a warning (nothing to
 * replace it with; it fails no check), every other finding an error.
 */
export const DEFAULT_LEVELS: Readonly<Record<CheckRule, RuleLevel>> = {
  'amp-cache-url': 'error',
  'amp-viewer-url': 'error',
  'amp-no-publisher-url': 'warning',
  'not-canonical': 'error',
  'not-normalized': 'error',
};

/** A configuration file that can't be used: its message is one line, naming the file. */
export class ConfigError extends Error {}

export interface RepoConfig {
  /**
   * The globs as written (each one checked: compileGlob can use it), left out by the walk among
   * its excludes (the CLI's check, the workspace commands).
   */
  ignorePaths: readonly string[];
  ignoreUrls: readonly string[];
  levels: Readonly<Record<CheckRule, RuleLevel>>;
}

/** No configuration file: the defaults. */
export const NO_CONFIG: RepoConfig = {
  ignorePaths: [],
  ignoreUrls: [],
  levels: DEFAULT_LEVELS,
};

/** A value of the file quoted in a message: JSON, cut short. */
function quoted(v: string): string {
  return JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v);
}

/** The line and column of `offset` in `text` (1-based). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    // V8's message quotes the file's text: only the position is taken from it.
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : '');
    const where = at ? ` (${lineColumn(text, Number(at[1]))})` : '';
    throw new ConfigError(`${name}: not valid JSON${where}`);
  }
}

function stringList(v: unknown, key: string, name: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new ConfigError(`${name}: ${key} must be a list of strings`);
  if (v.length > MAX_ENTRIES)
    throw new ConfigError(`${name}: ${key} has ${v.length} entries (at most ${MAX_ENTRIES})`);
  return v.map((x, i) => {
    if (typeof x !== 'string' || x === '')
      throw new ConfigError(`${name}: ${key}[${i}] must be a non-empty string`);
    return x;
  });
}

function levels(v: unknown, name: string): Record<CheckRule, RuleLevel> {
  const out = { ...DEFAULT_LEVELS };
  if (v === undefined) return out;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ConfigError(
      `${name}: rules must be an object of rule names to off, warning or error`,
    );
  for (const [rule, level] of Object.entries(v)) {
    if (!(CHECK_RULES as readonly string[]).includes(rule))
      throw new ConfigError(
        `${name}: rules: unknown rule ${quoted(rule)} (rules: ${CHECK_RULES.join(', ')})`,
      );
    if (!(RULE_LEVELS as readonly unknown[]).includes(level))
      throw new ConfigError(`${name}: rules.${rule} must be off, warning or error`);
    out[rule as CheckRule] = level as RuleLevel;
  }
  return out;
}

const KEYS = new Set(['$schema', 'ignorePaths', 'ignoreUrls', 'rules']);

/** Reads a configuration file's text; `name` is how messages name the file. */
export function parseRepoConfig(text: string, name = CONFIG_FILE_NAME): RepoConfig {
  const v = parseJson(text, name);
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ConfigError(`${name}: must hold one JSON object`);
  const o = v as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!KEYS.has(key))
      throw new ConfigError(
        `${name}: unknown key ${quoted(key)} (keys: ignorePaths, ignoreUrls, rules)`,
      );
  if (o.$schema !== undefined && typeof o.$schema !== 'string')
    throw new ConfigError(`${name}: $schema must be a string`);
  const ignorePaths = stringList(o.ignorePaths, 'ignorePaths', name);
  ignorePaths.forEach((g, i) => {
    const c = compileGlob(g);
    if (!c.glob)
      throw new ConfigError(
        `${name}: ignorePaths[${i}] ${quoted(g)} is ${c.problem === 'tooComplex' ? 'too complex' : 'not a glob that can be used'}`,
      );
  });
  const ignoreUrls = stringList(o.ignoreUrls, 'ignoreUrls', name);
  ignoreUrls.forEach((p, i) => {
    if (p.length > MAX_URL_PATTERN)
      throw new ConfigError(`${name}: ignoreUrls[${i}] is longer than ${MAX_URL_PATTERN}`);
  });
  return { ignorePaths, ignoreUrls, levels: levels(o.rules, name) };
}

/** Whether `url` (as its reader reads it) is left out. */
export function urlIgnored(c: RepoConfig, url: string): boolean {
  return c.ignoreUrls.some((p) => urlMatches(p, url));
}
