// Punycode decoding (RFC 3492 6.2) in place, for a hot comparison: `amp-url publisher` checks the
// `xn--` cache label of every IDN cache URL against its host. punycode.decode builds an array,
// splices into it and spreads it into a string for each label; this reads the label where it
// is, in its URL, into a reused array of code points. The same algorithm and the same refusals
// as punycode.js (a property test holds it to punycode.decode).

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

/** The value of a Punycode digit (`a`-`z`, `A`-`Z`, `0`-`9`), or BASE for any other character. */
function digitOf(c: number): number {
  if (c >= 0x30 && c < 0x3a) return c - 22;
  if (c >= 0x41 && c < 0x5b) return c - 0x41;
  if (c >= 0x61 && c < 0x7b) return c - 0x61;
  return BASE;
}

function adapt(delta: number, points: number, first: boolean): number {
  let k = 0;
  delta = first ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / points);
  for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE)
    delta = Math.floor(delta / (BASE - T_MIN));
  return Math.floor(k + ((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

/**
 * Decodes the Punycode `text[from, to)` (a label without its `xn--`) into `points`: the number of
 * code points, or -1 where punycode.decode throws (a non-basic character before the last `-`, a
 * character that is no digit, a number that overflows) or when they do not fit in `points`.
 * Code points above U+10FFFF, which punycode.decode refuses when it makes its string, are kept:
 * no Unicode text holds them, so no comparison with one succeeds.
 */
export function decodePunycodeInto(
  text: string,
  from: number,
  to: number,
  points: Int32Array,
): number {
  let basic = text.lastIndexOf('-', to - 1);
  if (basic < from) basic = from;
  let length = 0;
  for (let j = from; j < basic; j++) {
    const c = text.charCodeAt(j);
    if (c >= 0x80 || length === points.length) return -1;
    points[length++] = c;
  }
  let i = 0;
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  for (let index = basic > from ? basic + 1 : from; index < to;) {
    const oldi = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= to) return -1;
      const digit = digitOf(text.charCodeAt(index++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return -1;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return -1;
      w *= BASE - t;
    }
    const out = length + 1;
    bias = adapt(i - oldi, out, oldi === 0);
    if (Math.floor(i / out) > MAX_INT - n || length === points.length) return -1;
    n += Math.floor(i / out);
    i %= out;
    points.copyWithin(i + 1, i, length);
    points[i++] = n;
    length++;
  }
  return length;
}
