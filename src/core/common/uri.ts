// RFC 3986 component splitting, shared by the AMP cache, reverse and normalization code.
// It only splits: nothing is decoded, re-encoded or lowercased, so callers keep the text exact.

/** The five components of RFC 3986 section 3; absent ones are `undefined` (not empty). */
export interface UriParts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

/** An authority split into userinfo, host and port (RFC 3986 section 3.2). */
export interface AuthorityParts {
  userinfo?: string;
  host: string;
  port?: string;
}

// RFC 3986 appendix B. Anchored and without nested quantifiers, so it runs in linear time.
const URI_RE = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;

/** Splits any string into URI components (appendix B accepts every string). */
export function splitUri(text: string): UriParts {
  const m = URI_RE.exec(text);
  // The pattern matches every string; the fallback only satisfies the type checker.
  if (!m) return { path: text };
  return { scheme: m[1], authority: m[2], path: m[3], query: m[4], fragment: m[5] };
}

/** Joins components back (RFC 3986 section 5.3): `joinUri(splitUri(s)) === s`. */
export function joinUri(parts: UriParts): string {
  let out = '';
  if (parts.scheme !== undefined) out += `${parts.scheme}:`;
  if (parts.authority !== undefined) out += `//${parts.authority}`;
  out += parts.path;
  if (parts.query !== undefined) out += `?${parts.query}`;
  if (parts.fragment !== undefined) out += `#${parts.fragment}`;
  return out;
}

/** Splits an authority; an IPv6 literal keeps its brackets in `host`. */
export function splitAuthority(authority: string): AuthorityParts {
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at) : undefined;
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  const colon = hostPort.indexOf(':', close + 1);
  if (colon < 0) return { userinfo, host: hostPort };
  return { userinfo, host: hostPort.slice(0, colon), port: hostPort.slice(colon + 1) };
}

/** Joins an authority back: `joinAuthority(splitAuthority(a)) === a`. */
export function joinAuthority(parts: AuthorityParts): string {
  const user = parts.userinfo !== undefined ? `${parts.userinfo}@` : '';
  const port = parts.port !== undefined ? `:${parts.port}` : '';
  return `${user}${parts.host}${port}`;
}

/** Default ports of the schemes this project deals with. */
export const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  http: '80',
  https: '443',
  ws: '80',
  wss: '443',
  ftp: '21',
};
