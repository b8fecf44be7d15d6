import * as assert from 'node:assert/strict';
import { joinAuthority, joinUri, splitAuthority, splitUri } from '../../../../src/core/common/uri';

describe('uri: RFC 3986 splitting', () => {
  it('splits the RFC 3986 appendix B example', () => {
    assert.deepEqual(splitUri('http://www.ics.uci.edu/pub/ietf/uri/#Related'), {
      scheme: 'http',
      authority: 'www.ics.uci.edu',
      path: '/pub/ietf/uri/',
      query: undefined,
      fragment: 'Related',
    });
  });

  it('tells an empty query or fragment from an absent one', () => {
    assert.equal(splitUri('http://a.com/x?').query, '');
    assert.equal(splitUri('http://a.com/x').query, undefined);
    assert.equal(splitUri('http://a.com/x#').fragment, '');
  });

  it('round-trips any string exactly', () => {
    for (const s of [
      '',
      'a',
      'http://u@h:1/p?q#f',
      '//h',
      '?x',
      '#y',
      'mailto:a@b',
      'http://a.com?#',
      'a:b:c',
      '\n\u0000#?//',
    ]) {
      assert.equal(joinUri(splitUri(s)), s);
    }
  });

  it('splits authorities with userinfo, IPv6 and ports', () => {
    assert.deepEqual(splitAuthority('user:pw@Example.COM:8080'), {
      userinfo: 'user:pw',
      host: 'Example.COM',
      port: '8080',
    });
    assert.deepEqual(splitAuthority('[::1]:80'), {
      userinfo: undefined,
      host: '[::1]',
      port: '80',
    });
    assert.deepEqual(splitAuthority('[::1]'), { userinfo: undefined, host: '[::1]' });
    assert.deepEqual(splitAuthority('a@b@c'), { userinfo: 'a@b', host: 'c' });
    for (const a of ['', 'h', 'h:', 'u@h:1', '[::1]:', 'a@[v1.x]:9'])
      assert.equal(joinAuthority(splitAuthority(a)), a);
  });
});
