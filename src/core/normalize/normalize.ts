// RFC 3986 normalization (sections 6.2.2, 6.2.3) plus the optional steps
// (docs/specs.md, "RFC 3986 normalization").
// Steps run in an order where none can create work for an earlier one (escapes are decoded before
// dot segments are removed, and so on), so normalize(normalize(x)) === normalize(x) for any options.
import { checkInput } from '../common/errors';
import { normalizeAuthority } from './authority';
import { type NormalizeOptions, resolveOptions, type ResolvedOptions } from './options';
import { addTrailingSlash, removeDuplicateSlashes, trimPathEnd } from './path';
import { normalizeQuery } from './query';
import { normalizeEscapes } from '../common/percent-escapes';
import { removeDotSegments } from './dot-segments';
import { joinUri, type UriParts } from '../common/uri';
import { splitValidUri } from './valid-uri';

export {
  DEFAULT_DIRECTORY_INDEXES,
  NORMALIZE_CONFLICTS,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  type NormalizeOptions,
  type NormalizeStep,
} from './options';

/**
 * Normalizes an absolute URI. Safe steps are on by default, the others off; see NormalizeOptions.
 * Throws UrlError for a string without a scheme (a relative reference has no meaning alone), for
 * one that is no valid URI (controls, spaces, bad escapes, IP literals or ports: `valid-uri.ts`)
 * and for contradictory options. Nothing the steps do not name is changed, decoded or re-encoded.
 */
export function normalize(url: string, options?: NormalizeOptions): string {
  const o = resolveOptions(options);
  // What is no URI is refused, never returned as if it were normalized.
  const parts = splitValidUri(checkInput(url));
  if (o.uppercaseEscapes || o.decodeUnreserved) normalizeAllEscapes(parts, o);
  const writtenScheme = parts.scheme;
  parts.scheme = normalizeScheme(writtenScheme, o);
  if (parts.authority !== undefined)
    parts.authority = normalizeAuthority(parts.authority, writtenScheme, parts.scheme, o);
  parts.path = normalizePath(parts.path, parts.authority !== undefined, o);
  if (parts.query !== undefined) {
    parts.query = normalizeQuery(parts.query, o);
    if (parts.query === '' && o.removeEmptyQuery) parts.query = undefined;
  }
  if (o.removeFragment) parts.fragment = undefined;
  return joinUri(parts);
}

// Unreserved characters are never delimiters, so decoding them cannot move component boundaries.
function normalizeAllEscapes(parts: UriParts, o: ResolvedOptions): void {
  const upper = o.uppercaseEscapes;
  const decode = o.decodeUnreserved;
  if (parts.authority !== undefined)
    parts.authority = normalizeEscapes(parts.authority, upper, decode);
  parts.path = normalizeEscapes(parts.path, upper, decode);
  if (parts.query !== undefined) parts.query = normalizeEscapes(parts.query, upper, decode);
  if (parts.fragment !== undefined)
    parts.fragment = normalizeEscapes(parts.fragment, upper, decode);
}

function normalizeScheme(scheme: string, o: ResolvedOptions): string {
  const lower = scheme.toLowerCase();
  if (o.forceHttp && lower === 'https') return 'http';
  if (o.forceHttps && lower === 'http') return 'https';
  return o.lowercaseScheme ? lower : scheme;
}

function normalizePath(path: string, hasAuthority: boolean, o: ResolvedOptions): string {
  // Only hierarchical paths: RFC 5.2.2 would also rewrite `data:text/plain,a/../b`, which no browser does.
  if (o.removeDotSegments && path.startsWith('/')) path = removeDotSegments(path);
  if (!hasAuthority) {
    // Without an authority a path may not start with "//" (RFC 3986 3.3): `x:/.//a` must not become `x://a`.
    return path.startsWith('//') ? `/.${path}` : path;
  }
  if (o.removeDuplicateSlashes) path = removeDuplicateSlashes(path);
  if (o.directoryIndexes.size > 0 || o.removeTrailingSlash)
    path = trimPathEnd(path, o.directoryIndexes, o.removeTrailingSlash);
  if (o.addTrailingSlash) path = addTrailingSlash(path);
  if (o.emptyPathToSlash && path === '') path = '/';
  return path;
}
