// IP literal hosts for Safe Browsing: IPv4 in every legacy encoding, IPv6 per RFC 4291 / RFC 5952.

/** Parses one IPv4 part the way C's `strtoul(s, 0)` and Go's `ParseUint(s, 0, 32)` do: hex, octal, decimal. */
function parseIPv4Part(part: string): number {
  let base = 10;
  let i = 0;
  if (part.length > 1 && part.charCodeAt(0) === 0x30) {
    const x = part.charCodeAt(1) | 0x20;
    if (x === 0x78) {
      base = 16;
      i = 2;
    } else {
      base = 8;
      i = 1;
    }
  }
  if (i >= part.length) return -1; // "0x" with no digits
  let value = 0;
  for (; i < part.length; i++) {
    const c = part.charCodeAt(i);
    const lower = c | 0x20;
    const digit =
      c >= 0x30 && c <= 0x39 ? c - 0x30 : lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : 99;
    if (digit >= base) return -1;
    value = value * base + digit;
    if (value > 0xffffffff) return -1; // the long-standing clients parse 32-bit values only
  }
  return value;
}

/**
 * Normalizes a host that is an IPv4 address in any legacy encoding to dotted decimal, else `undefined`.
 *
 * Rules of the long-standing Safe Browsing clients (the C++ reference and Google's Go client, whose
 * test vectors these are): one to four parts, each hex (`0x`), octal (leading `0`) or decimal and
 * below 2^32; the last part fills the remaining bytes (`1.65536` → `1.1.0.0`, `3279880203` →
 * `195.127.0.11`); bytes that overflow are truncated (`276.2.3` → `20.2.0.3`). Browsers reject
 * such overflowing hosts instead; Safe Browsing keeps matching what its lists were built from.
 */
export function legacyIPv4(host: string): string | undefined {
  const first = host.charCodeAt(0);
  if (!(first >= 0x30 && first <= 0x39)) return undefined; // fast exit for names
  const parts = host.split('.', 5);
  if (parts.length > 4) return undefined;
  const bytes: number[] = [];
  for (let p = 0; p < parts.length; p++) {
    const value = parseIPv4Part(parts[p]);
    if (value < 0) return undefined;
    const width = p === parts.length - 1 ? 5 - parts.length : 1;
    for (let b = width - 1; b >= 0; b--) bytes.push(Math.floor(value / 256 ** b) % 256);
  }
  return bytes.join('.');
}

/** True when the text is a dotted-decimal IPv4 address as `legacyIPv4` returns it. */
export function isDottedIPv4(host: string): boolean {
  return /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

// Longest IPv6 text: eight 4-digit groups with 7 colons, or six groups and a dotted quad (45).
const MAX_IPV6_TEXT = 45;

/** Parses RFC 4291 IPv6 text (no brackets, no zone) into eight 16-bit groups, else `undefined`. */
export function parseIPv6(text: string): number[] | undefined {
  if (text.length === 0 || text.length > MAX_IPV6_TEXT) return undefined;
  const gap = text.indexOf('::');
  if (gap >= 0 && text.includes('::', gap + 1)) return undefined;
  const head = gap >= 0 ? text.slice(0, gap) : text;
  const tail = gap >= 0 ? text.slice(gap + 2) : '';
  const left = parseGroups(head, gap < 0);
  const right = gap >= 0 ? parseGroups(tail, true) : [];
  if (!left || !right) return undefined;
  const explicit = left.length + right.length;
  if (gap < 0 ? explicit !== 8 : explicit > 7) return undefined;
  return [...left, ...new Array<number>(8 - explicit).fill(0), ...right];
}

/** Parses `h16:h16:…` (optionally ending in a dotted quad when `lastMayBeIPv4`); '' is no groups. */
function parseGroups(text: string, lastMayBeIPv4: boolean): number[] | undefined {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (lastMayBeIPv4 && i === pieces.length - 1 && piece.includes('.')) {
      const quad = parseDottedQuad(piece);
      if (!quad) return undefined;
      groups.push((quad[0] << 8) | quad[1], (quad[2] << 8) | quad[3]);
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return undefined;
      groups.push(parseInt(piece, 16));
    }
  }
  return groups;
}

/** Strict dotted quad inside IPv6 text: four decimal bytes, no leading zeros (as browsers require). */
function parseDottedQuad(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : 256));
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/**
 * Canonical host for IPv6 groups: the embedded IPv4 address for IPv4-mapped (`::ffff:0:0/96`) and
 * NAT64 well-known-prefix (`64:ff9b::/96`) addresses, else RFC 5952 text in brackets
 * (lowercase, no leading zeros, the longest run of two or more zero groups as `::`).
 */
export function formatIPv6Host(groups: readonly number[]): string {
  const zeroHead =
    groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0;
  const mapped = zeroHead && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  let bestStart = -1;
  let bestLength = 1; // a single zero group is not compressed (RFC 5952 section 4.2.2)
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j > i ? j : i + 1;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return `[${hex.join(':')}]`;
  return `[${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}]`;
}
