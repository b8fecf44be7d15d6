// The AMP project's own files on the caches' hosts and its frames: the runtime (`v0.js`), its
// components (`v0/amp-bind-0.1.js`), the long-term-stable and pinned channels (`lts/…`,
// `rtv/<version>/…`), the service worker (`sw/…`), the caches list (`caches.json`), and the
// third-party frames on `*.ampproject.net`. They are infrastructure, not publisher pages: they
// have no cache form (`https://cdn.ampproject.org/v0.js` is not a page of a publisher
// `cdn.ampproject.org`) and are never converted.

/** What an AMP project file is, in the words the hover and the reports use. */
export type AmpProjectFile =
  | 'AMP runtime script'
  | 'AMP component script'
  | 'AMP service worker'
  | 'AMP Caches list'
  | 'AMP third-party frame'
  | 'AMP project file';

// `v0.js`, `v0.mjs`, `amp4ads-v0.js`, `shadow-v0.js`, `amp-story-player-v0.js`, … (`.css` too).
const RUNTIME = /^(?:[a-z0-9-]+-)?v0\.(?:m?js|css)$/;
// The first segments of the paths the runtime is served under on a prefixed cache host.
const RUNTIME_ROOTS: ReadonlySet<string> = new Set(['v0', 'lts', 'rtv', 'sw', 'caches.json']);

/** Whether a path's first segment (on a prefixed cache host) names a project file, not a page. */
export function isProjectRoot(first: string): boolean {
  return RUNTIME_ROOTS.has(first) || RUNTIME.test(first);
}

/**
 * What the file at `path` (resolved, starting with `/`) on the AMP project's cache host is.
 * `lts/` and `rtv/<version>/` are channels of the same files.
 */
export function projectFileAt(path: string): AmpProjectFile {
  const parts = path.split('/').slice(1);
  let i = 0;
  if (parts[i] === 'lts') i++;
  else if (parts[i] === 'rtv' && parts.length > i + 2) i += 2;
  const first = parts[i] ?? '';
  if (RUNTIME.test(first) && parts.length === i + 1) return 'AMP runtime script';
  if (first === 'v0' && parts.length === i + 2) return 'AMP component script';
  if (first === 'sw') return 'AMP service worker';
  if (first === 'caches.json' && i === 0) return 'AMP Caches list';
  return 'AMP project file';
}
