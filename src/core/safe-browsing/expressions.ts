// Safe Browsing host-suffix / path-prefix expressions of a URL.
import { canonicalParts, type CanonicalUrl } from './canonicalize';
import { isDottedIPv4 } from './ip';
import { registrableDomain } from '../common/psl';

const MAX_SUFFIXES = 4; // the eTLD+1 and up to three more labels
const MAX_PREFIXES = 4; // `/` and up to three directories

/**
 * The host-suffix/path-prefix expressions of a URL, in the spec's order: for each host (the exact
 * host, then its suffixes from longest to the eTLD+1), the path with the query, without it, then
 * the directory prefixes from `/`. Scheme, userinfo and port are not part of any expression.
 * At most 5 × 6 = 30, without duplicates.
 */
export function expressions(url: string): string[] {
  const u = canonicalParts(url);
  const paths = lookupPaths(u);
  const out = new Set<string>();
  for (const host of lookupHosts(u.host)) {
    for (const path of paths) out.add(host + path);
  }
  return [...out];
}

/** The exact host, then up to four suffixes starting at the eTLD+1; only the host for IP literals. */
function lookupHosts(host: string): string[] {
  if (host.startsWith('[') || isDottedIPv4(host)) return [host];
  const domain = registrableDomain(host, true);
  if (domain === undefined || domain === host) return [host];
  const suffixes = [domain];
  let start = host.length - domain.length - 1; // the dot before the domain
  while (suffixes.length < MAX_SUFFIXES) {
    const dot = host.lastIndexOf('.', start - 1);
    if (dot < 0) break; // the next suffix would be the exact host itself
    suffixes.push(host.slice(dot + 1));
    start = dot;
  }
  return [host, ...suffixes.reverse()];
}

/** The path with the query (if non-empty), the path, then `/` and directory prefixes. */
function lookupPaths(u: CanonicalUrl): string[] {
  const paths: string[] = [];
  if (u.query) paths.push(`${u.path}?${u.query}`);
  paths.push(u.path);
  let slash = 0;
  for (let n = 0; n < MAX_PREFIXES && slash >= 0; n++) {
    const prefix = u.path.slice(0, slash + 1);
    if (!paths.includes(prefix)) paths.push(prefix);
    slash = u.path.indexOf('/', slash + 1);
  }
  return paths;
}
