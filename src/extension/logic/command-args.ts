// The arguments of the palette commands (toCacheUrl, normalize, convertAll, insertCacheUrl,
// replaceAmpUrls) as another extension or a keybinding may pass them: checked as untrusted data
// before anything is read or edited. One plain JSON-like object with known keys, well-typed and
// bounded; anything else is refused with a message saying what is accepted.
import { NORMALIZE_STEPS, type NormalizeOptions } from '../../core';
import { COMMAND, type CommandId } from '../command-ids';
import { plainData } from './link-args';
import { format, type Localize } from '../../shared/localize';

export type Parsed<T> = { value: T; refused?: undefined } | { value?: undefined; refused: string };

/** Longest string argument (a URL, a cache id); far above real values, far below a 10 MB string. */
export const MAX_ARG_STRING = 64 * 1024;
/** Most entries in a list argument (removeQueryParams, removeDirectoryIndex). */
const MAX_ARG_LIST = 256;

/** `object`: checked further by the caller (a nested argument). */
type Kind = 'string' | 'boolean' | 'integer' | 'strings' | 'booleanOrStrings' | 'object';

function typeOk(v: unknown, kind: Kind): boolean {
  const isStrings = (x: unknown) =>
    Array.isArray(x) &&
    x.length <= MAX_ARG_LIST &&
    Object.getPrototypeOf(x) === Array.prototype &&
    x.every((s) => typeof s === 'string' && s.length <= MAX_ARG_STRING);
  switch (kind) {
    case 'string':
      return typeof v === 'string' && v.length <= MAX_ARG_STRING;
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'strings':
      return isStrings(v);
    case 'booleanOrStrings':
      return typeof v === 'boolean' || isStrings(v);
    case 'object':
      return typeof v === 'object' && v !== null;
  }
}

/**
 * The single object argument of `command` with fields of the given kinds (all optional), or why
 * not. No argument (or `undefined`) gives an empty object.
 */
export function parseArgs(
  command: CommandId,
  args: readonly unknown[],
  fields: Readonly<Record<string, Kind>>,
  t: Localize = format,
): Parsed<Partial<Record<string, unknown>>> {
  const names = Object.keys(fields);
  const refused = {
    refused:
      names.length === 0
        ? t('{0} takes no arguments; nothing was done.', command)
        : t(
            '{0} takes one object with only these keys: {1}; nothing was done.',
            command,
            names.join(', '),
          ),
  };
  if (args.length === 0 || (args.length === 1 && args[0] === undefined)) return { value: {} };
  if (args.length !== 1) return refused;
  const own = plainData(args[0], new Set(names));
  if (!own) return refused;
  for (const [key, v] of Object.entries(own)) {
    if (v !== undefined && !typeOk(v, fields[key])) return refused;
  }
  return { value: own };
}

/** `options` of ampUrl.normalize: steps as booleans (lists where the core takes them). */
export function parseNormalizeOptions(v: unknown, t: Localize = format): Parsed<NormalizeOptions> {
  const fields: Record<string, Kind> = Object.fromEntries(
    NORMALIZE_STEPS.map((s) => [s.key, 'boolean']),
  );
  fields.removeDirectoryIndex = 'booleanOrStrings';
  fields.removeQueryParams = 'strings';
  const r = parseArgs(COMMAND.normalize, [v], fields, t);
  if (r.value) return { value: r.value };
  // The list of every step would drown the message: say what they are instead.
  return {
    refused: t(
      'The options of ampUrl.normalize are steps set to true or false (removeQueryParams and removeDirectoryIndex also take a list of names); nothing was done.',
    ),
  };
}

/** Whether `key` is an own key of `record` (not `constructor`, `__proto__`, `toString`…). */
export function isOwnKey<T extends object>(record: T, key: unknown): key is keyof T {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(record, key);
}
