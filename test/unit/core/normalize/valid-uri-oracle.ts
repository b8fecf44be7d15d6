// What normalize refused and how it read an authority as commit 21653fc (issue 27) left them: a
// pattern per check on slices of the URL, every authority split. src/core/normalize/ now reads
// the same rule in the pass that splits the URL and skips the split of a bare host;
// valid-uri.property.test.ts holds it to this code, refusal for refusal. Kept as written then
// (not imported from src), so that a change to the fast code cannot move both.
import { UrlError } from '../../../../src/core/common/errors';
import {
  DEFAULT_PORTS,
  joinAuthority,
  splitAuthority,
  splitUri,
  type UriParts,
} from '../../../../src/core/common/uri';
import { addWww, lowercaseHost, removeWww } from '../../../../src/core/normalize/host';
import type { ResolvedOptions } from '../../../../src/core/normalize/options';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const NEVER = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BRACKET = /[[\]]/;
const REG_NAME_BAD = /[@:"<>\\^`{|}]/;
const PORT = /^[0-9]*$/;
const IPV_FUTURE = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
const HEX16 = /^[0-9A-Fa-f]{1,4}$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ZONE = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;

/** The components normalize works on, or the UrlError it throws, by the rule of 21653fc. */
export function oracleSplitValidUri(url: string): UriParts {
  const parts = splitUri(url);
  if (parts.scheme === undefined || !SCHEME.test(parts.scheme)) {
    const hint = /^\s/.test(url) ? ' Remove the whitespace before it.' : '';
    throw new UrlError(
      'relative-url',
      `Only an absolute URI with a scheme can be normalized, like https://example.com/.${hint}`,
    );
  }
  const never = NEVER.exec(url);
  if (never) refuse(`${named(never[0])} at position ${never.index + 1}`);
  if (parts.authority !== undefined) checkAuthority(parts.authority);
  return parts;
}

function refuse(reason: string): never {
  throw new UrlError('invalid-url', `Not a valid URI (RFC 3986): ${reason}.`);
}

function named(c: string): string {
  if (c === ' ') return 'a space';
  const code = c.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code < 0x21 || (code >= 0x7f && code <= 0x9f) || code > 0x2000
    ? `the invisible character ${hex}`
    : `the character ${JSON.stringify(c)}`;
}

function checkAuthority(authority: string): void {
  const at = authority.lastIndexOf('@');
  if (at >= 0 && /[[\]@]/.test(authority.slice(0, at)))
    refuse('the user name holds "@", "[" or "]"');
  const hostPort = authority.slice(at + 1);
  let host = hostPort;
  let port: string | undefined;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) refuse('the IP literal host has no closing "]"');
    host = hostPort.slice(0, close + 1);
    const after = hostPort.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) refuse('text follows the IP literal host');
    port = after === '' ? undefined : after.slice(1);
    const inside = host.slice(1, -1);
    if (!isIpv6Literal(inside) && !IPV_FUTURE.test(inside))
      refuse(`${JSON.stringify(host)} is not an IPv6 address`);
  } else {
    const colon = hostPort.indexOf(':');
    if (colon >= 0) [host, port] = [hostPort.slice(0, colon), hostPort.slice(colon + 1)];
    if (REG_NAME_BAD.test(host) || BRACKET.test(host))
      refuse(`the host ${JSON.stringify(host)} holds a character no host name has`);
  }
  if (port !== undefined && !PORT.test(port))
    refuse(`the port ${JSON.stringify(port)} is not a number`);
}

function isIpv6Literal(text: string): boolean {
  const zone = text.indexOf('%25');
  if (zone >= 0 && !ZONE.test(text.slice(zone + 3))) return false;
  const address = zone >= 0 ? text.slice(0, zone) : text;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string): string[] | undefined => {
    if (half === '') return [];
    const parts = half.split(':');
    const last = parts[parts.length - 1];
    const v4 = IPV4.test(last);
    const hex = v4 ? parts.slice(0, -1) : parts;
    if (!hex.every((g) => HEX16.test(g))) return undefined;
    return v4 ? [...hex, '', ''] : hex;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (head === undefined || tail === undefined) return false;
  if (halves.length === 2 && head.includes('') && halves[1] !== '') return false;
  const count = head.length + tail.length;
  return halves.length === 2 ? count <= 7 : count === 8;
}

type AuthoritySteps = Pick<
  ResolvedOptions,
  'lowercaseHost' | 'removeWww' | 'addWww' | 'removeDefaultPort'
>;

/** normalizeAuthority as 21653fc left it: every authority split and joined again. */
export function oracleNormalizeAuthority(
  authority: string,
  writtenScheme: string,
  scheme: string,
  o: AuthoritySteps,
): string {
  const parts = splitAuthority(authority);
  if (o.lowercaseHost) parts.host = lowercaseHost(parts.host);
  if (o.removeWww) parts.host = removeWww(parts.host);
  if (o.addWww) parts.host = addWww(parts.host);
  if (
    o.removeDefaultPort &&
    parts.port !== undefined &&
    (isDefaultPort(parts.port, scheme) || isDefaultPort(parts.port, writtenScheme))
  ) {
    parts.port = undefined;
  } else if (o.removeDefaultPort && parts.port !== undefined && /^0+[0-9]/.test(parts.port)) {
    parts.port = parts.port.replace(/^0+(?=[0-9])/, '');
  }
  return joinAuthority(parts);
}

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
