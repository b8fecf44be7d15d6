// Cache origin -> publisher domain (docs/specs.md, AMP Cache "Reverse", steps 3.1-3.3): a readable
// prefix decoded, a hashed one matched against candidates.
import * as punycode from 'punycode/';
import { domainPrefix } from './cache-url';
import { type AmpCache } from './caches';
import { matchHost } from './hosts';
import { cacheList, knownDomains, notCache, splitCacheAddress } from './address';
import { UrlError, readOptions } from '../common/errors';
import { hostToAscii, quote } from '../common/idn';

// The fallback prefix: base32 (RFC 4648 alphabet, lower case) of a SHA-256, padding dropped.
const HASHED_PREFIX = /^[a-z2-7]{52}$/;

/**
 * Why no cache serves this domain prefix, or undefined. A prefix without `-` is a hash, and a
 * hash is always 52 base32 characters: `abc` is neither readable nor hashed.
 */
function prefixProblem(prefix: string): string | undefined {
  if (prefix.includes('-') || HASHED_PREFIX.test(prefix)) return undefined;
  return `The domain prefix ${quote(prefix)} has no "-", so it would be a hash, but a hashed prefix is 52 base32 characters (a-z, 2-7).`;
}

/** The cache and domain prefix of a cache origin's host; throws `not-a-cache-url`. */
function cacheOfHost(
  host: string,
  caches: readonly AmpCache[],
): { cache: AmpCache; prefix: string } {
  const match = matchHost(host, caches);
  if (match?.entry.cache === undefined || match.prefix === undefined) {
    const why =
      match === undefined
        ? ''
        : match.entry.kind === 'viewer'
          ? `: it is an AMP viewer (${match.entry.name}), which has no cache origin`
          : ': the bare cache host names no publisher';
    throw notCache(
      `${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)})${why}.`,
    );
  }
  const problem = prefixProblem(match.prefix);
  if (problem) throw notCache(problem);
  return { cache: match.entry.cache, prefix: match.prefix };
}

/** Options of `publisherDomain`; null means not given, as undefined does. */
export interface PublisherDomainOptions {
  caches?: readonly AmpCache[] | null;
  candidates?: Iterable<string> | null;
}

/**
 * The publisher domain (ASCII form) behind a cache origin or host. A hashed prefix (no `-`) gives
 * null unless one of `candidates` hashes to it. A readable prefix that the forward direction would
 * not produce for its own decoding (so no cache serves it) is refused rather than guessed.
 */
export function publisherDomain(
  cacheOriginOrHost: string,
  domainOptions?: PublisherDomainOptions | null,
): string | null {
  const options = readOptions(domainOptions, 'publisherDomain options');
  const caches = cacheList(options.caches);
  const candidates = candidateList(options.candidates);
  const { prefix } = cacheOfHost(splitCacheAddress(cacheOriginOrHost, 'cache origin').host, caches);
  if (!prefix.includes('-'))
    return candidates === undefined ? null : matchCandidate(prefix, candidates);
  let domain: string;
  try {
    domain = hostToAscii(decodePrefix(prefix));
  } catch (e) {
    if (e instanceof UrlError && e.code === 'not-a-cache-url') throw e;
    throw notCache(`The domain prefix ${quote(prefix)} does not decode to a valid domain.`);
  }
  const expected = domainPrefix(domain);
  if (expected !== prefix) {
    throw notCache(
      `The domain prefix ${quote(prefix)} is not one an AMP Cache produces: ${domain} has the prefix ${expected}.`,
    );
  }
  return domain;
}

/** Spec reverse steps 3.1-3.3: readable prefix -> Unicode publisher domain. */
function decodePrefix(prefix: string): string {
  let text = prefix;
  if (text.startsWith('xn--')) {
    try {
      text = punycode.decode(text.slice(4));
    } catch {
      throw notCache(`The domain prefix ${quote(prefix)} is not valid Punycode.`);
    }
  }
  // Only a wrap the forward step made (`--` at positions 3-4 inside): IPv4 0.1.0.0 is `0-1-0-0`, no wrap.
  if (text.length > 4 && text.startsWith('0-') && text.endsWith('-0')) {
    const inner = Array.from(text.slice(2, -2));
    if (inner[2] === '-' && inner[3] === '-') text = inner.join('');
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '-') out += text[i];
    else if (text[i + 1] === '-') {
      out += '-';
      i++;
    } else out += '.';
  }
  return out;
}

/** The `candidates` option, checked whatever the prefix: null or undefined mean none. A string is refused (it would iterate characters). */
function candidateList(candidates: unknown): Iterable<unknown> | undefined {
  if (candidates === undefined || candidates === null) return undefined;
  let iterable = false;
  try {
    iterable =
      typeof candidates === 'object' &&
      typeof (candidates as Iterable<unknown>)[Symbol.iterator] === 'function';
  } catch {
    iterable = false; // a getter that throws
  }
  if (!iterable)
    throw new UrlError(
      'invalid-option',
      'candidates must be an iterable of domains, such as an array or a Set.',
    );
  return candidates as Iterable<unknown>;
}

/**
 * The candidate whose prefix is this hash, in ASCII form, or null. Invalid candidates are skipped;
 * an iterable that fails to iterate (its iterator is no iterator, or throws) is a UrlError.
 */
function matchCandidate(prefix: string, candidates: Iterable<unknown>): string | null {
  try {
    for (const candidate of candidates) {
      const ascii = candidateAscii(candidate, prefix);
      if (ascii !== undefined) return ascii;
    }
  } catch (e) {
    const why = e instanceof Error && typeof e.message === 'string' ? `: ${quote(e.message)}` : '';
    throw new UrlError(
      'invalid-option',
      `candidates must be an iterable of domains; iterating them failed${why}.`,
    );
  }
  return null;
}

/** The candidate in ASCII form if its prefix is `prefix`; undefined for any other or a malformed one. */
function candidateAscii(candidate: unknown, prefix: string): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  try {
    return domainPrefix(candidate) === prefix ? hostToAscii(candidate.trim()) : undefined;
  } catch {
    return undefined; // a malformed candidate cannot be the publisher: keep looking
  }
}
