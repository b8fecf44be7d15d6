/** Why the core refused an input. Stable strings: the extension and tests switch on them. */
export type UrlErrorCode =
  | 'empty'
  | 'too-long'
  | 'invalid-url'
  | 'relative-url'
  | 'unsupported-scheme'
  | 'userinfo'
  | 'port'
  | 'invalid-host'
  | 'not-a-cache-url'
  | 'invalid-option';

/** The only error the core throws: any string in gives a result or one of these. */
export class UrlError extends Error {
  override readonly name = 'UrlError';
  constructor(
    readonly code: UrlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs `fn` with the engine's stack capture off, so the UrlErrors it makes cost no stack walk: the
 * result-returning APIs (tryPublisherUrl) refuse on hot paths, where walking the stack of every
 * refusal cost more than the conversion itself. `Error.stackTraceLimit` is V8's; other engines
 * ignore the property, and their errors are made as usual.
 */
export function withoutStacks<T>(fn: () => T): T {
  const engine = Error as { stackTraceLimit?: number };
  const limit = engine.stackTraceLimit;
  engine.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    engine.stackTraceLimit = limit;
  }
}

/** Longest input the core accepts; far above any real URL, low enough to bound the work. */
export const MAX_URL_LENGTH = 1 << 20;

/** Shared guard for every public entry point. */
export function checkInput(input: unknown, what = 'URL'): string {
  if (typeof input !== 'string') {
    throw new UrlError('invalid-url', `The ${what} must be a string.`);
  }
  // A search, not trim(): no copy of a long input on this hot path.
  if (!/\S/.test(input)) {
    throw new UrlError('empty', `The ${what} is empty.`);
  }
  if (input.length > MAX_URL_LENGTH) {
    throw new UrlError('too-long', `The ${what} is longer than ${MAX_URL_LENGTH} characters.`);
  }
  return input;
}

// "No options", shared and frozen, and without a prototype: nothing an Object.prototype holds
// (`Object.prototype.cacheDomain = …`, a polluted prototype) reads as an option. No allocation on
// the hot path of every call without options.
const NO_OPTIONS = Object.freeze(Object.create(null) as object);

/**
 * An options argument: `undefined` and `null` mean none; anything else must be an object, and
 * only its own properties are options (a copy without a prototype: an option missing from the
 * object is missing, whatever Object.prototype holds).
 */
export function readOptions<T extends object>(
  options: T | null | undefined,
  what = 'options',
): Readonly<Partial<T>> {
  if (options === undefined || options === null) return NO_OPTIONS as Readonly<Partial<T>>;
  if (typeof options !== 'object')
    throw new UrlError('invalid-option', `The ${what} must be an object.`);
  return ownProperties(options);
}

/** The own enumerable properties of `value` in an object without a prototype. */
export function ownProperties<T extends object>(value: T): Readonly<Partial<T>> {
  return Object.assign(Object.create(null) as Partial<T>, value);
}

/** A short printable description of any value, for error messages (never throws). */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 20));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return value === null ? 'null' : typeof value;
}
