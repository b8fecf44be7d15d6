// The tools offered to AI agents, described once: the editor's language model tools
// (src/extension/lm-tools/, with package.json's `languageModelTools` kept equal by a unit test)
// and `amp-url mcp` (src/cli/mcp.ts) list these names, descriptions and input schemas. A model
// picks a tool by its description, so each says what it is for, what it is not for, and what it
// answers. The schemas refuse what is not a URL; every tool checks its input again (input.ts):
// a caller may send anything.

import { REGISTERED_CACHE_IDS, REGISTERED_CACHE_NAMES } from '../cache-choices';
import { orList } from '../word-lists';

/** Longest URL a tool takes (a crawl's longest URLs are a few thousand characters). */
const MAX_URL_LENGTH = 32_768;
/** Most URLs one de-AMP call takes. */
const MAX_URLS = 1_000;
/** Most findings the workspace search returns (its answer says when it stopped there). */
const MAX_FIND_RESULTS = 1_000;
export const DEFAULT_FIND_RESULTS = 200;

/**
 * What a tool takes as a URL: an absolute URL (a scheme, then no whitespace or control
 * character), or a `www.` address, read as `http://www.…` the way editors and chat apps link it.
 */
export const URL_PATTERN =
  '^(?:[A-Za-z][A-Za-z0-9+.-]*:|[Ww][Ww][Ww]\\.)[^\\s\\u0000-\\u001f\\u007f]+$';

const url = (description: string) => ({
  type: 'string',
  description,
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  pattern: URL_PATTERN,
});

export const TOOL_NAMES = [
  'amp_url_forms',
  'amp_url_deamp',
  'amp_url_cache',
  'amp_url_safe_browsing',
  'amp_url_normalize',
  'amp_url_find_amp_urls',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface ToolDefinition {
  name: ToolName;
  /** A short title for people (the editor's tool list, an MCP client's). */
  title: string;
  /** What the model reads to choose the tool. */
  description: string;
  inputSchema: {
    type: 'object';
    properties: Record<string, object>;
    required: string[];
    additionalProperties: false;
  };
  /** Whether the tool reads files of the workspace or repository (the others only compute). */
  readsFiles: boolean;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'amp_url_forms',
    title: 'All forms of a URL',
    description: `Every form of one URL by the exact rules of the AMP URL Toolkit: its kind (publisher page, AMP Cache URL, AMP Cache origin, AMP viewer URL such as google.com/amp/…, or a file of the AMP project), its AMP Cache URL and AMP Cache origin on each registered cache (${REGISTERED_CACHE_NAMES.join(', ')}), or for an AMP URL its publisher URL, plus its Safe Browsing canonical URL with hash prefixes and its RFC 3986 normalized URL. Use it when asked what a URL is or for several forms at once; do not guess these forms yourself. Answers JSON data.`,
    inputSchema: {
      type: 'object',
      properties: { url: url('The URL, absolute (https://…) or starting with www.') },
      required: ['url'],
      additionalProperties: false,
    },
    readsFiles: false,
  },
  {
    name: 'amp_url_deamp',
    title: 'De-AMP URLs',
    description:
      'De-AMP a list of URLs: each AMP Cache URL (https://example-com.cdn.ampproject.org/c/s/example.com/page) or AMP viewer URL (https://www.google.com/amp/s/example.com/page) becomes the publisher URL it serves; every other URL comes back unchanged (changed: false), and a URL that cannot be reversed says why. Use it to clean AMP links out of text, lists or crawl data. It does not edit files. Answers JSON data, one row per input URL in order.',
    inputSchema: {
      type: 'object',
      properties: {
        urls: {
          type: 'array',
          description: `The URLs, 1 to ${MAX_URLS}.`,
          items: url('One URL.'),
          minItems: 1,
          maxItems: MAX_URLS,
        },
      },
      required: ['urls'],
      additionalProperties: false,
    },
    readsFiles: false,
  },
  {
    name: 'amp_url_cache',
    title: 'AMP Cache URL and origin',
    description: `The AMP Cache URL of a publisher page (how the ${orList(REGISTERED_CACHE_NAMES)} AMP Cache serves it, with the cache's subdomain for the publisher's host, IDN and long hosts included) and the AMP Cache origin, the Origin header the page sends from the cache (what a CORS allow-list must accept). For an AMP Cache or viewer URL it gives the AMP Cache origin only. Answers JSON data.`,
    inputSchema: {
      type: 'object',
      properties: {
        url: url('The publisher URL (or an AMP URL, for its AMP Cache origin).'),
        cache: {
          type: 'string',
          description: `${REGISTERED_CACHE_IDS.join(', ')}, or the id of a custom cache; default: the cache the user configured.`,
          pattern: '^[A-Za-z0-9_.-]{1,64}$',
        },
      },
      required: ['url'],
      additionalProperties: false,
    },
    readsFiles: false,
  },
  {
    name: 'amp_url_safe_browsing',
    title: 'Safe Browsing canonical URL and hash prefixes',
    description:
      "The Google Safe Browsing canonical URL of a URL (the Safe Browsing API's canonicalization: escapes, dot segments, IP forms, host case) and the host-suffix/path-prefix expressions it is looked up by, each with its SHA-256 hash prefix in hex and base64. Use it for Safe Browsing or Web Risk look-ups; the hashes are exact, never guess them. Answers JSON data.",
    inputSchema: {
      type: 'object',
      properties: {
        url: url('The URL.'),
        hashLength: {
          type: 'integer',
          description: 'Bytes of each hash prefix: 4 (default), 8, 16 or 32.',
          enum: [4, 8, 16, 32],
        },
      },
      required: ['url'],
      additionalProperties: false,
    },
    readsFiles: false,
  },
  {
    name: 'amp_url_normalize',
    title: 'RFC 3986 normalized URL',
    description:
      'The RFC 3986 normalized URL of a URL (syntax-based normalization: case, percent-escapes, dot segments, default port), with the preset safe (only changes that keep the same resource), usuallySafe or aggressive. Use it to compare or deduplicate URLs. Answers JSON data.',
    inputSchema: {
      type: 'object',
      properties: {
        url: url('The URL.'),
        preset: {
          type: 'string',
          description:
            'safe, usuallySafe or aggressive; default: the preset the user configured (safe).',
          enum: ['safe', 'usuallySafe', 'aggressive'],
        },
      },
      required: ['url'],
      additionalProperties: false,
    },
    readsFiles: false,
  },
  {
    name: 'amp_url_find_amp_urls',
    title: 'Find the AMP URLs of the workspace',
    description:
      "Finds the AMP Cache URLs and AMP viewer URLs written in the files of the open workspace (or of the repository the server was started in): the files git or the editor's search would search, ignored files left out. Answers JSON data: each URL with its file path, line and column, kind and the publisher URL to use instead (or why there is none), at most maxResults of them (truncated says when there are more). Read-only: it changes no file.",
    inputSchema: {
      type: 'object',
      properties: {
        include: {
          type: 'string',
          description: 'Only files matching this glob (e.g. **/*.md); default: every file.',
          minLength: 1,
          maxLength: 1000,
        },
        maxResults: {
          type: 'integer',
          description: `Most URLs to return, 1 to ${MAX_FIND_RESULTS} (default ${DEFAULT_FIND_RESULTS}).`,
          minimum: 1,
          maximum: MAX_FIND_RESULTS,
        },
      },
      required: [],
      additionalProperties: false,
    },
    readsFiles: true,
  },
];

/** The definition of the tool called `name` (any string a client sends), if there is one. */
export function toolDefinition(name: string): ToolDefinition | undefined {
  return TOOLS.find((t) => t.name === name);
}
