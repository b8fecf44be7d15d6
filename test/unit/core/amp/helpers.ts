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

/** The hashed domain prefix of the AMP Cache spec's example (a publisher host too long for a readable one). */
export const SPEC_HASH = 'v2c4ucasgcskftbjt4c7phpkbqedcdcqo23tkamleapoa5o6fygq';
