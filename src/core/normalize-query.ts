// Query steps (uri-normalization.md, "change semantics"). Parameters are the `&`-separated parts of
// the query, each kept exactly as written: nothing is decoded, re-encoded, or given an `=`.
import { decodeForMatching } from './percent-escapes';

export interface QuerySteps {
  removeQueryParams: readonly (string | RegExp)[];
  removeEmptyQueryParams: boolean;
  sortQuery: boolean;
}

function nameOf(param: string): string {
  const eq = param.indexOf('=');
  return eq < 0 ? param : param.slice(0, eq);
}

/** `id=` or an empty part between two `&`; a bare `flag` has no `=` and may mean something. */
function isEmptyParam(param: string): boolean {
  return param === '' || param.indexOf('=') === param.length - 1;
}

function matches(name: string, patterns: readonly (string | RegExp)[]): boolean {
  const decoded = decodeForMatching(name);
  for (const p of patterns) {
    if (typeof p === 'string') {
      if (p === decoded) return true;
    } else {
      p.lastIndex = 0; // a /g or /y pattern keeps state between calls
      if (p.test(decoded)) return true;
    }
  }
  return false;
}

/**
 * Applies the parameter steps to a query (without its `?`). Returns `undefined` when the steps
 * removed every parameter: the `?` went with them. A query that was empty stays `''`: only
 * `removeEmptyQuery` drops that one.
 */
export function normalizeQuery(query: string, steps: QuerySteps): string | undefined {
  if (query === '') return query;
  let params = query.split('&');
  const count = params.length;
  if (steps.removeQueryParams.length > 0) params = params.filter((p) => !matches(nameOf(p), steps.removeQueryParams));
  if (steps.removeEmptyQueryParams) params = params.filter((p) => !isEmptyParam(p));
  if (params.length === 0) return undefined;
  if (steps.sortQuery) params = sortByName(params);
  return params.length === count && !steps.sortQuery ? query : params.join('&');
}

/** Stable sort by name only: repeated names keep their order (`b=2&a=1&b=1` → `a=1&b=2&b=1`). */
function sortByName(params: string[]): string[] {
  const keyed = params.map((param, index) => ({ param, name: nameOf(param), index }));
  keyed.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.index - y.index));
  return keyed.map((k) => k.param);
}
