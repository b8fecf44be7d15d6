// tr46 as the URL parser of Node 20 (the library's reference, Ada) applies it, where the two
// differ: no Bidi rule here (Node's own check accepts and refuses by rules of its own, e.g. `aא`
// but not `bשלום`; the core checks RFC 5893 itself after parsing, core/common/bidi.ts, so both
// refuse every such host, one message may differ: docs/sql.md), and
// an `xn--` label whose Punycode decodes to ASCII only (`xn--a-`) is kept as written, where tr46
// writes the decoded ASCII (`a`). The standalone build points whatwg-url's `require("tr46")` here,
// so the bundle accepts, refuses and writes exactly the hosts the library does in Node
// (test/cli/standalone.test.ts compares them on thousands of URLs). An `xn--` label that decodes
// to nothing (`xn--`) is refused, as Ada does.
import * as punycode from 'punycode/';
import * as tr46 from 'tr46/index.js';

type Options = Parameters<typeof tr46.toASCII>[1];

const SEPARATORS = /[.\u3002\uff0e\uff61]/;
const ASCII = /^[\u0000-\u007f]*$/;

/** The Punycode of an `xn--` label decoded, or undefined (not `xn--`, or invalid). */
function decoded(label: string): string | undefined {
  if (!label.startsWith('xn--')) return undefined;
  try {
    return punycode.decode(label.slice(4));
  } catch {
    return undefined;
  }
}

// An `xn--` label (ASCII case-insensitive) at the start or after a dot.
const A_LABEL = /(?:^|\.)xn--/i;

export function toASCII(domain: string, options: Options): string | null {
  // The URL Standard's own shortcut (domain to ASCII, step 1): without beStrict, an ASCII domain
  // with no `xn--` label comes out ASCII-lowercased; UTS #46 maps, normalizes and checks nothing
  // else in it. Most hosts are such, and the mapping table's lookups are the cost.
  if (!options?.useSTD3ASCIIRules && !options?.verifyDNSLength && ASCII.test(domain))
    if (!A_LABEL.test(domain)) return domain.toLowerCase();
  const result = tr46.toASCII(domain, { ...options, checkBidi: false });
  if (result === null) return null;
  if (!domain.toLowerCase().includes('xn--')) return result;
  const written = domain.split(SEPARATORS).map((l) => l.toLowerCase());
  const labels = result.split('.');
  if (written.length !== labels.length) return result;
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const d = decoded(written[i]);
    if (d === '') return null;
    out.push(d !== undefined && ASCII.test(d) ? written[i] : labels[i]);
  }
  return out.join('.');
}

export const toUnicode = tr46.toUnicode;
