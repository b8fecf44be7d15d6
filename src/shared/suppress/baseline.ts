// A baseline: the report of an earlier `amp-url check` (its JSON records, its SARIF, or its
// `report`, the shape its JSON had before), read as how many findings each file holds of each
// URL. A finding is matched by its file, its URL as read and its occurrence (the n-th of that URL
// in that file), never by its line: an edit above it does not make an old finding new. The n-th
// occurrence is old when the baseline held at least n.
import { ConfigError } from './repo-config';

/** The key of a file's URL (`/`-separated repository-relative path). */
export function baselineKey(path: string, url: string): string {
  return `${path}\n${url}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The (path, url) of each record of `--format json` left in the file (not `fixed`). */
function recordFindings(v: unknown[]): [string, unknown][] {
  return v
    .filter((r) => !(isObject(r) && r.status === 'fixed'))
    .map((r) => (isObject(r) ? [String(r.path), r.url] : ['', undefined]));
}

/** The (path, url) of each finding of a `report` (`findings`), or undefined if not one. */
function jsonFindings(v: Record<string, unknown>): [string, unknown][] | undefined {
  if (!Array.isArray(v.findings)) return undefined;
  return v.findings.map((f) => (isObject(f) ? [String(f.path), f.url] : ['', undefined]));
}

/** The (path, url) of each result of a SARIF log (path decoded from its URI), or undefined. */
function sarifFindings(v: Record<string, unknown>): [string, unknown][] | undefined {
  if (v.version !== '2.1.0' || !Array.isArray(v.runs)) return undefined;
  const out: [string, unknown][] = [];
  for (const run of v.runs) {
    if (!isObject(run) || !Array.isArray(run.results)) continue;
    for (const r of run.results) {
      const uri = isObject(r) ? sarifUri(r) : undefined;
      const url = isObject(r) && isObject(r.properties) ? r.properties.url : undefined;
      out.push([uri ?? '', url]);
    }
  }
  return out;
}

function sarifUri(r: Record<string, unknown>): string | undefined {
  const loc: unknown = Array.isArray(r.locations) ? r.locations[0] : undefined;
  const phys = isObject(loc) ? loc.physicalLocation : undefined;
  const art = isObject(phys) ? phys.artifactLocation : undefined;
  const uri = isObject(art) ? art.uri : undefined;
  if (typeof uri !== 'string') return undefined;
  try {
    return uri.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

/** How many findings of each file and URL `text` (a report) holds; `name` names it in errors. */
export function parseBaseline(text: string, name: string): Map<string, number> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new ConfigError(
      `${name}: not JSON (a report of amp-url check --format json, report or sarif)`,
    );
  }
  const found = Array.isArray(v)
    ? recordFindings(v)
    : isObject(v)
      ? (jsonFindings(v) ?? sarifFindings(v))
      : undefined;
  if (!found)
    throw new ConfigError(
      `${name}: not a report of amp-url check (--format json, report or sarif)`,
    );
  const counts = new Map<string, number>();
  for (const [i, [path, url]] of found.entries()) {
    if (path === '' || typeof url !== 'string')
      throw new ConfigError(
        `${name}: finding ${i + 1} has no file or URL (a report of an older amp-url? run check again)`,
      );
    const key = baselineKey(path, url);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
