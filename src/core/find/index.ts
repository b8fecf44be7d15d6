// Finding URLs in text: every URL of a text (findUrls) or the one at an offset (urlAt).
export { URL_AT_WINDOW, absoluteUrl, findUrls, urlAt, type UrlMatch } from './find-urls';
