import * as assert from 'node:assert/strict';
import { UrlError } from '../../src/core';
import { checkInput, MAX_URL_LENGTH } from '../../src/core/errors';

describe('UrlError and input guard', () => {
  it('is an Error named UrlError with a code', () => {
    const e = new UrlError('empty', 'The URL is empty.');
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'UrlError');
    assert.equal(e.code, 'empty');
    assert.equal(e.message, 'The URL is empty.');
  });

  it('refuses non-strings, blank and oversized input with a clear code', () => {
    assert.throws(() => checkInput(undefined), { name: 'UrlError', code: 'invalid-url' });
    assert.throws(() => checkInput(' \t\n'), { name: 'UrlError', code: 'empty' });
    assert.throws(() => checkInput('h'.repeat(MAX_URL_LENGTH + 1)), { name: 'UrlError', code: 'too-long' });
    assert.equal(checkInput('http://a.com/'), 'http://a.com/');
  });
});
