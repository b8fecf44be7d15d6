// What each check rule means, for the text output, JSON and SARIF's rule metadata (GitHub code
// scanning shows the help text beside each alert).
import { REGISTERED_CACHE_DOMAINS } from '../shared/cache-choices';
import type { CheckRule, Finding } from '../shared/check-file';
import { formName } from '../shared/names';

// The forms named as the editor names them (src/shared/names.ts).
const CANONICAL = formName('canonical');
const NORMALIZED = formName('normalized');

export interface RuleInfo {
  /** SARIF reportingDescriptor.name (PascalCase). */
  name: string;
  short: string;
  full: string;
  help: string;
}

const FIX =
  'amp-url check --fix rewrites it in place (encoded for where it stands: an HTML attribute, a JSON or JavaScript string, a Markdown link), or amp-url publisher URL prints it.';

export const RULES: Record<CheckRule, RuleInfo> = {
  'amp-cache-url': {
    name: 'AmpCacheUrl',
    short: 'AMP Cache URL: the publisher URL can be used instead',
    full: `A URL on an AMP Cache (${REGISTERED_CACHE_DOMAINS.join(', ')}) names the cache's copy of a publisher's page. Links, canonical tags, sitemaps and redirects should name the publisher's own URL: the cache may stop serving the copy, and the copy's origin is not the publisher's.`,
    help: `Replace the AMP Cache URL with the publisher URL it serves. ${FIX}`,
  },
  'amp-viewer-url': {
    name: 'AmpViewerUrl',
    short: 'AMP viewer URL: the publisher URL can be used instead',
    full: "An AMP viewer URL (https://www.google.com/amp/s/…) shows a publisher's page inside a search engine's viewer. Links should name the publisher's own URL.",
    help: `Replace the AMP viewer URL with the publisher URL it shows. ${FIX}`,
  },
  'not-canonical': {
    name: 'NotCanonical',
    short: `URL not canonical: its ${CANONICAL} differs`,
    full: `The URL differs from its ${CANONICAL} (the URL whose hash prefixes Safe Browsing lists hold). Reported with --require canonical.`,
    help: `Write the ${CANONICAL} (amp-url canonical URL prints it; amp-url check --fix --require canonical writes it).`,
  },
  'amp-no-publisher-url': {
    name: 'AmpUrlWithoutPublisherUrl',
    short: 'AMP URL with no publisher URL: --fix leaves it',
    full: 'An AMP Cache or viewer URL that names no publisher page (an image or resource on a cache host, a bare AMP Cache origin, a URL the reverse refuses): there is nothing to write instead, so --fix leaves it. A warning by default: it fails no check unless the configuration file (.amp-url.json) makes it an error.',
    help: "Look at it: leave it (an ignoreUrls pattern or an amp-url-disable-line comment says so), or write the resource's own URL by hand.",
  },
  'not-normalized': {
    name: 'NotNormalized',
    short: `URL not normalized: its ${NORMALIZED} differs`,
    full: `The URL differs from its ${NORMALIZED} for the chosen preset and steps (--preset, --step). Reported with --require normalized.`,
    help: `Write the ${NORMALIZED} (amp-url normalize URL prints it; amp-url check --fix --require normalized writes it).`,
  },
};

/** The one-line message of a finding. */
export function findingMessage(f: Finding): string {
  const what = RULES[f.rule].short.split(':')[0];
  if (f.suggestion === undefined) {
    const kind = f.kind === 'viewer' ? 'AMP viewer URL' : 'AMP Cache URL';
    const reason = (f.reason ?? 'unknown').replace(/\.$/, '');
    return `${kind} with no publisher URL (${reason}): --fix leaves it`;
  }
  const use =
    f.rule === 'not-canonical'
      ? `its ${CANONICAL} is`
      : f.rule === 'not-normalized'
        ? `its ${NORMALIZED} is`
        : 'the publisher URL is';
  const notes = f.notes?.length ? ` (${f.notes.join('; ')})` : '';
  const fix = f.refused !== undefined ? `; --fix can't write it here: ${f.refused}` : '';
  return `${what}: ${use} ${f.suggestion}${notes}${fix}`;
}
