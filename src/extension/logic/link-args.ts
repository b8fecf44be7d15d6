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
const FORM_ID =
  /^(?:cache|cacheOrigin)(?::[A-Za-z0-9_.-]{1,64})?$|^(?:publisher|publisherDomain|canonical|normalized)$|^hash:\d{1,4}$/;

function isOffset(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_OFFSET;
}

/**
 * The link target in `arg`, or undefined when it is not exactly one: a plain object with these
 * own properties only (no prototype tricks, no extra keys), well-typed and bounded.
 */
export function parseLinkTarget(arg: unknown): LinkTarget | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const proto = Object.getPrototypeOf(arg) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const keys = Object.keys(arg);
  const allowed = new Set(['uri', 'start', 'end', 'expected', 'form']);
  if (keys.some((k) => !allowed.has(k)) || Object.getOwnPropertySymbols(arg).length > 0)
    return undefined;
  const { uri, start, end, expected, form } = arg as Record<string, unknown>;
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 8192) return undefined;
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
