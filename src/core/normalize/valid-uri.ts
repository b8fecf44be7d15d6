// What normalize refuses as no URI (RFC 3986's grammar, with RFC 3987's non-ASCII characters and
// RFC 6874's IPv6 zone IDs): a control character or a space anywhere, a host that holds what no
// host holds, a bad IP literal, a port that is no number. Refused with the reason, never returned
// "normalized". Left as written, as before: a stray `%`, and `"`, `[`, `{` and the like in a
// path, query or fragment, which browsers and servers read (normalize never re-encodes).
// Every URL normalize sees passes here: the common case (none of those characters, a plain host)
// is read in the one pass that splits the URL, without copies; the checks after it only name
// what is wrong, and read what is rare (a userinfo, an IP literal).
import { UrlError } from '../common/errors';
import { splitUri, type UriParts } from '../common/uri';

// Never in a URI: C0 and C1 controls, space, DEL, line and paragraph separators and Bidi
// controls (RFC 3987 3.1 excludes them from IRIs).
const NEVER_CHARS = String.raw`\u0000-\u0020\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const NEVER = new RegExp(`[${NEVER_CHARS}]`);
// What no reg-name holds: `@` and `:` (the userinfo and port are split off), `[` and `]`
// (gen-delims only an IP literal holds) and what the grammar leaves out.
const NOT_IN_HOST = String.raw`@:"<>\\^\`{|}[\]`;
// splitUri's pattern (RFC 3986 appendix B) with the characters never in a URI left out of every
// component: it matches exactly the strings that hold none, and splits them as splitUri does. The
// authority is group 2 when it is a plain host with an optional numeric port (the common case,
// which needs no further check), group 3 otherwise. Either must run to the authority's end (the
// lookahead), so that a failed match gives up in linear time instead of trying every shorter
// authority with the path after it.
const CLEAN_URI = new RegExp(
  String.raw`^(?:([^:/?#${NEVER_CHARS}]+):)?` + // scheme
    String.raw`(?:\/\/(?:([^/?#${NEVER_CHARS}${NOT_IN_HOST}]*(?::[0-9]*)?)` + // plain authority
    String.raw`|([^/?#${NEVER_CHARS}]*))(?=[/?#]|$))?` + // any other authority
    String.raw`([^?#${NEVER_CHARS}]*)` + // path
    String.raw`(?:\?([^#${NEVER_CHARS}]*))?(?:#([^${NEVER_CHARS}]*))?$`, // query, fragment
);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
// `[` and `]` are gen-delims that only an IP literal holds.
const BRACKET = /[[\]]/;
// A reg-name: no `@` or `:` (the userinfo and port are split off), nor what the grammar leaves out.
const REG_NAME_BAD = /[@:"<>\\^`{|}]/;
const PORT = /^[0-9]*$/;
const IPV_FUTURE = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

function refuse(reason: string): never {
  throw new UrlError('invalid-url', `Not a valid URI (RFC 3986): ${reason}.`);
}

/** A character as a message names it: printable ones quoted, the others by code point. */
function named(c: string): string {
  if (c === ' ') return 'a space';
  const code = c.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code < 0x21 || (code >= 0x7f && code <= 0x9f) || code > 0x2000
    ? `the invisible character ${hex}`
    : `the character ${JSON.stringify(c)}`;
}

/**
 * Splits an absolute URI into its components, as splitUri does. Throws UrlError 'relative-url'
 * for a string without a scheme (a relative reference has no meaning alone) and 'invalid-url' with
 * the reason for one that is no valid URI; the scheme is checked first.
 */
export function splitValidUri(url: string): UriParts & { scheme: string } {
  const clean = CLEAN_URI.exec(url) as (string | undefined)[] | null; // groups may be absent
  const parts = clean === null ? splitUri(url) : partsOf(clean);
  if (parts.scheme === undefined || !SCHEME.test(parts.scheme)) refuseRelative(url);
  if (clean === null) refuseNever(url);
  // A plain host and port (group 2) needs no more; any other authority is read in full.
  if (clean[3] !== undefined) checkAuthority(clean[3]);
  return parts as UriParts & { scheme: string }; // checked above
}

function partsOf(m: (string | undefined)[]): UriParts {
  return { scheme: m[1], authority: m[2] ?? m[3], path: m[4] ?? '', query: m[5], fragment: m[6] };
}

function refuseRelative(url: string): never {
  // Not trimmed: a removed fragment could expose inner whitespace, and a second pass would trim it.
  const hint = /^\s/.test(url) ? ' Remove the whitespace before it.' : '';
  throw new UrlError(
    'relative-url',
    `Only an absolute URI with a scheme can be normalized, like https://example.com/.${hint}`,
  );
}

/** Refuses `url`, which CLEAN_URI did not match: it holds a character never in a URI. */
function refuseNever(url: string): never {
  const never = NEVER.exec(url);
  const at = never === null ? 0 : never.index;
  refuse(`${named(url[at])} at position ${at + 1}`);
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

const HEX16 = /^[0-9A-Fa-f]{1,4}$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// RFC 6874: a zone ID after `%25`, of unreserved characters and percent-escapes.
const ZONE = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;

/** IPv6address of RFC 3986 (3.2.2), with an optional RFC 6874 zone ID. */
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
    return v4 ? [...hex, '', ''] : hex; // an IPv4 tail counts as two groups
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (head === undefined || tail === undefined) return false;
  // An IPv4 tail only at the very end.
  if (halves.length === 2 && head.includes('') && halves[1] !== '') return false;
  const count = head.length + tail.length;
  return halves.length === 2 ? count <= 7 : count === 8;
}
