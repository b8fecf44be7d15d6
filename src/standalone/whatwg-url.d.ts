// Types of the parts of whatwg-url's URL state machine the standalone bundle uses (the package
// ships none; only its URL record and serializers are imported, not its Web IDL wrappers).
declare module 'whatwg-url/lib/url-state-machine' {
  export interface URLRecord {
    scheme: string;
    username: string;
    password: string;
    host: unknown;
    port: number | null;
    path: string | string[];
    query: string | null;
    fragment: string | null;
  }
  export function basicURLParse(
    input: string,
    options?: { baseURL?: URLRecord | undefined },
  ): URLRecord | null;
  export function serializeURL(url: URLRecord, excludeFragment?: boolean): string;
  export function serializeHost(host: unknown): string;
  export function serializeInteger(n: number): string;
  export function serializePath(url: URLRecord): string;
}

declare module 'tr46/index.js' {
  export interface Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
  }
  export function toASCII(domain: string, options?: Options): string | null;
  export function toUnicode(domain: string, options?: Options): { domain: string; error: boolean };
}
