// Hosts named in a document: the candidates a hashed AMP Cache prefix is matched against.
import { absoluteUrl, findUrls } from '../core';
import { splitAuthority, splitUri } from '../core/common/uri';

/** Text scanned for candidates and hosts kept, so a hover on a hashed origin stays cheap. */
export const CANDIDATE_SCAN_CHARS = 1_000_000;
const MAX_CANDIDATES = 500;

/** Distinct lowercase hosts of the URLs in the first `maxChars` of `text`. */
export function documentHosts(
  text: string,
  maxChars = CANDIDATE_SCAN_CHARS,
  maxHosts = MAX_CANDIDATES,
): string[] {
  const hosts = new Set<string>();
  const scanned = text.length > maxChars ? text.slice(0, maxChars) : text;
  for (const m of findUrls(scanned)) {
    const authority = splitUri(absoluteUrl(scanned.slice(m.start, m.end))).authority;
    if (authority) hosts.add(splitAuthority(authority).host.toLowerCase());
    if (hosts.size >= maxHosts) break;
  }
  return [...hosts];
}
