// The host steps of Safe Browsing canonicalization: IDN, dots, IP literals, lowercase, escaping.
import { UrlError } from '../common/errors';
import { MAX_HOST_INPUT, hostToAscii, isIpv4 } from '../common/idn';
import { memoize } from '../common/memo';
import { escapeBytes, stringToBytes, unescapeOnce } from './escape';
import { formatIPv6Host, legacyIPv4, parseIPv6 } from './ip';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Canonical host from the (already fully unescaped, then escaped) host text of the URL.
 * The result is escaped again and is one of: a name, a dotted IPv4 address, or `[IPv6]`.
 */
export function canonicalHost(escapedHost: string): string {
  if (isPlainName(escapedHost)) return escapedHost;
  // Only hosts of real-world length are remembered, so the memo never holds megabytes.
  return escapedHost.length <= 512 ? rememberedHost(escapedHost) : hostWithWork(escapedHost);
}

/** Lowercase, no escapes, no stray dots, not an IP: already canonical (the common case). */
function isPlainName(host: string): boolean {
  const first = host.charCodeAt(0);
  if (
    (first >= 0x30 && first <= 0x39) ||
    first === 0x2e ||
    first === 0x5b ||
    host.charCodeAt(host.length - 1) === 0x2e
  )
    return false;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (
      c === 0x25 /* % */ ||
      (c >= 0x41 && c <= 0x5a) ||
      (c === 0x2e && host.charCodeAt(i + 1) === 0x2e)
    )
      return false;
  }
  return true;
}

function hostWithWork(escapedHost: string): string {
  const bytes = collapseDots(unescapeOnce(escapedHost));
  if (bytes.startsWith('[')) return ipv6Host(bytes);
  // IDNA can map characters to dots (`。`), so dots are collapsed again after it.
  let host = hasHighBytes(bytes) ? collapseDots(idnToAscii(boundedForIdna(bytes))) : bytes;
  if (host === '') throw new UrlError('invalid-host', 'The URL has no host name.');
  // A name must not read as an IP literal when the canonical URL is read again.
  if (host.startsWith('['))
    throw new UrlError('invalid-host', 'The host starts with "[" but is not an IPv6 address.');
  host = lowerAscii(host);
  return legacyIPv4(host) ?? escapeBytes(host);
}

// IDNA and IP parsing are the costly steps, and the URLs of a document repeat a few hosts.
const rememberedHost = memoize(hostWithWork);

function ipv6Host(bytes: string): string {
  const groups = bytes.endsWith(']') ? parseIPv6(bytes.slice(1, -1)) : undefined;
  if (!groups)
    throw new UrlError(
      'invalid-host',
      `"${escapeBytes(bytes.slice(0, 60))}" is not a valid IPv6 address.`,
    );
  return formatIPv6Host(groups);
}

/**
 * Bounded cost: a host that needs IDNA and is longer than any spelling of a DNS name is refused
 * before the IDNA and Punycode work (ASCII hosts need none and are read in linear time).
 */
function boundedForIdna(bytes: string): string {
  if (bytes.length <= MAX_HOST_INPUT) return bytes;
  throw new UrlError(
    'invalid-host',
    `The host needs IDNA and is ${bytes.length} bytes long, more than any spelling of a DNS name (at most ${MAX_HOST_INPUT} read).`,
  );
}

function hasHighBytes(bytes: string): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes.charCodeAt(i) >= 0x80) return true;
  return false;
}

/**
 * IDN to Punycode with the browser's rules (`hostToAscii`). When the whole host is refused (it
 * also holds characters a browser forbids, or is not UTF-8), each non-ASCII label is tried on its
 * own, and a label still refused keeps its bytes (escaped later, like `%01%80.com` in the spec's
 * table): Safe Browsing must produce a key even for hosts a browser would not resolve, because
 * such URLs still appear in mail, documents and logs.
 */
function idnToAscii(bytes: string): string {
  const whole = toAscii(bytes);
  if (whole !== undefined) return whole;
  return bytes
    .split('.')
    .map((label) => {
      if (!hasHighBytes(label)) return label;
      const ascii = toAscii(label);
      // Alone, a label of fullwidth digits would read as an IPv4 number (`１` → `0.0.0.1`).
      return ascii === undefined || isIpv4(ascii) ? label : ascii;
    })
    .join('.');
}

/** `hostToAscii` of UTF-8 bytes, or `undefined` when they are not UTF-8 or IDNA refuses them. */
function toAscii(bytes: string): string | undefined {
  let ascii: string;
  try {
    ascii = hostToAscii(utf8.decode(stringToBytes(bytes)));
  } catch {
    return undefined; // not UTF-8, or refused (UrlError); no other failure may escape either
  }
  // Browsers never return a host with these; the guard keeps a re-read URL's structure intact.
  return /^[\x21-\x7e]*$/.test(ascii) && !/[/\\?#%@:[\]]/.test(ascii) ? ascii : undefined;
}

/** Removes leading and trailing dots and collapses runs of dots (linear, no regex backtracking). */
function collapseDots(host: string): string {
  if (
    !host.includes('..') &&
    host.charCodeAt(0) !== 0x2e &&
    host.charCodeAt(host.length - 1) !== 0x2e
  )
    return host;
  return host
    .split('.')
    .filter((label) => label !== '')
    .join('.');
}

/** Lowercases A-Z only: other bytes are raw bytes, not characters. */
function lowerAscii(host: string): string {
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return host.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  }
  return host;
}
