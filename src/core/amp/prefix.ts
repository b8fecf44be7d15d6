// Publisher host -> AMP Cache domain prefix (docs/specs.md, AMP Cache "Domain prefix").
// Three paths give the same prefix (a property test checks it): plain lower-case hosts in one
// pass, other hosts label by label with memoized IDN labels, and the general path for the rest.
import * as punycode from 'punycode/';
import { base32 } from '../common/base32';
import { bidiRuleProblem } from '../common/bidi';
import { UrlError } from '../common/errors';
import {
  dnsLengthProblem,
  hostForms,
  isIpv6,
  mayBeRtl,
  quote,
  strictDomainProblem,
  type HostForms,
} from '../common/idn';
import { memoize } from '../common/memo';
import { sha256Utf8 } from '../common/sha256';

/** The fallback prefix: base32(SHA-256(domain)) without its `====` padding, 52 characters. */
function hashedPrefix(asciiDomain: string): string {
  return base32(sha256Utf8(asciiDomain)).slice(0, 52);
}

// `--` at (1-based) code point positions 3 and 4 (of `text` from `from`) is reserved for A-labels
// (`xn--`), hence the wrap. Positions count code points: an emoji before them is one character,
// two UTF-16 units.
export function hyphensAt3And4(text: string, from = 0): boolean {
  let i = from;
  for (let k = 0; k < 2 && i < text.length; k++) i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  return text.charCodeAt(i) === 45 && text.charCodeAt(i + 1) === 45;
}

/**
 * The domain prefix of a host already in browser ASCII form (see `hostToAscii`).
 * Decisions where sources differ (each has a test in test/unit/core/amp/prefix.test.ts):
 * - Labels that are not valid IDNA for lookup (`_`, leading/trailing `-`, `--` at positions 3-4
 *   outside an A-label, empty labels) get the hash, as amppackager's
 *   `ToCacheURLSubdomain` (Go idna lookup profile) does; the spec text only mentions length.
 * - A readable prefix without any `-` (a dotless host such as `localhost`) gets the hash, as in
 *   amppackager: the reverse tells hashes from readable prefixes by the hyphen.
 * - `--` at positions 3-4 of the readable form is wrapped as `0-…-0` (spec, amphtml #26205),
 *   where amppackager's older tests expect the hash (`in-trouble.com`, `a--problem.com`).
 * - Mapping is UTS #46 non-transitional, as in browsers: `faß.de` -> `xn--fa-de-mqa`, where
 *   amppackager's transitional mapping gives `fass-de`.
 * - Hosts over the DNS limits (253 characters, 63 per label, in ASCII form) are refused
 *   (`publisherHost`): the cache could not fetch them. Valid long hosts get the hash.
 * - The 63-character limit applies to the final label (after the wrap and Punycode), and the
 *   final label must pass the Bidi rule (mixed-direction labels get the hash, as in amppackager).
 * - The hash input is the ASCII lower-case domain, so a domain gives one prefix whatever its
 *   spelling (amppackager hashes the host as written).
 */
function prefixOf({ ascii, unicode }: HostForms): string {
  if (strictDomainProblem(ascii)) return hashedPrefix(ascii);
  let readable = unicode.replace(/-/g, '--').replace(/\./g, '-');
  if (!readable.includes('-')) return hashedPrefix(ascii);
  if (hyphensAt3And4(readable)) readable = `0-${readable}-0`;
  const label = unicode === ascii ? readable : `xn--${punycode.encode(readable)}`;
  if (label.length > 63) return hashedPrefix(ascii);
  if (unicode !== ascii && bidiRuleProblem([readable])) return hashedPrefix(ascii);
  return label;
}

/** A publisher host in both forms; IPv6 literals are refused. */
function publisherHost(host: string): HostForms {
  const forms = hostForms(host); // refuses hosts over the bounds on input before IDNA work
  // The cache fetches the publisher over DNS: a name over its limits cannot be fetched at all,
  // so there is no cache URL (not a hash of a host nobody can serve).
  const tooLong = isIpv6(forms.ascii) ? undefined : dnsLengthProblem(forms.ascii);
  // A host of dots only (`http://．` is host `.`) names nothing, and in the cache path it would
  // read as a dot segment (`/c/./`), which a browser resolves away.
  if (/^\.*$/.test(forms.ascii))
    throw new UrlError(
      'invalid-host',
      `The host ${quote(host)} is not a DNS name: it has no label.`,
    );
  if (tooLong)
    throw new UrlError('invalid-host', `The host ${quote(host)} is not a DNS name: ${tooLong}.`);
  // amppackager strips the brackets (`/c/s/::1/…` cannot be parsed back) and the toolbox hashes
  // `[::1]`; neither gives a usable URL, so IPv6 hosts are refused. IPv4 hosts stay readable
  // (`1-2-3-4`), as in both implementations.
  if (isIpv6(forms.ascii))
    throw new UrlError(
      'invalid-host',
      `The host ${quote(host)} is an IPv6 address: AMP Cache URLs need a domain name or IPv4 address.`,
    );
  return forms;
}

/** A publisher host in ASCII form and its domain prefix. */
export interface HostInfo {
  ascii: string;
  prefix: string;
}

/**
 * Fast path for the common host: lower-case LDH labels, no `xn--`, no IPv4-like last label, every
 * label valid for lookup: its domain prefix, in one pass. Undefined sends the host to
 * the general path (`hostForms`, `prefixOf`), which gives the same answer for these hosts.
 */
export function plainPrefix(host: string): string | undefined {
  const n = host.length;
  if (n > 253) return undefined;
  // The readable form is collected while checking, as char codes (hyphens doubled, dots as
  // hyphens): one flat string at the end, measured faster than slices, `replaceAll` or a 2nd pass.
  const codes: number[] = [];
  let start = 0;
  let hyphens = 0;
  let letters = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? host.charCodeAt(i) : 46;
    if (c === 46) {
      const len = i - start;
      if (len === 0 || len > 63 || host.charCodeAt(start) === 45 || host.charCodeAt(i - 1) === 45)
        return undefined;
      // `--` at positions 3-4: an A-label (needs decoding) or not valid IDNA (gets the hash).
      if (len > 3 && host.charCodeAt(start + 2) === 45 && host.charCodeAt(start + 3) === 45)
        return undefined;
      if (i < n) {
        codes.push(45);
      } else if (
        !letters ||
        (host.charCodeAt(start) === 48 && host.charCodeAt(start + 1) === 120)
      ) {
        return undefined; // A last label of digits or `0x…` makes browsers parse the host as an IPv4 address.
      }
      start = i + 1;
      letters = false;
    } else if (c === 45) {
      codes.push(45, 45);
      hyphens++;
      letters = true;
    } else if (c >= 97 && c <= 122) {
      codes.push(c);
      letters = true;
    } else if (c >= 48 && c <= 57) {
      codes.push(c);
    } else {
      return undefined;
    }
  }
  // No dot and no hyphen: a readable prefix without `-` (`localhost`), which the general path
  // hashes. Over 59 characters the wrap could pass 63: the general path decides.
  if ((hyphens === 0 && !host.includes('.')) || codes.length > 59) return undefined;
  const readable = String.fromCharCode(...codes);
  return readable.charCodeAt(2) === 45 && readable.charCodeAt(3) === 45
    ? `0-${readable}-0`
    : readable;
}

/** The general path: the whole host through `hostForms`, then `prefixOf`. The reference of the others. */
export function generalHostInfo(host: string): HostInfo {
  const forms = publisherHost(host);
  return { ascii: forms.ascii, prefix: prefixOf(forms) };
}

/** What one label that is not plain LDH contributes; undefined sends its host to the general path. */
interface LabelPart {
  ascii: string;
  readable: string; // Unicode, hyphens doubled
  unicode: boolean; // does the label need Punycode?
  valid: boolean; // passes the strict lookup checks
}

// Hosts the label-wise path leaves alone: percent-escapes, IPv6, other dots, URL delimiters, blanks.
// Checked per label inside the memo: plain labels cannot hold them, and the rest repeat.
const NOT_LABELWISE = /[%[\]\u3002\uff0e\uff61\u0000-\u0020\u007f/\\?#@:]/;

/** Label as written -> its part, memoized: IDN labels repeat across hosts. */
const labelPart = memoize((label: string): LabelPart | null => {
  if (NOT_LABELWISE.test(label)) return null;
  let forms: HostForms;
  try {
    forms = hostForms(label);
  } catch {
    return null; // the general path explains the refusal for the whole host
  }
  // Labels that map to dots or numbers, and right-to-left ones (the Bidi rule spans the whole
  // domain), are left to the general path.
  if (forms.ascii.includes('.') || !/[a-z]/.test(forms.ascii) || mayBeRtl(forms.unicode))
    return null;
  return {
    ascii: forms.ascii,
    readable: forms.unicode.replaceAll('-', '--'),
    unicode: forms.unicode !== forms.ascii,
    valid: strictDomainProblem(forms.ascii) === undefined,
  };
});

// A label valid for lookup as it is: 1-63 of a-z, 0-9 and inner `-`, no `--` at 3-4 (so no `xn--`).
// Any other label goes through the memo, which judges it the same way (`valid`).
const PLAIN_LABEL = /^(?!..--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NUMBER_LABEL = /^(?:\d+|0x[0-9a-f]*)$/;

/**
 * Label-wise path for hosts with upper case or IDN labels: plain labels are taken as they are,
 * the others from the label memo, so only the Punycode encoding of the prefix is per host.
 */
function labelwiseHostInfo(host: string): HostInfo | undefined {
  if (host.length > 1000) return undefined;
  let ascii = '';
  let readable = '';
  let unicode = false;
  let lastAscii = '';
  for (let start = 0; start <= host.length;) {
    const dot = host.indexOf('.', start);
    const end = dot < 0 ? host.length : dot;
    const label = host.slice(start, end);
    const first = start === 0;
    start = end + 1;
    let labelAscii = label;
    let labelReadable = label;
    if (PLAIN_LABEL.test(label)) {
      if (label.includes('-')) labelReadable = label.replaceAll('-', '--');
    } else {
      const part = labelPart(label);
      if (!part?.valid) return undefined;
      labelAscii = part.ascii;
      labelReadable = part.readable;
      unicode ||= part.unicode;
    }
    ascii += first ? labelAscii : `.${labelAscii}`;
    readable += first ? labelReadable : `-${labelReadable}`;
    lastAscii = labelAscii;
  }
  // A last label that reads as a number makes browsers parse the host as an IPv4 address.
  if (ascii.length > 253 || NUMBER_LABEL.test(lastAscii) || !readable.includes('-'))
    return undefined;
  if (hyphensAt3And4(readable)) readable = `0-${readable}-0`;
  const prefix = unicode ? `xn--${punycode.encode(readable)}` : readable;
  return prefix.length > 63 ? undefined : { ascii, prefix };
}

/** Memo of the general path: URLs often repeat a host. */
const memoHostInfo = memoize(generalHostInfo, 64);

/** Host as written -> ASCII form and domain prefix. Throws `UrlError('invalid-host')`. */
export function hostInfo(host: string): HostInfo {
  const prefix = plainPrefix(host);
  return prefix === undefined ? otherHostInfo(host) : { ascii: host, prefix };
}

/** `hostInfo` of a host that `plainPrefix` leaves alone, so callers that tried it need not twice. */
export function otherHostInfo(host: string): HostInfo {
  return labelwiseHostInfo(host) ?? memoHostInfo(host);
}
