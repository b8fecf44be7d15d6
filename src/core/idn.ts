// Host names the way browsers read them (WHATWG URL host parsing: UTS #46 non-transitional
// processing, CheckBidi, CheckJoiners), plus the stricter IDNA lookup checks AMP Caches apply.
import * as punycode from 'punycode/';
import { bidiRuleProblem } from './bidi';
import { UrlError } from './errors';

/** Shortens what a message quotes: inputs can be megabytes long. */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

// Characters that would end or reshape a host inside a URL (path, query, fragment, userinfo,
// port), and the whitespace and controls the URL parser silently strips.
const HOST_BREAKERS = /[\u0000-\u0020\u007f/\\?#@]/;
// Lower-case LDH hosts whose last label cannot be an IPv4 number: `new URL` leaves them as they are.
const PLAIN_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/;
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/;

/**
 * The ASCII serialization browsers give a host: lower case, UTS #46 mapped (non-transitional,
 * so `faß.de` stays `xn--fa-hia.de`), IDNs as `xn--` labels, IPv4 numbers in dotted decimal,
 * IPv6 in brackets, compressed. Throws `UrlError('invalid-host')` for anything a browser refuses.
 */
export function hostToAscii(host: string): string {
  if (typeof host !== 'string' || host === '') throw new UrlError('invalid-host', 'The host is empty.');
  if (PLAIN_HOST.test(host) && !host.includes('xn--') && !NUMERIC_LAST_LABEL.test(host)) return host;
  if (HOST_BREAKERS.test(host)) {
    throw new UrlError('invalid-host', `The host ${quote(host)} contains whitespace, a control character or one of / \\ ? # @.`);
  }
  const bracketed = host.startsWith('[') && host.endsWith(']');
  if (!bracketed && host.includes(':')) {
    throw new UrlError('invalid-host', `The host ${quote(host)} contains ":" (a port belongs outside the host; IPv6 addresses need brackets).`);
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${host}/`).hostname;
  } catch {
    throw new UrlError('invalid-host', `The host ${quote(host)} is not a valid domain name or IP address (UTS #46).`);
  }
  if (ascii === '') throw new UrlError('invalid-host', 'The host is empty.');
  // Node's URL (unlike Chrome's) skips the Bidi rule that UTS #46 CheckBidi requires.
  if (ascii.includes('xn--')) {
    const problem = bidiRuleProblem(hostToUnicode(ascii).split('.'));
    if (problem) throw new UrlError('invalid-host', `The host ${quote(host)} breaks the Bidi rule (RFC 5893): ${problem}.`);
  }
  return ascii;
}

/** The Unicode (display) form of an ASCII host: each `xn--` label decoded. Never throws. */
export function hostToUnicode(asciiHost: string): string {
  if (!asciiHost.includes('xn--')) return asciiHost;
  return asciiHost
    .split('.')
    .map((label) => {
      if (!label.startsWith('xn--')) return label;
      try {
        return punycode.decode(label.slice(4));
      } catch {
        return label;
      }
    })
    .join('.');
}

/** True for an IPv6 literal (bracketed) host. */
export function isIpv6(host: string): boolean {
  return host.startsWith('[');
}

/** True for a dotted-decimal IPv4 host as `hostToAscii` returns it. */
export function isIpv4(asciiHost: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(asciiHost);
}

/**
 * Why an ASCII host (from `hostToAscii`) fails the stricter IDNA checks of DNS lookups, which
 * browsers skip: STD3 characters (no `_`), CheckHyphens (no leading or trailing `-`, no `--` at
 * positions 3-4 unless an A-label), label length 1-63, name length at most 253. Undefined if none.
 */
export function strictDomainProblem(asciiHost: string): string | undefined {
  if (asciiHost.length > 253) return 'the domain is longer than 253 characters';
  for (const label of asciiHost.split('.')) {
    if (label === '') return 'the domain has an empty label';
    if (label.length > 63) return 'a label is longer than 63 characters';
    if (!/^[a-z0-9-]+$/.test(label)) return `the label ${quote(label)} has a character other than a-z, 0-9 and -`;
    const text = label.startsWith('xn--') ? hostToUnicode(label) : label;
    if (text.startsWith('-') || text.endsWith('-')) return `the label ${quote(label)} starts or ends with -`;
    if (text.slice(2, 4) === '--') return `the label ${quote(label)} has -- at positions 3-4 but is not an A-label`;
  }
  return undefined;
}
