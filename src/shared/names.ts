// One name per thing: the label of each form and each kind of URL, used by the hover, "Show all
// forms", the pickers and the messages alike, so a person meets the same words everywhere.
import type { AmpProjectFile } from '../core';
import type { UrlKind } from './classify';
import { format, type Localize } from './localize';

/** The forms that have a name of their own (the cache ones take the cache's name). */
export type NamedForm =
  | 'cache'
  | 'cacheOrigin'
  | 'publisher'
  | 'publisherDomain'
  | 'canonical'
  | 'normalized'
  | 'hashPrefix';

/**
 * The name of a form. `cache` is the cache's name (`Google AMP Cache`) for the forms of one cache:
 * `Google AMP Cache URL`, `Google AMP Cache origin` (the origin is what a CORS `Origin:` header
 * holds; that explanation is the command's, not the name's).
 */
export function formName(form: NamedForm, t: Localize = format, cache?: string): string {
  switch (form) {
    case 'cache':
      return cache === undefined ? t('AMP Cache URL') : t('{0} URL', cache);
    case 'cacheOrigin':
      return cache === undefined ? t('AMP Cache origin') : t('{0} origin', cache);
    case 'publisher':
      return t('Publisher URL');
    case 'publisherDomain':
      return t('Publisher domain');
    case 'canonical':
      return t('Safe Browsing canonical URL');
    case 'normalized':
      return t('RFC 3986 normalized URL');
    case 'hashPrefix':
      return t('Safe Browsing hash prefix');
  }
}

/** The name of a file of the AMP project, localized. */
export function projectFileName(file: AmpProjectFile | undefined, t: Localize = format): string {
  switch (file) {
    case 'AMP runtime script':
      return t('AMP runtime script');
    case 'AMP component script':
      return t('AMP component script');
    case 'AMP service worker':
      return t('AMP service worker');
    case 'AMP Caches list':
      return t('AMP Caches list');
    case 'AMP third-party frame':
      return t('AMP third-party frame');
    default:
      return t('AMP project file');
  }
}

/** The name of a kind of URL (the hover's header). */
export function kindName(kind: UrlKind, t: Localize = format, file?: AmpProjectFile): string {
  switch (kind) {
    case 'publisher':
      return t('URL');
    case 'cache':
      return formName('cache', t);
    case 'cacheOrigin':
      return formName('cacheOrigin', t);
    case 'viewer':
      return t('AMP viewer URL');
    case 'project':
      return projectFileName(file, t);
  }
}
