// The harness of the fuzz properties (properties.ts, properties-amp.ts): a property counts the
// inputs it tried, lets only UrlError out (a) and bounds each output by its input (b).
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { UrlError } from '../../src/core';

/** A result, or undefined when the core refused the input with a UrlError; anything else fails (a). */
export function attempt<T>(what: string, input: unknown, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    if (
      e instanceof UrlError &&
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the runtime name is what is checked
      e.name === 'UrlError' &&
      typeof e.code === 'string' &&
      e.message.length > 0
    )
      return undefined;
    throw new assert.AssertionError({
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined for undefined
      message: `${what}(${JSON.stringify(input)?.slice(0, 300)}) threw ${String(e)}`,
    });
  }
}

// (b): UTF-16 unit -> at most 3 UTF-8 bytes -> 9 characters escaped; Punycode stays below that.
export const PER_CHAR = 12;
export const bound = (input: string, extra = 256): number => PER_CHAR * input.length + extra;
export function bounded(
  what: string,
  input: string,
  output: string | undefined,
  limit = bound(input),
): void {
  if (output !== undefined)
    assert.ok(
      output.length <= limit,
      `${what}: ${output.length} characters out for ${input.length} in`,
    );
}

export interface FuzzProperty {
  name: string;
  /** Inputs per run of `npm test`; the long run multiplies it. */
  runs: number;
  property: (count: () => void) => fc.IProperty<never>;
}

export const prop =
  <Ts extends [unknown, ...unknown[]]>(
    arbs: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
    check: (...args: Ts) => void,
  ) =>
  (count: () => void) =>
    fc.property(...arbs, (...args: Ts) => {
      count();
      check(...args);
    }) as unknown as fc.IProperty<never>;

/** Runs one property `runs` times from `seed`; returns how many inputs it tried (shrinking included). */
export function runProperty(p: FuzzProperty, runs: number, seed: number): number {
  let tried = 0;
  fc.assert(
    p.property(() => tried++),
    { seed, numRuns: runs },
  );
  return tried;
}
