// Host steps of normalization: case-folding (RFC 3986 6.2.2.1) and the `www` label.
import { lowercaseOutsideEscapes } from '../common/percent-escapes';
import { registrableDomain as pslDomain } from '../common/psl';

/** Lowercases a host; an IPv6 zone ID (after `%25`, RFC 6874) may be case-sensitive and stays. */
export function lowercaseHost(host: string): string {
  if (host.startsWith('[')) {
    const zone = host.indexOf('%');
    if (zone >= 0) return host.slice(0, zone).toLowerCase() + host.slice(zone);
  }
  return lowercaseOutsideEscapes(host);
}

function startsWithWww(host: string): boolean {
  return host.length > 4 && host.charCodeAt(3) === 0x2e && host.slice(0, 3).toLowerCase() === 'www';
}

/** The registrable domain of a reg-name, or null for IP addresses, public suffixes and literals. */
function registrableDomain(host: string): string | null {
  if (host.startsWith('[')) return null;
  return pslDomain(host) ?? null;
}

/**
 * `www.example.com` → `example.com`, only when the rest is a domain under a public suffix
 * (`www.co.uk` stays) and does not itself start with `www.` (so a second pass changes nothing).
 */
export function removeWww(host: string): string {
  if (!startsWithWww(host)) return host;
  const rest = host.slice(4);
  if (startsWithWww(rest) || registrableDomain(rest) === null) return host;
  return rest;
}

/** `example.com` → `www.example.com`, only for a registrable domain itself (not `blog.example.com`). */
export function addWww(host: string): string {
  if (startsWithWww(host)) return host;
  const domain = registrableDomain(host);
  return domain !== null && domain === host.toLowerCase() ? `www.${host}` : host;
}
