// Query steps that change semantics (docs/specs.md, "RFC 3986 normalization"). Parameters are the `&`-separated parts of
// the query, each kept exactly as written: nothing is decoded, re-encoded, or given an `=`.
import type { ParamNames } from './options';
import { decodeForMatching } from '../common/percent-escapes';

export interface QuerySteps {
  removeQueryParams: ParamNames | undefined;
  removeEmptyQueryParams: boolean;
  sortQuery: boolean;
}

interface Param {
  text: string;
  name: string;
}

/** `id=` or an empty part between two `&`; a bare `flag` has no `=` and may mean something. */
function isEmpty(p: Param): boolean {
  return p.text === '' || p.name.length === p.text.length - 1;
}

function isNamed(name: string, remove: ParamNames): boolean {
  const decoded = decodeForMatching(name);
  if (remove.names.has(decoded)) return true;
  for (const p of remove.patterns) {
    p.lastIndex = 0; // a /g or /y pattern keeps state between calls
    if (p.test(decoded)) return true;
  }
  return false;
}

/**
 * Applies the parameter steps to a query (without its `?`). Returns `undefined` when the steps
 * removed every parameter: the `?` went with them. A query that was empty stays `''`: only
 * `removeEmptyQuery` drops that one.
 */
export function normalizeQuery(query: string, steps: QuerySteps): string | undefined {
  const remove = steps.removeQueryParams;
  if (query === '' || (remove === undefined && !steps.removeEmptyQueryParams && !steps.sortQuery))
    return query;
  const kept: Param[] = [];
  let count = 0;
  for (let from = 0; from <= query.length; count++) {
    const amp = query.indexOf('&', from);
    const end = amp < 0 ? query.length : amp;
    const text = query.slice(from, end);
    const eq = text.indexOf('=');
    const param = { text, name: eq < 0 ? text : text.slice(0, eq) };
    if (
      !(remove !== undefined && isNamed(param.name, remove)) &&
      !(steps.removeEmptyQueryParams && isEmpty(param))
    )
      kept.push(param);
    from = end + 1;
  }
  if (kept.length === 0) return undefined;
  if (steps.sortQuery) sortByName(kept);
  else if (kept.length === count) return query;
  return kept.map((p) => p.text).join('&');
}

/** Stable sort by name only: repeated names keep their order (`b=2&a=1&b=1` → `a=1&b=2&b=1`). */
function sortByName(params: Param[]): void {
  params.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)); // Array.prototype.sort is stable
}
