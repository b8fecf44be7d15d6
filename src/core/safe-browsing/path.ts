// The path steps of Safe Browsing canonicalization. Never applied to the query.

/**
 * Resolves `.` and `..` segments, then collapses runs of slashes; an empty path becomes `/`.
 * Dot segments are resolved first with empty segments kept, as the spec orders it and as a
 * browser does (`/a//../b` → `/a/b`), then the empty segments go.
 */
export function canonicalPath(path: string): string {
  if (path === '') return '/';
  if (!path.includes('/.') && !path.includes('//')) return path;
  const input = path.split('/'); // input[0] is '' because the path starts with '/'
  const out: string[] = [];
  for (let i = 1; i < input.length; i++) {
    const segment = input[i];
    if (segment !== '.' && segment !== '..') {
      out.push(segment);
      continue;
    }
    if (segment === '..') out.pop();
    if (i === input.length - 1) out.push(''); // `/a/..` and `/a/.` name a directory: `/`, `/a/`
  }
  const kept = out.filter((segment) => segment !== '');
  if (kept.length === 0) return '/';
  return `/${kept.join('/')}${out[out.length - 1] === '' ? '/' : ''}`;
}
