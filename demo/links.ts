// Links used by a hypothetical news site.
export const CANONICAL = 'https://www.example.com/news/story.html';
export const AMP_PAGE = 'https://www.example.com/news/story.amp.html';
export const CACHED = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/news/story.amp.html';
export const IMAGE = 'https://example-com.cdn.ampproject.org/ii/w800/s/example.com/photo.jpg';

export function isFromCache(origin: string): boolean {
  // e.g. https://www-example-com.cdn.ampproject.org or https://www-example-com.www.bing-amp.com
  return origin.endsWith('.cdn.ampproject.org') || origin.endsWith('.www.bing-amp.com');
}
