import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { bidiClass, bidiRuleProblem } from '../../../../src/core/common/bidi';
import { UrlError } from '../../../../src/core/common/errors';
import {
  hostForms,
  hostToAscii,
  hostToUnicode,
  strictDomainProblem,
} from '../../../../src/core/common/idn';

function invalidHost(host: string, message?: RegExp): void {
  assert.throws(
    () => hostToAscii(host),
    (e: unknown) => {
      assert.ok(
        e instanceof UrlError,
        `expected a UrlError for ${JSON.stringify(host)}, got ${String(e)}`,
      );
      assert.equal(e.code, 'invalid-host');
      if (message) assert.match(e.message, message);
      return true;
    },
  );
}

describe('idn: hostToAscii reads hosts as browsers do', () => {
  it('lower-cases, maps (UTS #46 non-transitional) and Punycode-encodes', () => {
    const table: [string, string][] = [
      ['example.com', 'example.com'],
      ['Example.COM', 'example.com'],
      ['bücher.ch', 'xn--bcher-kva.ch'],
      ['BÜCHER.CH', 'xn--bcher-kva.ch'],
      ['XN--BCHER-KVA.ch', 'xn--bcher-kva.ch'],
      ['bu\u0308cher.ch', 'xn--bcher-kva.ch'], // NFC
      ['faß.de', 'xn--fa-hia.de'], // non-transitional: ß stays
      ['ⓐ.com', 'a.com'],
      ['a。b．c｡d', 'a.b.c.d'], // ideographic and fullwidth dots separate labels
      ['⚡😊.com', 'xn--57hw060o.com'],
      ['ex%61mple.com', 'example.com'], // browsers percent-decode hosts
      ['a_b.example', 'a_b.example'], // browsers skip STD3 and CheckHyphens
      ['in--trouble.com', 'in--trouble.com'],
      ['-a-.com', '-a-.com'],
      ['example.com.', 'example.com.'],
    ];
    for (const [host, ascii] of table) assert.equal(hostToAscii(host), ascii, host);
  });

  it('normalizes IPv4 numbers and IPv6 literals like the URL parser', () => {
    assert.equal(hostToAscii('192.0.2.1'), '192.0.2.1');
    assert.equal(hostToAscii('0xc0.0.2.1'), '192.0.2.1');
    assert.equal(hostToAscii('3221225985'), '192.0.2.1');
    assert.equal(hostToAscii('１９２.０.２.１'), '192.0.2.1'); // fullwidth digits
    assert.equal(hostToAscii('[2001:DB8:0:0::1]'), '[2001:db8::1]');
  });

  it('refuses what browsers refuse, saying why', () => {
    invalidHost('', /empty/);
    invalidHost('a b.com', /whitespace/);
    invalidHost('a\tb.com', /whitespace/);
    invalidHost('a/b', /\//);
    invalidHost('user@a.com', /@/);
    invalidHost('a.com:8080', /port/);
    invalidHost('a.123', /not a valid domain/); // ends in a number but is no IPv4 address
    invalidHost('256.1.1.1');
    invalidHost('[::1');
    invalidHost('xn--a.com'); // undecodable A-label
    invalidHost('\u0300a.com'); // starts with a combining mark
    invalidHost('a\u200db.com'); // ZWJ outside its context (CheckJoiners)
    invalidHost('exa%zzmple.com');
  });

  it('applies the Bidi rule (RFC 5893) that Node skips but Chrome applies', () => {
    invalidHost('aب.com', /Bidi rule/); // left-to-right label with an Arabic letter
    invalidHost('1ب.com', /Bidi rule/); // right-to-left domain, label starting with a digit
    assert.equal(hostToAscii('مثال.com'), 'xn--mgbh0fb.com');
    assert.equal(hostToAscii('hello.xn--4gbrim'), 'hello.xn--4gbrim'); // separate labels may differ in direction
  });

  it('gives the Unicode form with the ASCII one', () => {
    assert.deepEqual(hostForms('BÜCHER.ch'), { ascii: 'xn--bcher-kva.ch', unicode: 'bücher.ch' });
    assert.equal(hostToUnicode('xn--57hw060o.com'), '⚡😊.com');
    assert.equal(hostToUnicode('xn--99999999.com'), 'xn--99999999.com'); // undecodable labels stay
  });

  it('agrees with the whole-host URL parser on generated hosts (label-wise conversion is exact)', () => {
    const chars = [
      'a',
      'B',
      'z',
      '0',
      '9',
      '-',
      '.',
      '。',
      'ü',
      'Ü',
      'ß',
      'ⓐ',
      '１',
      'x',
      'n',
      '例',
      '⚡',
      '\u0308',
      '%',
      '_',
      'ς',
      'İ',
      'ﬀ',
    ];
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 16 }),
        (host) => {
          let expected: string | undefined;
          try {
            expected = new URL(`http://${host}/`).hostname;
          } catch {
            expected = undefined;
          }
          let actual: string | undefined;
          try {
            actual = hostToAscii(host);
          } catch (e) {
            assert.ok(e instanceof UrlError);
            actual = undefined;
          }
          assert.equal(actual, expected === '' ? undefined : expected, host);
        },
      ),
      { seed: 42, numRuns: 3000 },
    );
  });
});

describe('idn: strictDomainProblem (the IDNA lookup checks AMP Caches apply)', () => {
  it('accepts valid domains', () => {
    for (const d of [
      'example.com',
      'a-b.c',
      'xn--bcher-kva.ch',
      '1.2.3.4',
      'a'.repeat(63) + '.com',
    ])
      assert.equal(strictDomainProblem(d), undefined, d);
  });

  it('names the broken rule', () => {
    const cases: [string, RegExp][] = [
      ['a_b.com', /other than a-z/],
      ['-a.com', /starts or ends with -/],
      ['a-.com', /starts or ends with -/],
      ['in--trouble.com', /positions 3-4/],
      ['xn--ab--c-ova.com', /positions 3-4/], // ab--cü
      ['a..com', /empty label/],
      ['example.com.', /empty label/],
      ['a'.repeat(64) + '.com', /longer than 63/],
      [`${'a.'.repeat(127)}com`, /longer than 253/],
    ];
    for (const [d, why] of cases) assert.match(strictDomainProblem(d) ?? '', why, d);
  });
});

describe('idn: Bidi classes and rule', () => {
  it('classifies code points like the Unicode data', () => {
    const cases: [number, string][] = [
      [0x61, 'L'],
      [0x31, 'E'],
      [0x2d, 'S'],
      [0x2e, 'C'],
      [0x5d0, 'R'],
      [0x628, 'A'],
      [0x660, 'N'],
      [0x6f0, 'E'],
      [0x300, 'M'],
      [0x26a1, 'O'],
      [0x1f60a, 'O'],
      [0x4f8b, 'L'],
      [0x20ac, 'T'],
      [0x200d, 'B'],
      [0x10900, 'R'],
    ];
    for (const [cp, cls] of cases) assert.equal(bidiClass(cp), cls, cp.toString(16));
  });

  it('checks the six conditions only in right-to-left domains', () => {
    assert.equal(bidiRuleProblem(['abc', '1a']), undefined); // no RTL character anywhere
    assert.equal(bidiRuleProblem(['مثال', 'com']), undefined);
    assert.match(bidiRuleProblem(['مثال', '1a']) ?? '', /starts with a digit/);
    assert.match(bidiRuleProblem(['ز۰ز٠']) ?? '', /European and Arabic-Indic digits/);
    assert.match(bidiRuleProblem(['مثال-']) ?? '', /ends with a neutral/);
    assert.match(bidiRuleProblem(['aمثال']) ?? '', /left-to-right label contains a right-to-left/);
  });
});
