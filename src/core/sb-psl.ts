// The Public Suffix List, for Safe Browsing host suffixes. tldts is imported here only, so the
// rest of the core never touches it; this module itself does no work at import time.
import { getDomain } from 'tldts';

// ICANN section only (tldts' default; `allowPrivateDomains: false`): for a host under a one-label
// TLD this gives exactly the host suffixes the long-standing clients check (their "last five
// components"), e.g. `github.io` is still checked for `x.user.github.io`. Counting private suffixes
// (`github.io`, `blogspot.com`) would drop that suffix and check one more deep label instead,
// diverging from what the lists were built against. The host is already canonical (lowercase,
// escaped), so tldts neither extracts nor validates it.
const OPTIONS = { allowPrivateDomains: false, extractHostname: false, validateHostname: false, mixedInputs: false } as const;

/** The registrable domain (eTLD+1) of a canonical host name, or `undefined` (e.g. `co.uk`, `localhost`). */
export function registrableDomain(host: string): string | undefined {
  return getDomain(host, OPTIONS) ?? undefined;
}
