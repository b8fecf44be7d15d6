import * as assert from 'node:assert/strict';
import { UrlError } from '../../../../src/core';

/** Asserts that `fn` throws a UrlError with this code (and a message matching `message`). */
export function refuses(fn: () => unknown, code: string, message?: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof UrlError, `expected a UrlError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    if (message) assert.match(e.message, message);
    return true;
  });
}
