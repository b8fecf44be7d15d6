// The Public Suffix List, for Safe Browsing host suffixes. tldts is loaded here only, and only on
// the first `registrableDomain` call: evaluating its list costs milliseconds (see `npm run bench`)
// that extension activation must not pay. esbuild turns this `require` into a deferred module of
// the bundle (desktop and web alike), so nothing is fetched at run time; only its type is imported.
type Tldts = typeof import('tldts');
let tldts: Tldts | undefined;

// ICANN section only (tldts' default; `allowPrivateDomains: false`): for a host under a one-label
// TLD this gives exactly the host suffixes the long-standing clients check (their "last five
// components"), e.g. `github.io` is still checked for `x.user.github.io`. Counting private suffixes
// (`github.io`, `blogspot.com`) would drop that suffix and check one more deep label instead,
// diverging from what the lists were built against. The host is already canonical (lowercase,
// escaped), so tldts neither extracts nor validates it.
const OPTIONS = { allowPrivateDomains: false, extractHostname: false, validateHostname: false, mixedInputs: false } as const;

/** The registrable domain (eTLD+1) of a canonical host name, or `undefined` (e.g. `co.uk`, `localhost`). */
export function registrableDomain(host: string): string | undefined {
  tldts ??= require('tldts') as Tldts;
  return tldts.getDomain(host, OPTIONS) ?? undefined;
}
