// The rel of the `<link>` whose attribute holds a URL: an AMP page's `<link rel="canonical">`
// names its publisher page and an `<link rel="amphtml">` its AMP page on purpose, so converting
// every URL of a page to cache URLs leaves them (the AMP validator requires them to point at the
// publisher's origin, and the caches read them so).

/** How far before the URL the `<link` is looked for. */
const LOOK = 1024;

/** `canonical` or `amphtml` when the URL at `start` is an attribute of such a `<link>` tag. */
export function ampLinkRelAt(text: string, start: number): 'canonical' | 'amphtml' | undefined {
  const lo = Math.max(0, start - LOOK);
  // Within the window only: a scan back to the text's start would make a plan quadratic.
  const at = text.slice(lo, start).lastIndexOf('<');
  const open = at < 0 ? -1 : lo + at;
  if (open < 0 || !/^<link[\s/]/i.test(text.slice(open, open + 6))) return undefined;
  // No `>` between the tag's start and the URL: the URL is inside this start tag.
  if (text.slice(open, start).includes('>')) return undefined;
  const after = text.slice(start, start + LOOK);
  const close = after.indexOf('>');
  const tag = text.slice(open, start + (close < 0 ? after.length : close));
  const rel = /\srel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  const values = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? '').toLowerCase().split(/\s+/);
  if (values.includes('canonical')) return 'canonical';
  return values.includes('amphtml') ? 'amphtml' : undefined;
}
