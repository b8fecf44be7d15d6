// What kind of AMP URL a URL is (ampUrlKind) and which cache serves it (findCache), read as a
// browser reads the host and first path segment.
import { AMP_CACHES, type AmpCache } from './caches';
import { matchHost, type AmpHost } from './hosts';
import {
  browserText,
  cacheList,
  endOfHost,
  pathOf,
  resolvePath,
  segment,
  splitCacheAddress,
} from './address';
import { isPlainPublisherUrl } from './fast-path';
import { isReverseServingType } from './params';
import { isProjectRoot, projectFileAt, type AmpProjectFile } from './project-files';

/**
 * What kind of AMP URL this is, as the classifier of the extension needs it. `project`: a file of
 * the AMP project itself (the runtime, a component, a frame): no publisher page, no cache form.
 */
export type AmpUrlKind = 'cache' | 'cacheOrigin' | 'viewer' | 'project';

/**
 * The kind and host entry of an AMP cache or viewer URL, or undefined for any other URL (never
 * throws). Only the host and the first path segment decide, read as a browser reads them: a URL
 * that merely contains `amp` (`amp.example.com`, `/amp/` on a publisher's site, `?amp=1`) is none.
 * A prefixed cache host is a cache URL whatever its path (`cacheOrigin` without a path); the bare
 * cache host only with a serving type, a viewer only under its `/amp/`. The AMP project's own files
 * (the runtime `https://cdn.ampproject.org/v0.js`, its components, channels, service worker,
 * caches.json, frames on `*.ampproject.net`) are `project`, with `file` saying what they are.
 */
export function ampUrlKind(
  url: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): { kind: AmpUrlKind; host: AmpHost; file?: AmpProjectFile } | undefined {
  try {
    const list = cacheList(caches);
    // Most URLs in a document are plain publisher URLs: their host, read as written, says "none".
    if (isPlainPublisherUrl(url, list)) return undefined;
    const { host, rest: raw } = splitCacheAddress(browserText(url, 'URL'), 'URL');
    const match = matchHost(host, list);
    if (!match) return undefined;
    const path = pathOf(raw);
    const rest = resolvePath(path) + raw.slice(path.length);
    const end = endOfHost(rest, 1);
    const first = rest.startsWith('/') ? rest.slice(1, end) : '';
    const entry = match.entry;
    if (entry.kind === 'project')
      return { kind: 'project', host: entry, file: 'AMP third-party frame' };
    if (entry.kind === 'viewer')
      return first === entry.viewerPath && rest.length > end + 1 && rest[end] === '/'
        ? { kind: 'viewer', host: entry }
        : undefined;
    if (match.prefix === undefined)
      return isReverseServingType(first)
        ? { kind: 'cache', host: entry }
        : { kind: 'project', host: entry, file: projectFileAt(pathOf(rest)) };
    if (isProjectRoot(first))
      return { kind: 'project', host: entry, file: projectFileAt(pathOf(rest)) };
    const bare = rest === '' || rest === '/' || rest.startsWith('#') || rest.startsWith('/#');
    return { kind: bare ? 'cacheOrigin' : 'cache', host: entry };
  } catch {
    return undefined;
  }
}

/**
 * The cache serving this host or URL (origin, host or full URL), or undefined; never throws.
 * Agrees with parseCacheUrl: the bare cache host counts only with a serving-type path, and the
 * AMP project's own files (the runtime) on a cache host are no cache's pages.
 */
export function findCache(
  urlOrHost: string,
  caches: readonly AmpCache[] = AMP_CACHES,
): AmpCache | undefined {
  try {
    const { host, rest } = splitCacheAddress(browserText(urlOrHost, 'URL'), 'URL');
    const match = matchHost(host, cacheList(caches));
    if (match?.entry.kind !== 'cache') return undefined;
    const first = segment(resolvePath(pathOf(rest)), 1)[0];
    if (match.prefix === undefined ? !isReverseServingType(first) : isProjectRoot(first))
      return undefined;
    return match.entry.cache;
  } catch {
    return undefined;
  }
}
