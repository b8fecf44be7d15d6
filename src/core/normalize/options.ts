// The options of `normalize`: one switch per step of docs/specs.md's "RFC 3986 normalization",
// the steps list the extension shows in its Quick Pick and settings, the presets, and the check of
// an options object.
import { UrlError, ownProperties } from '../common/errors';

export interface NormalizeOptions {
  // Semantics-preserving (RFC 3986 6.2.2, 6.2.3): default true.
  uppercaseEscapes?: boolean;
  lowercaseScheme?: boolean;
  lowercaseHost?: boolean;
  decodeUnreserved?: boolean;
  removeDotSegments?: boolean;
  emptyPathToSlash?: boolean;
  removeDefaultPort?: boolean;
  // Semantics-changing: default false.
  addTrailingSlash?: boolean;
  removeTrailingSlash?: boolean;
  /** `true` removes the names of DEFAULT_DIRECTORY_INDEXES; a list removes exactly those names. */
  removeDirectoryIndex?: boolean | string[];
  removeFragment?: boolean;
  forceHttp?: boolean;
  forceHttps?: boolean;
  removeDuplicateSlashes?: boolean;
  removeWww?: boolean;
  addWww?: boolean;
  sortQuery?: boolean;
  /** Query parameter names to drop: a string matches the whole (decoded) name, a RegExp is tested on it. */
  removeQueryParams?: (string | RegExp)[];
  removeEmptyQueryParams?: boolean;
  removeEmptyQuery?: boolean;
}

type BooleanKey = Exclude<keyof NormalizeOptions, 'removeQueryParams'>;

export interface NormalizeStep {
  key: BooleanKey;
  label: string;
  description: string;
  preservesSemantics: boolean;
}

function stepLabel(key: string): string {
  return NORMALIZE_STEPS.find((s) => s.key === key)?.label ?? key;
}

/** Every switchable step, in the order `normalize` applies them; descriptions quote the spec's examples. */
export const NORMALIZE_STEPS: readonly NormalizeStep[] = Object.freeze([
  step(
    'uppercaseEscapes',
    'Uppercase percent-escapes',
    'http://example.com/foo%2a → http://example.com/foo%2A',
    true,
  ),
  step(
    'decodeUnreserved',
    'Decode unreserved characters',
    'http://example.com/%7Efoo → http://example.com/~foo',
    true,
  ),
  step(
    'lowercaseScheme',
    'Lowercase the scheme',
    'HTTP://example.com/ → http://example.com/',
    true,
  ),
  step('forceHttp', 'Force http', 'https://example.com/ → http://example.com/', false),
  step('forceHttps', 'Force https', 'http://example.com/ → https://example.com/', false),
  step(
    'lowercaseHost',
    'Lowercase the host',
    'http://User@Example.COM/Foo → http://User@example.com/Foo',
    true,
  ),
  step('removeWww', 'Remove www', 'http://www.example.com/ → http://example.com/', false),
  step('addWww', 'Add www', 'http://example.com/ → http://www.example.com/', false),
  step(
    'removeDefaultPort',
    'Remove the default port',
    'http://example.com:80/ → http://example.com/',
    true,
  ),
  step(
    'removeDotSegments',
    'Remove dot segments',
    'http://example.com/foo/./bar/baz/../qux → http://example.com/foo/bar/qux',
    true,
  ),
  step(
    'removeDuplicateSlashes',
    'Remove duplicate slashes',
    'http://example.com/foo//bar.html → http://example.com/foo/bar.html',
    false,
  ),
  step(
    'removeDirectoryIndex',
    'Remove the directory index',
    'http://example.com/a/index.html → http://example.com/a/',
    false,
  ),
  step(
    'removeTrailingSlash',
    'Remove the trailing slash',
    'http://example.com/foo/ → http://example.com/foo',
    false,
  ),
  step(
    'addTrailingSlash',
    'Add a trailing slash',
    'http://example.com/foo → http://example.com/foo/',
    false,
  ),
  step('emptyPathToSlash', 'Empty path to /', 'http://example.com → http://example.com/', true),
  step(
    'removeEmptyQueryParams',
    'Remove empty query parameters',
    'http://example.com/display?id=&sort=ascending → http://example.com/display?sort=ascending',
    false,
  ),
  step(
    'sortQuery',
    'Sort query parameters',
    'http://example.com/display?lang=en&article=fred → http://example.com/display?article=fred&lang=en',
    false,
  ),
  step(
    'removeEmptyQuery',
    'Remove an empty query',
    'http://example.com/display? → http://example.com/display',
    false,
  ),
  step(
    'removeFragment',
    'Remove the fragment',
    'http://example.com/bar.html#section1 → http://example.com/bar.html',
    false,
  ),
]);

function step(
  key: BooleanKey,
  label: string,
  description: string,
  preservesSemantics: boolean,
): NormalizeStep {
  return Object.freeze({ key, label, description, preservesSemantics });
}

/** Directory index names removed by `removeDirectoryIndex: true` (exact, case-sensitive like paths). */
export const DEFAULT_DIRECTORY_INDEXES: readonly string[] = Object.freeze([
  'index.html',
  'index.htm',
  'index.shtml',
  'index.php',
  'index.asp',
  'index.aspx',
  'index.jsp',
  'default.asp',
  'default.aspx',
  'default.htm',
  'default.html',
]);

/** Click-tracking parameters the aggressive preset drops. */
const TRACKING_PARAMS: (string | RegExp)[] = Object.freeze([
  /^utm_/i,
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'yclid',
  'mc_cid',
  'mc_eid',
  'igshid',
]) as (string | RegExp)[];

const SAFE: NormalizeOptions = {
  uppercaseEscapes: true,
  lowercaseScheme: true,
  lowercaseHost: true,
  decodeUnreserved: true,
  removeDotSegments: true,
  emptyPathToSlash: true,
  removeDefaultPort: true,
};
// What real HTTP servers almost always answer identically; the fragment stays (single-page apps).
const USUALLY_SAFE: NormalizeOptions = {
  ...SAFE,
  removeDirectoryIndex: true,
  removeDuplicateSlashes: true,
  removeEmptyQuery: true,
};
// For deduplicating lists of links: one spelling per page, whatever the site may mean by the rest.
const AGGRESSIVE: NormalizeOptions = {
  ...USUALLY_SAFE,
  removeTrailingSlash: true,
  removeFragment: true,
  forceHttps: true,
  removeWww: true,
  sortQuery: true,
  removeQueryParams: TRACKING_PARAMS,
  removeEmptyQueryParams: true,
};

export const NORMALIZE_PRESETS: {
  safe: NormalizeOptions;
  usuallySafe: NormalizeOptions;
  aggressive: NormalizeOptions;
} = Object.freeze({
  safe: Object.freeze(SAFE),
  usuallySafe: Object.freeze(USUALLY_SAFE),
  aggressive: Object.freeze(AGGRESSIVE),
});

/** Options with every default filled in and the directory index list and param matchers ready to use. */
export interface ResolvedOptions extends Required<
  Omit<NormalizeOptions, 'removeDirectoryIndex' | 'removeQueryParams'>
> {
  directoryIndexes: ReadonlySet<string>;
  /** Undefined when no parameter is to be removed. */
  removeQueryParams: ParamNames | undefined;
}

/** `removeQueryParams` split for speed: exact names in a set, the RegExps in a list. */
export interface ParamNames {
  names: ReadonlySet<string>;
  patterns: readonly RegExp[];
}

type FlagKey = Exclude<BooleanKey, 'removeDirectoryIndex'>;

/** Steps that contradict each other: a picker lets only one of each pair be ticked. */
export const NORMALIZE_CONFLICTS: readonly (readonly [FlagKey, FlagKey])[] = [
  ['forceHttp', 'forceHttps'],
  ['addWww', 'removeWww'],
  ['addTrailingSlash', 'removeTrailingSlash'],
];

// Frozen options (the presets, or the caller's own) cannot change, so they are checked only once.
const resolvedFrozen = new WeakMap<object, ResolvedOptions>();
let defaults: ResolvedOptions | undefined;

/** Checks an options object (it may come from user settings) and fills in the defaults. */
export function resolveOptions(options: NormalizeOptions | undefined): ResolvedOptions {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- settings may hold null
  if (options === undefined || options === null) return (defaults ??= checkOptions({}));
  if (typeof options === 'object' && Object.isFrozen(options)) {
    let resolved = resolvedFrozen.get(options);
    if (resolved === undefined) resolvedFrozen.set(options, (resolved = checkOptions(options)));
    return resolved;
  }
  return checkOptions(options);
}

function checkOptions(options: NormalizeOptions): ResolvedOptions {
  if (typeof options !== 'object')
    throw new UrlError('invalid-option', 'The normalization options must be an object.');
  // Own properties only: a polluted Object.prototype turns no step on.
  const o = ownProperties(options);
  const flag = (key: FlagKey, byDefault: boolean): boolean => {
    const v = o[key];
    if (v === undefined) return byDefault;
    if (typeof v !== 'boolean')
      throw new UrlError(
        'invalid-option',
        `The normalization option "${key}" must be true or false.`,
      );
    return v;
  };
  const resolved: ResolvedOptions = {
    uppercaseEscapes: flag('uppercaseEscapes', true),
    lowercaseScheme: flag('lowercaseScheme', true),
    lowercaseHost: flag('lowercaseHost', true),
    decodeUnreserved: flag('decodeUnreserved', true),
    removeDotSegments: flag('removeDotSegments', true),
    emptyPathToSlash: flag('emptyPathToSlash', true),
    removeDefaultPort: flag('removeDefaultPort', true),
    addTrailingSlash: flag('addTrailingSlash', false),
    removeTrailingSlash: flag('removeTrailingSlash', false),
    removeFragment: flag('removeFragment', false),
    forceHttp: flag('forceHttp', false),
    forceHttps: flag('forceHttps', false),
    removeDuplicateSlashes: flag('removeDuplicateSlashes', false),
    removeWww: flag('removeWww', false),
    addWww: flag('addWww', false),
    sortQuery: flag('sortQuery', false),
    removeEmptyQueryParams: flag('removeEmptyQueryParams', false),
    removeEmptyQuery: flag('removeEmptyQuery', false),
    directoryIndexes: directoryIndexes(o.removeDirectoryIndex),
    removeQueryParams: queryParamMatchers(o.removeQueryParams),
  };
  for (const [a, b] of NORMALIZE_CONFLICTS) {
    if (resolved[a] && resolved[b]) {
      // Named as the step picker names them, with the settings' keys for settings.json.
      throw new UrlError(
        'invalid-option',
        `The steps "${stepLabel(a)}" (${a}) and "${stepLabel(b)}" (${b}) contradict each other: turn one of them off.`,
      );
    }
  }
  return resolved;
}

function directoryIndexes(value: unknown): ReadonlySet<string> {
  if (value === undefined || value === false) return new Set();
  if (value === true) return new Set(DEFAULT_DIRECTORY_INDEXES);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    // An empty name or one with a slash can never be a last path segment worth removing.
    return new Set(value.filter((v: string) => v !== '' && !v.includes('/')));
  }
  throw new UrlError(
    'invalid-option',
    'The normalization option "removeDirectoryIndex" must be true, false or a list of file names.',
  );
}

function queryParamMatchers(value: unknown): ParamNames | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || v instanceof RegExp)) {
    return {
      names: new Set(value.filter((v) => typeof v === 'string')),
      patterns: value.filter((v) => v instanceof RegExp),
    };
  }
  throw new UrlError(
    'invalid-option',
    'The normalization option "removeQueryParams" must be a list of names (strings or regular expressions).',
  );
}
