// AMP cache and viewer URLs -> publisher URL, and cache origin -> publisher domain (docs/specs.md,
// AMP Cache "Reverse"; the hosts recognised are the table in hosts.ts, listed in docs/amp-hosts.md).
// Browser-true: the URL reversed is the one a browser requests (WHATWG: tabs and newlines
// removed, `\` as `/`, `%2e` and `..` segments resolved), so the result is the page that the
// cache or viewer really serves for it.
import { MAX_IMAGE_WIDTH } from './cache-url';
import { hostInfo } from './prefix';
import { AMP_CACHES, type AmpCache } from './caches';
import { matchHost, type AmpHost, type HostMatch } from './hosts';
import {
  DEFAULT_PORTS,
  browserText,
  cacheList,
  knownDomains,
  notCache,
  resolvePath,
  segment,
  splitCacheAddress,
} from './address';
import { fastPublisherUrl } from './fast-path';
import { isProjectRoot, projectFileAt } from './project-files';
import {
  REVERSE_TYPES,
  isReverseServingType,
  publisherFragment,
  publisherQuery,
  type ReverseServingType,
} from './params';
import { UrlError, readOptions } from '../common/errors';
import { hostToAscii, quote } from '../common/idn';

/** A cache URL taken apart. `prefix` is '' on the bare cache host (`https://cdn.ampproject.org/c/…`). */
export interface ParsedCacheUrl {
  cache: AmpCache;
  prefix: string;
  servingType: ReverseServingType;
  imageWidth?: number;
  https: boolean;
  publisherUrl: string;
}

/** What `reverseAmpUrl` found. */
export interface AmpReverse {
  /** The publisher URL: the page the cache or viewer serves for this URL. */
  url: string;
  kind: 'cache' | 'viewer';
  /** The table entry (hosts.ts) of the cache or viewer host. */
  host: AmpHost;
  /** The domain prefix of a prefixed cache host. */
  prefix?: string;
  /** Caches only. */
  servingType?: ReverseServingType;
  /** `/ii/w800`: 800. */
  imageWidth?: number;
  /** The `/ii/` parameter as written (`w800`, `AW`). */
  imageParam?: string;
  https: boolean;
  /** Why the result deserves a look: look-alike prefix, resolved dot segments, `%3F`, retired cache. */
  warnings: string[];
  /**
   * The code of each warning, in the same order (`warningCodes[i]` names `warnings[i]`): decide on
   * these, never on the wording, which may change in any release.
   */
  warningCodes: ReverseWarningCode[];
  /** Names of the cache's and viewer's parameters removed from the query and fragment, in order. */
  removed: string[];
}

/**
 * What a warning of the reverse is about, stable across releases:
 * - `dot-segments`: the written path resolves, in a browser, outside `/<type>/[s/]<host>/`;
 * - `lookalike-host`: the cache host's prefix is not the publisher host's own;
 * - `retired-cache`: the cache no longer serves pages;
 * - `encoded-query`: a `%3F` in a viewer's path was read as the start of the query (ambiguous).
 */
export type ReverseWarningCode =
  'dot-segments' | 'lookalike-host' | 'retired-cache' | 'encoded-query';

/** Options of the reverse: null means not given, as undefined does. */
export interface ReverseOptions {
  caches?: readonly AmpCache[] | null;
}

/** A publisher host segment of the path, read as amphtml's getSourceUrl does (percent-decoded). */
interface PublisherHost {
  /** The host for the publisher URL: as written, or its ASCII form when it was percent-encoded. */
  host: string;
  /** Its ASCII form, as a browser reads it. */
  ascii?: string;
  port?: string;
  /** Why it is no host a cache serves; set instead of the others. */
  problem?: string;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads `host`, `host:81` or `host%3A81`. The host must be valid as a browser reads it; IPv6
 * literals and user names are refused as cacheUrl refuses them.
 */
function readPublisherHost(written: string): PublisherHost {
  const decoded = written.includes('%') ? safeDecode(written) : written;
  if (decoded === undefined)
    return { host: '', problem: `${quote(written)} is not valid percent-encoding.` };
  if (decoded === '') return { host: '', problem: 'The URL names no publisher host.' };
  if (decoded.startsWith('['))
    return { host: '', problem: 'IPv6 publisher hosts have no AMP Cache URL.' };
  if (decoded.includes('@'))
    return { host: '', problem: 'The publisher host has a user name (userinfo).' };
  let host = decoded;
  let port: string | undefined;
  const colon = decoded.lastIndexOf(':');
  if (colon >= 0) {
    port = decoded.slice(colon + 1);
    host = decoded.slice(0, colon);
    if (port === '') port = undefined;
    else if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
      return { host: '', problem: `${quote(port)} is not a port number.` };
  }
  try {
    // Validity only: the domain prefix (a Punycode encoding or a SHA-256) is computed when asked.
    const ascii = hostToAscii(host);
    if (ascii.startsWith('['))
      return { host: '', problem: 'IPv6 publisher hosts have no AMP Cache URL.' };
    // As the browser reads it: an ASCII host lower-cased (`EXAMPLE.COM` loads example.com), a
    // Unicode one lower-cased as written (UTS #46 maps case), an encoded one in its ASCII form.
    const readable =
      decoded !== written ? ascii : /^[\x21-\x7e]*$/.test(host) ? ascii : host.toLowerCase();
    return { host: readable, ascii, port };
  } catch (e) {
    return { host: '', problem: `The publisher host is invalid: ${(e as Error).message}` };
  }
}

/** The domain prefix of a valid publisher host, or undefined. */
function hostPrefix(host: PublisherHost): string | undefined {
  if (host.ascii === undefined) return undefined;
  try {
    return hostInfo(host.ascii).prefix;
  } catch {
    return undefined;
  }
}

/** Where the publisher URL sits in the path. */
interface Located {
  servingType?: ReverseServingType;
  imageWidth?: number;
  imageParam?: string;
  https: boolean;
  host: PublisherHost;
  /** Index in the path where the publisher path starts. */
  hostEnd: number;
}

// `/ii/w800/…` (a width, at most the one cacheUrl writes) or `/ii/AW/…` (Google's own form).
function imageParameter(param: string): number | undefined | null {
  if (param === 'AW') return undefined;
  if (param.length < 2 || param.length > 6 || !param.startsWith('w') || param[1] === '0')
    return null;
  for (let i = 1; i < param.length; i++) {
    const c = param.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const width = Number(param.slice(1));
  return width > MAX_IMAGE_WIDTH ? null : width;
}

/**
 * `[s/]<host>` from index `at` (the `/` before it). `s` followed by a segment marks https: a host
 * `s` has no dot, so it is no publisher host (see withDot).
 */
function hostAfter(path: string, at: number): Omit<Located, 'servingType'> {
  let [host, hostEnd] = segment(path, at + 1);
  let https = false;
  if (host === 's' && hostEnd < path.length) {
    https = true;
    [host, hostEnd] = segment(path, hostEnd + 1);
  }
  return { https, host: readPublisherHost(host), hostEnd };
}

/** `/<type>[/<ii parameter>]/[s/]<host>…` of a cache, or the seed's form without a type. */
function locateInCache(path: string, prefix: string | undefined): Located {
  const [type, afterType] = segment(path, 1);
  if (isReverseServingType(type)) {
    let at = afterType;
    let imageWidth: number | undefined;
    let imageParam: string | undefined;
    if (type === 'ii') {
      const [param, next] = segment(path, at + 1);
      const width = imageParameter(param);
      if (width === null)
        throw notCache(
          `The ii serving type needs a width from w1 to w${MAX_IMAGE_WIDTH} (such as /ii/w800) or AW, not ${quote(param)}.`,
        );
      imageWidth = width;
      imageParam = param;
      at = next;
    }
    const typed: Located = {
      servingType: type,
      imageWidth,
      imageParam,
      ...hostAfter(path, at),
    };
    if (typed.host.problem !== undefined) throw notCache(typed.host.problem);
    return withDot(typed);
  }
  const bare = prefix === undefined ? undefined : withoutServingType(path, prefix);
  if (bare) return withDot(bare);
  if (prefix === undefined || isProjectRoot(type))
    throw notCache(
      `This is an ${projectFileAt(path)} of the AMP project, not a cache URL: it names no publisher page.`,
    );
  throw notCache(
    `${quote(type)} is neither a serving type (${[...REVERSE_TYPES].join(', ')}) nor the publisher host of the domain prefix ${quote(prefix)}.`,
  );
}

/**
 * Seed 003 (the spec's source, which wins) writes cache URLs without a serving type:
 * `https://amp-dev.cdn.ampproject.org/amp.dev/documentation/examples/api/not-found`. Its first
 * segment is the publisher host (the prefix's own), read as content (`c`) over http.
 */
function withoutServingType(path: string, prefix: string): Located | undefined {
  const [host, hostEnd] = segment(path, 1);
  const read = host === '' ? undefined : readPublisherHost(host);
  return read && hostPrefix(read) === prefix
    ? { servingType: 'c', https: false, host: read, hostEnd }
    : undefined;
}

/** `/<viewerPath>/[s/]<host>…` of a viewer. */
function locateInViewer(path: string, entry: AmpHost): Located {
  const [first, end] = segment(path, 1);
  if (first !== entry.viewerPath || end >= path.length)
    throw notCache(
      `${entry.name} serves AMP pages under /${entry.viewerPath ?? ''}/<host>/…, and this path is not one.`,
    );
  const located = hostAfter(path, end);
  if (located.host.problem !== undefined) throw notCache(located.host.problem);
  return withDot(located);
}

/**
 * The located publisher host, if it has a dot: amphtml's getSourceUrl refuses any other
 * ("Expected a . in origin"), so `/c/s/localhost/secret` names no page a cache or viewer serves.
 */
function withDot(located: Located): Located {
  if (located.host.host.includes('.')) return located;
  throw notCache(
    `${quote(located.host.host)} is no publisher domain: the AMP runtime requires a "." in the publisher host, so no cache or viewer serves this URL.`,
  );
}

/**
 * What the publisher URL keeps of a path that the browser resolves: the written tail when it
 * resolves to the same tail (`/c/s/a.com/x/../y` keeps `/x/../y`, which the publisher resolves to
 * `/y` too), else the resolved tail. And a warning when the written path reaches outside
 * `/<type>/[s/]<host>/`: the browser then requests another page than the text seems to name
 * (issue 13's `…/c/s/example.com/x/../../../../c/s/evil.com/y`, which fetches evil.com's page).
 */
function resolvedTail(
  written: string,
  resolved: string,
  hostEnd: number,
): { tail: string; warning?: string } {
  const tail = resolved.slice(hostEnd);
  const served = resolved.slice(0, hostEnd);
  const depth = served.split('/').length;
  const parts = written.replaceAll('\\', '/').split('/');
  const wroteStart = parts.slice(0, depth).join('/');
  if (wroteStart === served) {
    // `\` is `/` to the browser, in the publisher URL as in the cache URL: written as `/`.
    const wroteTail = written.slice(wroteStart.length).replaceAll('\\', '/');
    return { tail: resolvePath(wroteTail || '/') === (tail || '/') ? wroteTail : tail };
  }
  return {
    tail,
    warning: `The path ${quote(written)} resolves to ${quote(resolved)} in a browser (dot segments): it leaves ${quote(`${wroteStart}/`)}, and the page served is the one at ${quote(`${served}/`)}, which is what was reversed.`,
  };
}

/** The warning when the prefix of a cache host is not the publisher host's own (a look-alike check). */
function prefixWarning(
  cacheHost: string,
  match: HostMatch,
  host: PublisherHost,
): string | undefined {
  if (match.prefix === undefined) return undefined;
  const expected = hostPrefix(host);
  if (expected === match.prefix) return undefined;
  const own = `${expected ?? '?'}.${match.entry.domain}`;
  return `The cache host ${quote(cacheHost)} is not the one of ${quote(host.host)} (${quote(own)}): the cache serves the page by its path, so this is ${quote(host.host)}'s page; check the link is not a look-alike.`;
}

/**
 * The query after a `%3F` in a viewer's path. Viewers write it two ways: only the `?` encoded
 * (`a%3foutputType=amp`, Google), or the whole query encoded once
 * (`post-1778/%3Famp%3D1%26usqp%3Dmq331AQGsAEggAID`, Yahoo! JAPAN). Without a raw `=` or `&` but
 * with `%3D` or `%26`, it is the second: one level of `%3D`, `%26`, `%25` is decoded.
 */
function decodeEncodedQuery(text: string): string {
  if (text.includes('=') || text.includes('&') || !/%3d|%26/i.test(text)) return text;
  return text.replace(/%(3d|26|25)/gi, (_, hex: string) =>
    hex === '25' ? '%' : hex.toLowerCase() === '3d' ? '=' : '&',
  );
}

/** `%3F` in a viewer's path: Google's viewer writes the publisher's `?` encoded. */
function encodedQuery(tail: string): number {
  const upper = tail.indexOf('%3F');
  const lower = tail.indexOf('%3f');
  return upper < 0 ? lower : lower < 0 ? upper : Math.min(upper, lower);
}

/**
 * The publisher URL behind an AMP cache or viewer URL, read as a browser reads it, with what was
 * removed and what deserves a warning. Throws `UrlError('not-a-cache-url')` with the reason for
 * anything else (an unknown host, a path outside `/<type>/[s/]<host>/`, an invalid publisher host).
 */
export function reverseAmpUrl(input: string, options?: ReverseOptions | null): AmpReverse {
  return reverse(input, options, true);
}

/** An AMP URL's host as a browser reads it, the rest, and the host's entry (none: no AMP host). */
export interface AmpAddress {
  caches: readonly AmpCache[];
  cacheHost: string;
  rest: string;
  match: HostMatch | undefined;
}

/** Reads the address of `input` (throws UrlError for invalid options or a URL with no host). */
export function readAmpAddress(
  input: string,
  options: ReverseOptions | null | undefined,
): AmpAddress {
  const caches = cacheList(readOptions(options, 'reverseAmpUrl options').caches);
  const { host: cacheHost, rest } = splitCacheAddress(browserText(input, 'AMP URL'), 'AMP URL');
  return { caches, cacheHost, rest, match: matchHost(cacheHost, caches) };
}

/** Why a URL whose host is no AMP host has no publisher URL. */
export function notAmpHostMessage(host: string, caches: readonly AmpCache[]): string {
  return `${quote(host)} is not a host of a known AMP Cache (${knownDomains(caches)}) or AMP viewer.`;
}

/** The reverse; `lookAlike` false skips the prefix check, which only warns (a Punycode or SHA-256 per host). */
function reverse(
  input: string,
  options: ReverseOptions | null | undefined,
  lookAlike: boolean,
): AmpReverse {
  const address = readAmpAddress(input, options);
  if (!address.match) throw notCache(notAmpHostMessage(address.cacheHost, address.caches));
  return reverseAt(address, address.match, lookAlike);
}

/** The reverse of an address on an AMP host. */
export function reverseAt(
  { cacheHost, rest }: AmpAddress,
  match: HostMatch,
  lookAlike: boolean,
): AmpReverse {
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const written = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const path = resolvePath(written);
  if (!path.startsWith('/'))
    throw notCache('The URL has no path: expected /<serving type>/[s/]<host>/….');
  const entry = match.entry;
  if (entry.kind === 'project')
    throw notCache(
      `${quote(cacheHost)} is the AMP project's own host (${entry.name}): it serves the AMP runtime, not publisher pages.`,
    );
  let located: Located;
  try {
    located =
      entry.kind === 'viewer' ? locateInViewer(path, entry) : locateInCache(path, match.prefix);
  } catch (e) {
    if (written === path || !(e instanceof UrlError)) throw e;
    throw notCache(
      `${e.message} (The path ${quote(written)} resolves to ${quote(path)} in a browser: outside /<type>/[s/]<host>/.)`,
    );
  }
  const warnings: string[] = [];
  const warningCodes: ReverseWarningCode[] = [];
  const removed: string[] = [];
  let tail = path.slice(located.hostEnd);
  if (written !== path) {
    const r = resolvedTail(written, path, located.hostEnd);
    tail = r.tail;
    if (r.warning) {
      warnings.push(r.warning);
      warningCodes.push('dot-segments');
    }
  }
  const look = lookAlike ? prefixWarning(cacheHost, match, located.host) : undefined;
  if (look) {
    warnings.push(look);
    warningCodes.push('lookalike-host');
  }
  if (entry.status === 'retired') {
    warnings.push(
      `${entry.name} no longer serves pages: the publisher URL is where the page lives.`,
    );
    warningCodes.push('retired-cache');
  }
  let query = mark < 0 ? '' : publisherQuery(beforeHash.slice(mark + 1), removed);
  if (entry.kind === 'viewer') {
    const q = encodedQuery(tail);
    if (q >= 0) {
      const recovered = decodeEncodedQuery(tail.slice(q + 3));
      tail = tail.slice(0, q);
      const rest = publisherQuery(recovered, removed);
      const real = query.length > 1 ? query.slice(1) : '';
      query =
        rest === '' ? (real === '' ? '' : `?${real}`) : real === '' ? rest : `${rest}&${real}`;
      warnings.push(
        'An encoded "?" (%3F) in the path was read as the start of the query, as the viewer reads it; this is ambiguous: the publisher\'s own path may hold a %3F.',
      );
      warningCodes.push('encoded-query');
    }
  }
  const fragment = hash < 0 ? '' : publisherFragment(rest.slice(hash + 1), removed);
  const scheme = located.https ? 'https' : 'http';
  const { host, port } = located.host;
  const portPart =
    port === undefined || Number(port) === Number(DEFAULT_PORTS[scheme]) ? '' : `:${Number(port)}`;
  return {
    url: `${scheme}://${host}${portPart}${tail}${query}${fragment}`,
    kind: entry.kind,
    host: entry,
    prefix: match.prefix,
    servingType: located.servingType,
    imageWidth: located.imageWidth,
    imageParam: located.imageParam,
    https: located.https,
    warnings,
    warningCodes,
    removed,
  };
}

/** Parsed view of a cache URL (not a viewer URL). Throws `UrlError('not-a-cache-url')` for anything else. */
export function parseCacheUrl(url: string, options?: ReverseOptions | null): ParsedCacheUrl {
  const r = reverse(url, readOptions(options, 'parseCacheUrl options'), false);
  if (r.kind !== 'cache' || r.host.cache === undefined || r.servingType === undefined)
    throw notCache(`This is an AMP viewer URL (${r.host.name}), not an AMP Cache URL.`);
  return {
    cache: r.host.cache,
    prefix: r.prefix ?? '',
    servingType: r.servingType,
    imageWidth: r.imageWidth,
    https: r.https,
    publisherUrl: r.url,
  };
}

/**
 * The publisher URL behind an AMP cache or viewer URL of any shape (see reverseAmpUrl), without
 * the cache's and runtime's query parameters and a viewer's fragment parameters. Round trip:
 * `publisherUrl(cacheUrl(u)) === u` (host in ASCII form) for every u whose query and fragment
 * hold none of those parameters; `publisherUrl(new URL(cacheUrl(u)).href) === new URL(u).href`.
 */
export function publisherUrl(url: string, options?: ReverseOptions | null): string {
  const caches = options === undefined || options === null ? AMP_CACHES : undefined;
  return (caches && fastPublisherUrl(url, caches)) ?? reverse(url, options, false).url;
}
