// The arguments of the hover's command links. A link names WHERE a URL is and WHICH form is
// wanted, never the text to write: the command re-reads the document, recomputes the form with
// the current settings and refuses when anything differs. Arguments are checked as untrusted
// data (anyone can run a command with anything).

/** Where the hovered URL is and which of its forms a link is about. */
export interface LinkTarget {
  /** The document's URI, as `TextDocument.uri.toString()` gives it. */
  uri: string;
  /** Offsets of the URL's text in the document. */
  start: number;
  end: number;
  /** The document text at `[start, end)` when the hover was made. */
  expected: string;
  /** A form id: `cache`, `cacheOrigin`, `cache:<id>`, `cacheOrigin:<id>`, `publisher`,
   * `publisherDomain`, `canonical`, `normalized` or `hash:<index>`; absent for Show all forms. */
  form?: string;
}

/** Longest URL text a link may name (the finder's own window is smaller). */
export const MAX_LINK_TEXT = 128 * 1024;
/** Highest offset accepted: VS Code documents stay far below this. */
const MAX_OFFSET = 2 ** 40;
/** Longest document URI accepted. */
const MAX_URI = 8192;
const KEYS: ReadonlySet<string> = new Set(['uri', 'start', 'end', 'expected', 'form']);
// A custom cache id is any trimmed string (compared for equality only): no control characters.
const FORM_ID =
  /^(?:cache|cacheOrigin)(?::[^\u0000-\u001f\u007f-\u009f]{1,128})?$|^(?:publisher|publisherDomain|canonical|normalized)$|^hash:(?:0|[1-9]\d{0,3})$/;

/**
 * The own data properties of `arg` when it is a plain object (prototype Object.prototype or
 * null: a JSON object) with only keys from `allowed`, no symbols and no getters (reading one
 * could run code or answer differently each time); otherwise undefined. Keys such as
 * `__proto__` or `constructor` that JSON.parse makes own properties are not in `allowed`.
 */
export function plainData(
  arg: unknown,
  allowed: ReadonlySet<string>,
): Partial<Record<string, unknown>> | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  try {
    const proto = Object.getPrototypeOf(arg) as unknown;
    if (proto !== Object.prototype && proto !== null) return undefined;
    if (Object.getOwnPropertySymbols(arg).length > 0) return undefined;
    const names = Object.getOwnPropertyNames(arg);
    if (names.length > allowed.size) return undefined;
    const out: Partial<Record<string, unknown>> = Object.create(null) as Record<string, unknown>;
    for (const name of names) {
      const d = Object.getOwnPropertyDescriptor(arg, name);
      if (!allowed.has(name) || !d || !('value' in d)) return undefined;
      out[name] = d.value;
    }
    return out;
  } catch {
    return undefined; // a Proxy whose traps throw
  }
}

function isOffset(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_OFFSET;
}

/**
 * The link target in `arg`, or undefined when it is not exactly one: a plain object with these
 * own properties only (no prototype tricks, no extra keys), well-typed and bounded.
 */
export function parseLinkTarget(arg: unknown): LinkTarget | undefined {
  const own = plainData(arg, KEYS);
  if (!own) return undefined;
  const { uri, start, end, expected, form } = own;
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > MAX_URI) return undefined;
  if (!isOffset(start) || !isOffset(end) || end <= start) return undefined;
  if (
    typeof expected !== 'string' ||
    expected.length !== end - start ||
    expected.length > MAX_LINK_TEXT
  ) {
    return undefined;
  }
  if (form !== undefined && (typeof form !== 'string' || !FORM_ID.test(form))) return undefined;
  return form === undefined ? { uri, start, end, expected } : { uri, start, end, expected, form };
}
