// Authority steps of normalization: host case and `www` (host.ts) and the port
// (RFC 3986 6.2.3). The userinfo is case-sensitive and is kept as written.
import { addWww, lowercaseHost, removeWww } from './host';
import type { ResolvedOptions } from './options';
import { DEFAULT_PORTS, joinAuthority, splitAuthority } from '../common/uri';

type AuthoritySteps = Pick<
  ResolvedOptions,
  'lowercaseHost' | 'removeWww' | 'addWww' | 'removeDefaultPort'
>;

/**
 * `writtenScheme` is the scheme before forceHttp/forceHttps: `http://a.com:80/` and `http://a.com/`
 * are one URI, so forcing https must give `https://a.com/` for both.
 */
export function normalizeAuthority(
  authority: string,
  writtenScheme: string,
  scheme: string,
  o: AuthoritySteps,
): string {
  // Most authorities are a bare host: its steps alone, without splitting and joining.
  if (!authority.includes('@') && !authority.includes(':')) return normalizeHost(authority, o);
  const parts = splitAuthority(authority);
  parts.host = normalizeHost(parts.host, o);
  if (
    o.removeDefaultPort &&
    parts.port !== undefined &&
    (isDefaultPort(parts.port, scheme) || isDefaultPort(parts.port, writtenScheme))
  ) {
    parts.port = undefined;
  } else if (o.removeDefaultPort && parts.port !== undefined && /^0+[0-9]/.test(parts.port)) {
    // A port is a number: `:081` is port 81 to every browser (and normalize-url), written `:81`.
    parts.port = parts.port.replace(/^0+(?=[0-9])/, '');
  }
  return joinAuthority(parts);
}

function normalizeHost(host: string, o: AuthoritySteps): string {
  if (o.lowercaseHost) host = lowercaseHost(host);
  if (o.removeWww) host = removeWww(host);
  if (o.addWww) host = addWww(host);
  return host;
}

/** An empty port, or the scheme's default written in decimal (`:80`, `:080` for http). */
function isDefaultPort(port: string, scheme: string): boolean {
  if (port === '') return true;
  const key = scheme.toLowerCase();
  const byDefault = Object.prototype.hasOwnProperty.call(DEFAULT_PORTS, key)
    ? DEFAULT_PORTS[key]
    : undefined;
  if (byDefault === undefined || !/^[0-9]+$/.test(port)) return false;
  let i = 0;
  while (i < port.length - 1 && port[i] === '0') i++;
  return port.slice(i) === byDefault;
}
