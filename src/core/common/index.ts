// What every concern uses: the typed error and IDN (URI splitting is in uri.ts). The concerns import only
// from this folder, never from each other.
export { UrlError, type UrlErrorCode } from './errors';
export { hostToAscii, hostToUnicode } from './idn';
