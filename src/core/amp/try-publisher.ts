// The reverse as a result instead of an exception (tryPublisherUrl), for loops over lists where
// most URLs are no AMP URLs: a crawl, a log, a SQL table. There the refusal is the common case,
// and it must cost no more than a conversion.
import { AMP_CACHES, type AmpCache } from './caches';
import { fastPublisherUrl, plainPublisherHost } from './fast-path';
import { notAmpHostMessage, readAmpAddress, reverseAt, type ReverseOptions } from './reverse';
import { UrlError, withoutStacks, type UrlErrorCode } from '../common/errors';

/**
 * Why a URL was refused: the code and message of the UrlError publisherUrl would throw, as a plain
 * object with both as own enumerable properties, so `JSON.stringify` keeps them (an Error's
 * message is not enumerable) and every refusal has the same shape.
 */
export interface UrlRefusal {
  readonly code: UrlErrorCode;
  readonly message: string;
}

/** What `tryPublisherUrl` gives: the publisher URL, or why `publisherUrl` would throw. */
export type PublisherUrlResult =
  { url: string; error?: undefined } | { url?: undefined; error: UrlRefusal };

const notAmpHost = (host: string, caches: readonly AmpCache[]): PublisherUrlResult => ({
  error: { code: 'not-a-cache-url', message: notAmpHostMessage(host, caches) },
});

/**
 * `publisherUrl` without exceptions: the publisher URL, or the code and message of the UrlError
 * that `publisherUrl` would throw. A refusal costs no more than a conversion: the common ones (a
 * URL whose host is no AMP host) make no Error object at all, and the rare others make theirs
 * without a stack trace, the part of an Error that costs. Errors that are not UrlErrors (bugs)
 * are thrown.
 */
export function tryPublisherUrl(url: string, options?: ReverseOptions | null): PublisherUrlResult {
  const given = options !== undefined && options !== null;
  const fast = given ? undefined : fastPublisherUrl(url, AMP_CACHES);
  if (fast !== undefined) return { url: fast };
  // Options the reverse would refuse are left to it, which says why.
  const caches = given ? optionCaches(options) : AMP_CACHES;
  const plain = caches && plainPublisherHost(url, caches);
  if (caches && plain !== undefined) return notAmpHost(plain, caches);
  return withoutStacks(() => {
    try {
      const address = readAmpAddress(url, options);
      if (!address.match) return notAmpHost(address.cacheHost, address.caches);
      return { url: reverseAt(address, address.match, false).url };
    } catch (e) {
      if (e instanceof UrlError) return { error: { code: e.code, message: e.message } };
      throw e;
    }
  });
}

/** The `caches` option when the options are valid, else undefined. */
function optionCaches(options: ReverseOptions): readonly AmpCache[] | undefined {
  if (typeof options !== 'object') return undefined;
  const caches = Object.hasOwn(options, 'caches') ? options.caches : undefined;
  if (caches === undefined || caches === null) return AMP_CACHES;
  return Array.isArray(caches) ? caches : undefined;
}
