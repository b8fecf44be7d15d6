// The configuration file's ignored URL patterns: `*` matches any run of characters (slashes too),
// every other character itself. Matched against the URL as its reader reads it (an HTML
// attribute's `&amp;` is `&`, a JSON string's `\/` is `/`), whole, case-sensitively, except the
// scheme and host, which a browser reads in lower case and which are compared so. Matching widens
// only the last `*` on a mismatch: O(pattern × URL) at worst, never exponential.

/** Longest pattern accepted (the configuration file says so when one is longer). */
export const MAX_URL_PATTERN = 2048;

/** `url` with its scheme and authority in lower case, as a browser reads them. */
function lowerOrigin(url: string): string {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(url);
  return m ? m[0].toLowerCase() + url.slice(m[0].length) : url;
}

/** Whether `url` matches `pattern` (see above). */
export function urlMatches(pattern: string, url: string): boolean {
  const p = lowerOrigin(pattern);
  const u = lowerOrigin(url);
  let pi = 0;
  let ui = 0;
  let star = -1;
  let mark = 0;
  while (ui < u.length) {
    if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = ui;
    } else if (pi < p.length && p[pi] === u[ui]) {
      pi++;
      ui++;
    } else if (star >= 0) {
      pi = star + 1;
      ui = ++mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
