import * as assert from 'node:assert/strict';
import { formatIPv6Host, legacyIPv4, parseIPv6 } from '../../../../src/core/safe-browsing/ip';

function ipv6(text: string): string | undefined {
  const groups = parseIPv6(text);
  return groups && formatIPv6Host(groups);
}

describe('Safe Browsing IP hosts', () => {
  it('reads IPv4 in every legacy encoding (the Go client vectors)', () => {
    const CASES: [string, string | undefined][] = [
      ['123.123.0.0.1', undefined],
      ['255.0.0.1', '255.0.0.1'],
      ['12.0x12.01234', '12.18.2.156'],
      ['276.2.3', '20.2.0.3'],
      ['012.034.01.055', '10.28.1.45'],
      ['0x12.0x43.0x44.0x01', '18.67.68.1'],
      ['167838211', '10.1.2.3'],
      ['3279880203', '195.127.0.11'],
      ['4294967295', '255.255.255.255'],
      ['1.2.3.00x0', undefined],
    ];
    for (const [host, expected] of CASES) assert.equal(legacyIPv4(host), expected, host);
  });

  it('spreads the last part over the remaining bytes and truncates overflowing bytes', () => {
    assert.equal(legacyIPv4('1.65536'), '1.1.0.0');
    assert.equal(legacyIPv4('1.2.65535'), '1.2.255.255');
    assert.equal(legacyIPv4('1.2.65536'), '1.2.0.0');
    assert.equal(legacyIPv4('1.2.3.256'), '1.2.3.0');
    assert.equal(legacyIPv4('0'), '0.0.0.0');
    assert.equal(legacyIPv4('0x'), undefined);
    assert.equal(legacyIPv4('08'), undefined); // not octal
    assert.equal(legacyIPv4('0x100000000'), undefined); // beyond 32 bits: a name
    assert.equal(legacyIPv4('4294967296'), undefined);
    assert.equal(legacyIPv4(`0x${'0'.repeat(100000)}1`), '0.0.0.1');
    assert.equal(legacyIPv4('1.2.3.4.'), undefined); // callers remove dots first
    assert.equal(legacyIPv4('example.com'), undefined);
    assert.equal(legacyIPv4('1e3'), undefined);
    assert.equal(legacyIPv4(`1.${'2.'.repeat(100000)}`), undefined);
  });

  it('writes IPv6 per RFC 5952', () => {
    assert.equal(ipv6('2001:0db8:0000::1'), '[2001:db8::1]');
    assert.equal(ipv6('2001:db8:0:0:1:0:0:1'), '[2001:db8::1:0:0:1]'); // first of equal runs
    assert.equal(ipv6('2001:db8:0:0:0:1:0:0'), '[2001:db8::1:0:0]'); // longest run
    assert.equal(ipv6('2001:db8:0:1:1:1:1:1'), '[2001:db8:0:1:1:1:1:1]'); // one zero group stays
    assert.equal(ipv6('::'), '[::]');
    assert.equal(ipv6('::1'), '[::1]');
    assert.equal(ipv6('1::'), '[1::]');
    assert.equal(ipv6('1:2:3:4:5:6:7::'), '[1:2:3:4:5:6:7:0]');
    assert.equal(
      ipv6('FEDC:BA98:7654:3210:FEDC:BA98:7654:3210'),
      '[fedc:ba98:7654:3210:fedc:ba98:7654:3210]',
    );
    assert.equal(ipv6('::192.9.5.5'), '[::c009:505]'); // IPv4-compatible (deprecated) is plain IPv6
    assert.equal(ipv6('64:ff9b:1::1.2.3.4'), '[64:ff9b:1::102:304]'); // only the /96 well-known prefix is NAT64
  });

  it('turns IPv4-mapped and NAT64 well-known-prefix addresses into IPv4', () => {
    assert.equal(ipv6('::ffff:1.2.3.4'), '1.2.3.4');
    assert.equal(ipv6('::ffff:102:304'), '1.2.3.4');
    assert.equal(ipv6('0:0:0:0:0:FFFF:0102:0304'), '1.2.3.4');
    assert.equal(ipv6('64:ff9b::1.2.3.4'), '1.2.3.4');
    assert.equal(ipv6('64:ff9b::0102:0304'), '1.2.3.4');
    assert.equal(ipv6('64:FF9B:0:0:0:0:c0a8:1'), '192.168.0.1');
  });

  it('refuses malformed IPv6 text', () => {
    for (const text of [
      '',
      ':',
      ':::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1::2::3',
      '12345::',
      'g::',
      '1:2:3:4:5:6:7::8',
      '::1.2.3',
      '::1.2.3.04',
      '::256.1.1.1',
      '::1.2.3.4:5',
      '1.2.3.4',
      ':1::',
      '1::2:',
      'fe80::1%en0',
      `${'1:'.repeat(30)}1`,
    ]) {
      assert.equal(parseIPv6(text), undefined, text);
    }
  });
});
