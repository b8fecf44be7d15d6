// The Encoding Standard's UTF-8 TextEncoder and TextDecoder and HTML's btoa in plain ECMAScript,
// for the standalone bundle (see url-shim.ts for why and how they are bound). No imports: the
// URL parser (whatwg-url) itself uses them while it loads.
const isTrail = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** The UTF-8 length of a string whose lone surrogates count as U+FFFD (3 bytes). */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && isTrail(text.charCodeAt(i + 1))) {
      n += 2; // a pair: two units, four bytes
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * UTF-8 of a string; a lone surrogate becomes U+FFFD (EF BF BD), as TextEncoder does. Written
 * straight into an array of the right length: the URL parser encodes each code point of a path
 * on its own, so this runs once per character.
 */
function utf8Encode(text: string): Uint8Array {
  const out = new Uint8Array(utf8Length(text));
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[at++] = c;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && isTrail(next)) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x800) {
      out[at++] = 0xc0 | (c >> 6);
    } else if (c < 0x10000) {
      out[at++] = 0xe0 | (c >> 12);
      out[at++] = 0x80 | ((c >> 6) & 63);
    } else {
      out[at++] = 0xf0 | (c >> 18);
      out[at++] = 0x80 | ((c >> 12) & 63);
      out[at++] = 0x80 | ((c >> 6) & 63);
    }
    out[at++] = 0x80 | (c & 63);
  }
  return out;
}

class StandaloneTextEncoder {
  readonly encoding = 'utf-8';
  encode(text = ''): Uint8Array {
    return utf8Encode(text);
  }
}

/** Short and ASCII only: decoded as it is (the URL parser decodes hosts and escapes, most such). */
function isAscii(bytes: Uint8Array): boolean {
  if (bytes.length > 4096) return false;
  for (const b of bytes) if (b >= 0x80) return false;
  return true;
}

/**
 * The Encoding Standard's UTF-8 decoder (section 10.1.1): an invalid sequence is one U+FFFD per
 * maximal subpart, or with `fatal` a TypeError; a leading BOM is dropped unless `ignoreBOM`.
 */
class StandaloneTextDecoder {
  readonly encoding = 'utf-8';
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  constructor(label = 'utf-8', options: { fatal?: boolean; ignoreBOM?: boolean } = {}) {
    if (!/^\s*(?:utf-?8|unicode-1-1-utf-8)\s*$/i.test(label))
      throw new RangeError(`Only UTF-8 is supported here, not ${label}`);
    this.fatal = options.fatal === true;
    this.ignoreBOM = options.ignoreBOM === true;
  }
  decode(input?: ArrayBufferView | ArrayBuffer): string {
    const bytes =
      input === undefined
        ? new Uint8Array(0)
        : input instanceof ArrayBuffer
          ? new Uint8Array(input)
          : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    if (isAscii(bytes)) return String.fromCharCode(...bytes);
    let out = '';
    const units: number[] = [];
    const flush = () => {
      out += String.fromCharCode(...units);
      units.length = 0;
    };
    const bad = () => {
      if (this.fatal) throw new TypeError('The encoded data was not valid UTF-8');
      units.push(0xfffd);
    };
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i];
      let need = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      if (b < 0x80) {
        units.push(b);
        i++;
      } else {
        if (b >= 0xc2 && b <= 0xdf) {
          need = 1;
          cp = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          if (b === 0xed) upper = 0x9f;
          need = 2;
          cp = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          if (b === 0xf4) upper = 0x8f;
          need = 3;
          cp = b & 0x7;
        } else {
          bad();
          i++;
          continue;
        }
        i++;
        let ok = true;
        for (let k = 0; k < need; k++) {
          const c = bytes[i];
          if (i >= bytes.length || c < lower || c > upper) {
            ok = false;
            break;
          }
          lower = 0x80;
          upper = 0xbf;
          cp = (cp << 6) | (c & 0x3f);
          i++;
        }
        if (!ok) bad();
        else if (cp >= 0x10000) {
          cp -= 0x10000;
          units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
        } else units.push(cp);
      }
      if (units.length > 8192) flush();
    }
    flush();
    return !this.ignoreBOM && out.charCodeAt(0) === 0xfeff ? out.slice(1) : out;
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** HTML's btoa: base64 of a string of code units 0–255 (an InvalidCharacterError otherwise). */
function standaloneBtoa(data: string): string {
  const s = data;
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : 0;
    if (a > 255 || b > 255 || c > 255)
      throw new Error('InvalidCharacterError: btoa takes characters in the Latin-1 range only');
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[n >> 18] + BASE64[(n >> 12) & 63];
    out += i + 1 < s.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < s.length ? BASE64[n & 63] : '=';
  }
  return out;
}

export {
  StandaloneTextEncoder as TextEncoder,
  StandaloneTextDecoder as TextDecoder,
  standaloneBtoa as btoa,
};
