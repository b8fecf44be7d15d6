// The standalone bundle's stand-ins for the platform (src/standalone): each gives what the
// platform's own gives, on generated input, including the shortcuts taken for speed.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as tr46 from 'tr46/index.js';
import { TextDecoder, TextEncoder } from '../../../src/standalone/text-shims';
import { toASCII } from '../../../src/standalone/tr46-as-node';

const RUNS = { seed: 30, numRuns: 1500 };
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
// Any UTF-16 code unit (lone surrogates too), astral pairs, and ASCII; faster than fast-check's
// 'binary' unit.
const anyText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('😊', '\u{10FFFF}', '\uD800', '\uDFFF', '\u0800', '\u07FF'),
  ),
  maxLength: 40,
});

// whatwg-url's options when it reads a URL's host (domainToASCII without beStrict).
const URL_OPTIONS = {
  checkBidi: true,
  checkHyphens: false,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  verifyDNSLength: false,
};

describe('standalone shims', () => {
  it('TextEncoder: the platform’s bytes for any string, lone surrogates included', () => {
    const ours = new TextEncoder();
    const platform = new globalThis.TextEncoder();
    fc.assert(
      fc.property(anyText, (text) => {
        assert.equal(hex(ours.encode(text)), hex(platform.encode(text)), JSON.stringify(text));
      }),
      RUNS,
    );
  });

  it('TextDecoder: the platform’s text for any bytes, ASCII or not', () => {
    const ours = new TextDecoder('utf-8', { ignoreBOM: true });
    const platform = new globalThis.TextDecoder('utf-8', { ignoreBOM: true });
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.uint8Array({ max: 0x7f, maxLength: 40 }),
      fc
        .string({ unit: 'binary', maxLength: 20 })
        .map((s) => new globalThis.TextEncoder().encode(s)),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        assert.equal(ours.decode(b), platform.decode(b));
      }),
      RUNS,
    );
  });

  it('toASCII: the URL Standard’s ASCII shortcut gives what UTS #46 gives', () => {
    // ASCII hosts with no A-label (those take the full path, whose `xn--` rules are tr46-as-node's).
    const label = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_~!$&'()*+,;=%-]{0,12}$/),
      fc.constantFrom('xn-', 'axn--b', 'XN-a', 'a--b', '0x7f', '1', '', '-', 'LOCALHOST'),
      fc.string({
        unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
        maxLength: 6,
      }),
    );
    const host = fc
      .array(label, { minLength: 1, maxLength: 5 })
      .map((l) => l.join('.'))
      .filter((h) => !/(?:^|\.)xn--/i.test(h));
    fc.assert(
      fc.property(host, (h) => {
        const reference = tr46.toASCII(h, { ...URL_OPTIONS, checkBidi: false });
        assert.equal(toASCII(h, URL_OPTIONS), reference, h);
      }),
      RUNS,
    );
  });
});
