// The URL half of the shims (text-shims.ts has the rest). What the core and its dependencies take from the Web platform, in plain ECMAScript, for engines
// that have only the language (BigQuery and Snowflake JavaScript UDFs: no URL, no TextEncoder, no
// btoa). esbuild's `inject` binds every free reference to these names in the standalone bundle to
// the exports below, so nothing is added to the engine's global object; in Node and browsers the
// library keeps using the platform's own. Each follows its standard: WHATWG URL (the reference
// implementation's parser, whatwg-url), the Encoding Standard's UTF-8 encoder and decoder, and
// HTML's btoa. test/cli/standalone.test.ts checks the bundle against the library on thousands of
// URLs in a context holding only the language's globals.
import {
  basicURLParse,
  serializeHost,
  serializeInteger,
  serializePath,
  serializeURL,
  type URLRecord,
} from 'whatwg-url/lib/url-state-machine';

/** The WHATWG URL API, read-only: what the core reads of a parsed URL. */
class StandaloneURL {
  // A plain property, not `#url`: the ES2020 build would turn a private field into a WeakMap.
  private readonly record: URLRecord;
  constructor(input: string, base?: string) {
    let baseURL: URLRecord | undefined;
    if (base !== undefined) {
      const parsedBase = basicURLParse(base);
      if (parsedBase === null) throw new TypeError(`Invalid base URL: ${base}`);
      baseURL = parsedBase;
    }
    const parsed = basicURLParse(input, { baseURL });
    if (parsed === null) throw new TypeError(`Invalid URL: ${input}`);
    this.record = parsed;
  }
  get href(): string {
    return serializeURL(this.record);
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
  get protocol(): string {
    return `${this.record.scheme}:`;
  }
  get username(): string {
    return this.record.username;
  }
  get password(): string {
    return this.record.password;
  }
  get host(): string {
    const u = this.record;
    if (u.host === null) return '';
    return u.port === null
      ? serializeHost(u.host)
      : `${serializeHost(u.host)}:${serializeInteger(u.port)}`;
  }
  get hostname(): string {
    return this.record.host === null ? '' : serializeHost(this.record.host);
  }
  get port(): string {
    return this.record.port === null ? '' : serializeInteger(this.record.port);
  }
  get pathname(): string {
    return serializePath(this.record);
  }
  get search(): string {
    const q = this.record.query;
    return q === null || q === '' ? '' : `?${q}`;
  }
  get hash(): string {
    const f = this.record.fragment;
    return f === null || f === '' ? '' : `#${f}`;
  }
}

export { StandaloneURL as URL };
