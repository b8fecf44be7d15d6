// Path steps that change semantics (docs/specs.md, "RFC 3986 normalization"): duplicate slashes, directory indexes,
// trailing slashes. They run only on paths of URIs with an authority, which always start with "/".

// A segment like `https:`: the `//` after it starts a URL embedded in the path (web archives).
const EMBEDDED_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:$/;

/** `/foo//bar.html` → `/foo/bar.html`; keeps `//` after a `scheme:` segment (`/web/https://a.com/`). */
export function removeDuplicateSlashes(path: string): string {
  if (!path.includes('//')) return path;
  let out = '';
  let segmentStart = 0;
  for (let i = 0; i < path.length; i++) {
    if (path.charCodeAt(i) !== 0x2f) continue;
    const segment = path.slice(segmentStart, i);
    out += segment + '/';
    let j = i + 1;
    while (path.charCodeAt(j) === 0x2f) j++;
    if (j > i + 1 && segment.length > 1 && EMBEDDED_SCHEME.test(segment))
      out += path.slice(i + 1, j);
    i = j - 1;
    segmentStart = j;
  }
  return out + path.slice(segmentStart);
}

/**
 * Removes a final directory index (`/a/index.html` → `/a/`) and/or trailing slashes (`/a/` → `/a`,
 * the root `/` stays), repeating until neither applies so that a second pass changes nothing
 * (`/index.html/index.html` → `/index.html/` → `/index.html` → `/`). Works on an end index: linear.
 */
export function trimPathEnd(
  path: string,
  directoryIndexes: ReadonlySet<string>,
  removeTrailingSlash: boolean,
): string {
  let end = path.length;
  for (;;) {
    const lastSlash = path.lastIndexOf('/', end - 1);
    if (lastSlash < 0) break;
    if (lastSlash === end - 1) {
      if (!removeTrailingSlash || end === 1) break;
      end--;
    } else if (directoryIndexes.has(path.slice(lastSlash + 1, end))) {
      end = lastSlash + 1;
    } else {
      break;
    }
  }
  return end === path.length ? path : path.slice(0, end);
}

/**
 * `/foo` → `/foo/`. Whether a path names a directory cannot be known from the URI, so only a last
 * segment without a dot (no file extension) gets the slash: `/bar.html` stays; `` becomes `/`.
 */
export function addTrailingSlash(path: string): string {
  // The empty path of `http://example.com` is the root directory: it gets its `/` too, even when
  // the "empty path to /" step is off (a trailing slash is asked for either way).
  if (path === '') return '/';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' || last.includes('.') ? path : path + '/';
}
