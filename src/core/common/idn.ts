// Host names the way browsers read them (WHATWG URL host parsing: UTS #46 non-transitional
// processing, CheckBidi, CheckJoiners), plus the stricter IDNA lookup checks AMP Caches apply.
import * as punycode from 'punycode/';
import { bidiRuleProblem } from './bidi';
import { UrlError } from './errors';
import { memoize } from './memo';

/** Shortens what a message quotes: inputs can be megabytes long. */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

// Characters that would end or reshape a host inside a URL (path, query, fragment, userinfo,
// port), and the whitespace and controls the URL parser silently strips.
const HOST_BREAKERS = /[\u0000-\u0020\u007f/\\?#@]/;
// Lower-case LDH hosts whose last label cannot be an IPv4 number: `new URL` leaves them as they are.
const PLAIN_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/;
const PLAIN_LABEL = /^[a-z0-9-]*$/;
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/;
// Dots UTS #46 maps to U+002E, which separate labels just like it.
const LABEL_SEPARATORS = /[.\u3002\uff0e\uff61]/;

/**
 * Bounds on a host as written, checked before any IDNA or Punycode work (both cost more than
 * linear time on one long label). The DNS limits (RFC 1035: 253 characters, 63 per label) apply
 * to the ASCII form, after mapping, and a valid host can be written much longer: every character
 * percent-escaped (`%E4%BE%8B`, 9 characters for one), full-width dots, ignored code points
 * (U+00AD). These bounds are far above any such spelling of a valid host and far below a hostile
 * one: 4096 characters in all, 1024 per label (so Punycode never sees more than 1024 characters).
 */
export const MAX_HOST_INPUT = 4096;
export const MAX_LABEL_INPUT = 1024;

/** Why a host as written is over `MAX_HOST_INPUT` / `MAX_LABEL_INPUT`, or undefined. Linear. */
export function hostInputProblem(host: string): string | undefined {
  if (host.length > MAX_HOST_INPUT)
    return `the host is ${host.length} characters long, more than any spelling of a DNS name (at most ${MAX_HOST_INPUT} read)`;
  let start = 0;
  for (let i = 0; i <= host.length; i++) {
    const c = i < host.length ? host.charCodeAt(i) : 46;
    if (c === 46 || c === 0x3002 || c === 0xff0e || c === 0xff61) {
      if (i - start > MAX_LABEL_INPUT)
        return `a label is ${i - start} characters long, more than any spelling of a DNS label (at most ${MAX_LABEL_INPUT} read)`;
      start = i + 1;
    }
  }
  return undefined;
}

/**
 * Why an ASCII host breaks the DNS length limits (RFC 1035 2.3.4: 253 characters without the
 * final dot, 63 per label), or undefined. Empty labels are left to `strictDomainProblem`.
 */
export function dnsLengthProblem(asciiHost: string): string | undefined {
  const host = asciiHost.endsWith('.') ? asciiHost.slice(0, -1) : asciiHost;
  if (host.length > 253)
    return `its ASCII form is ${host.length} characters long; DNS names have at most 253`;
  let start = 0;
  for (let i = 0; i <= host.length; i++) {
    if (i < host.length && host.charCodeAt(i) !== 46) continue;
    if (i - start > 63)
      return `a label of its ASCII form is ${i - start} characters long; DNS labels have at most 63`;
    start = i + 1;
  }
  return undefined;
}

/** A host in both forms browsers use: ASCII (`xn--`) for the wire, Unicode for display. */
export interface HostForms {
  ascii: string;
  unicode: string;
}

/** One `xn--` label decoded (memoized: IDN labels repeat across hosts); itself if undecodable. */
const decodeLabel = memoize((label: string): string => {
  try {
    return punycode.decode(label.slice(4));
  } catch {
    return label;
  }
});

/** The Unicode (display) form of an ASCII host: each `xn--` label decoded. Throws only for a non-string. */
export function hostToUnicode(asciiHost: string): string {
  if (typeof asciiHost !== 'string')
    throw new UrlError('invalid-host', 'The host must be a string.');
  if (!asciiHost.includes('xn--')) return asciiHost;
  return asciiHost
    .split('.')
    .map((label) => (label.startsWith('xn--') ? decodeLabel(label) : label))
    .join('.');
}

function invalidHost(host: string, why = ''): UrlError {
  return new UrlError(
    'invalid-host',
    `The host ${quote(host)} is not a valid domain name or IP address (UTS #46)${why}.`,
  );
}

/** The whole host through the WHATWG URL parser: the reference behaviour. */
function parseHost(host: string): HostForms {
  let ascii: string;
  try {
    ascii = new URL(`http://${host}/`).hostname;
  } catch {
    throw invalidHost(host);
  }
  return { ascii, unicode: hostToUnicode(ascii) };
}

/**
 * One label through the URL parser, memoized. Undefined when the label cannot be converted
 * alone (it maps to dots, or reads as a number): the caller then parses the whole host.
 * Throws for a label browsers refuse.
 */
const labelToAscii = memoize((label: string): string | undefined => {
  const ascii = new URL(`http://${label}/`).hostname;
  return ascii.includes('.') || !/[a-z-]/.test(ascii) || ascii.startsWith('0x') ? undefined : ascii;
});

/**
 * `parseHost`, label by label where possible: UTS #46 maps, normalizes and checks each label on
 * its own, so the result is the same, and repeated IDN labels cost a lookup.
 */
function hostFormsByLabel(host: string): HostForms {
  if (host.includes('%') || host.startsWith('[')) return parseHost(host);
  const ascii = host.split(LABEL_SEPARATORS);
  const unicode = ascii.slice();
  for (let i = 0; i < ascii.length; i++) {
    const label = ascii[i];
    if (PLAIN_LABEL.test(label) && !label.startsWith('xn--')) continue;
    let converted: string | undefined;
    try {
      converted = labelToAscii(label);
    } catch {
      throw invalidHost(host, `: the label ${quote(label)} is invalid`);
    }
    if (converted === undefined) return parseHost(host);
    ascii[i] = converted;
    unicode[i] = converted.startsWith('xn--') ? decodeLabel(converted) : converted;
  }
  const forms = { ascii: ascii.join('.'), unicode: unicode.join('.') };
  // A last label that reads as a number makes the whole host an IPv4 address (or invalid).
  return NUMERIC_LAST_LABEL.test(forms.ascii) ? parseHost(host) : forms;
}

// Every R, AL and AN code point lies in these ranges (astral: U+10800-10FFF, U+1E800-1EFFF).
const MAYBE_RTL =
  /[\u0590-\u08ff\u200f\ufb1d-\ufdff\ufe70-\ufeff]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/;

/** Could this text hold a right-to-left character (R, AL or AN)? False means surely not. */
export function mayBeRtl(text: string): boolean {
  return MAYBE_RTL.test(text);
}

/**
 * A host as browsers read it, in ASCII and Unicode form: lower case, UTS #46 mapped
 * (non-transitional, so `faß.de` stays `xn--fa-hia.de`), IPv4 numbers in dotted decimal, IPv6
 * in brackets. Throws `UrlError('invalid-host')` for anything a browser refuses.
 */
export function hostForms(host: string): HostForms {
  if (typeof host !== 'string' || host === '')
    throw new UrlError('invalid-host', 'The host is empty.');
  const tooLong = hostInputProblem(host);
  if (tooLong) throw new UrlError('invalid-host', `The host is refused: ${tooLong}.`);
  if (PLAIN_HOST.test(host) && !host.includes('xn--') && !NUMERIC_LAST_LABEL.test(host))
    return { ascii: host, unicode: host };
  if (HOST_BREAKERS.test(host)) {
    throw new UrlError(
      'invalid-host',
      `The host ${quote(host)} contains whitespace, a control character or one of / \\ ? # @.`,
    );
  }
  if (host.includes(':') && !(host.startsWith('[') && host.endsWith(']'))) {
    throw new UrlError(
      'invalid-host',
      `The host ${quote(host)} contains ":" (a port belongs outside the host; IPv6 addresses need brackets).`,
    );
  }
  const forms = hostFormsByLabel(host);
  if (forms.ascii === '') throw new UrlError('invalid-host', 'The host is empty.');
  // Node's URL (unlike Chrome's) skips the Bidi rule that UTS #46 CheckBidi requires.
  if (MAYBE_RTL.test(forms.unicode)) {
    const problem = bidiRuleProblem(forms.unicode.split('.'));
    if (problem)
      throw new UrlError(
        'invalid-host',
        `The host ${quote(host)} breaks the Bidi rule (RFC 5893): ${problem}.`,
      );
  }
  return forms;
}

/**
 * The ASCII serialization browsers give a host (see `hostForms`): what other modules compare,
 * hash and print. Throws `UrlError('invalid-host')` for anything a browser refuses.
 */
export function hostToAscii(host: string): string {
  return hostForms(host).ascii;
}

/** True for an IPv6 literal (bracketed) host. */
export function isIpv6(host: string): boolean {
  return host.startsWith('[');
}

/** True for a dotted-decimal IPv4 host as `hostToAscii` returns it. */
export function isIpv4(asciiHost: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(asciiHost);
}

/** Why an A-label fails CheckHyphens, judged on its Unicode form, or '' (memoized: A-labels repeat). */
const aLabelProblem = memoize((label: string): string => {
  const decoded = decodeLabel(label);
  // RFC 5891 4.4 / UTS #46 4.1: an A-label stands for a U-label, so it must decode to non-ASCII
  // (`xn--a-` decodes to `a`, which the reverse could not map back to the same prefix).
  if (/^[\u0000-\u007f]*$/.test(decoded))
    return `the label ${quote(label)} is not a valid A-label: it does not decode to non-ASCII`;
  const text = Array.from(decoded);
  if (text[0] === '-' || text[text.length - 1] === '-')
    return `the label ${quote(label)} starts or ends with -`;
  if (text[2] === '-' && text[3] === '-')
    return `the label ${quote(label)} has -- at positions 3-4 but is not an A-label`;
  return '';
});

/** Why one ASCII label fails the strict lookup checks, or ''. */
function labelProblem(label: string): string {
  if (label === '') return 'the domain has an empty label';
  if (label.length > 63) return 'a label is longer than 63 characters';
  if (!/^[a-z0-9-]+$/.test(label))
    return `the label ${quote(label)} has a character other than a-z, 0-9 and -`;
  if (label.startsWith('xn--')) return aLabelProblem(label);
  if (label.startsWith('-') || label.endsWith('-'))
    return `the label ${quote(label)} starts or ends with -`;
  if (label[2] === '-' && label[3] === '-')
    return `the label ${quote(label)} has -- at positions 3-4 but is not an A-label`;
  return '';
}

/**
 * Why an ASCII host (from `hostToAscii`) fails the stricter IDNA checks of DNS lookups, which
 * browsers skip: STD3 characters (no `_`), CheckHyphens (no leading or trailing `-`, no `--` at
 * positions 3-4 unless an A-label), label length 1-63, name length at most 253. Undefined if none.
 */
export function strictDomainProblem(asciiHost: string): string | undefined {
  if (asciiHost.length > 253) return 'the domain is longer than 253 characters';
  for (const label of asciiHost.split('.')) {
    const problem = labelProblem(label);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * `strictDomainProblem(host) === undefined` and no label over 63 characters, for a host of
 * lower-case LDH labels and dots, in one pass without a split (the reverse's look-alike check
 * asks it of every IDN cache URL). False also for a few hosts the strict checks accept (an A-label
 * ending with `-`): callers take false as "ask the full reading".
 */
export function isLookupLdhDomain(host: string): boolean {
  if (host.length > 253) return false;
  let start = 0;
  for (let i = 0; i <= host.length; i++) {
    if (i < host.length && host.charCodeAt(i) !== 46) continue;
    const n = i - start;
    if (n === 0 || n > 63 || host.charCodeAt(start) === 45 || host.charCodeAt(i - 1) === 45)
      return false;
    if (n >= 4 && host.charCodeAt(start + 2) === 45 && host.charCodeAt(start + 3) === 45) {
      if (!host.startsWith('xn--', start) || aLabelProblem(host.slice(start, i)) !== '')
        return false;
    }
    start = i + 1;
  }
  return true;
}
