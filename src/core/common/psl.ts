// The Public Suffix List, for Safe Browsing host suffixes and the `www` normalization steps.
// It is loaded here only, and only on the first `registrableDomain` call: evaluating the list costs
// milliseconds (see `npm run bench`) that extension activation must not pay. esbuild turns this
// `require` into a deferred module of the bundle (desktop and web alike); only its type is imported.
//
// ICANN section only (`tldts-icann`, the same library without the private section): for a host
// under a one-label TLD this gives exactly the host suffixes the long-standing Safe Browsing clients
// check (their "last five components"), e.g. `github.io` is still checked for `x.user.github.io`.
// Counting private suffixes (`github.io`, `blogspot.com`) would drop that suffix and check one more
// deep label instead, diverging from what the lists were built against. It also keeps ~40 KB of
// private-section data out of the bundle.
type Tldts = typeof import('tldts-icann');
let tldts: Tldts | undefined;

// A canonical host is already lowercase and escaped, so tldts neither extracts nor validates it.
const CANONICAL = { extractHostname: false, validateHostname: false, mixedInputs: false } as const;

/**
 * The registrable domain (eTLD+1) of a host name, or `undefined` (e.g. `co.uk`, `localhost`, IPs).
 * `canonical`: the host is already lowercase and valid (Safe Browsing's canonical form).
 */
export function registrableDomain(host: string, canonical = false): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load, see above
  tldts ??= require('tldts-icann') as Tldts;
  return tldts.getDomain(host, canonical ? CANONICAL : undefined) ?? undefined;
}
