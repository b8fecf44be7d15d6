// The command line read into flags and operands, with one clear line for every mistake. Small on
// purpose: each command declares its flags, and nothing a user types is ever run or rendered.

/** A mistake in the command line: printed as one line, exit code 2. */
export class UsageError extends Error {}

export interface FlagSpec {
  /** Takes a value (`--cache bing`, `--cache=bing`); otherwise a switch. */
  value?: boolean;
  /** May be given several times (values collected in order). */
  repeat?: boolean;
  /** One-letter alias (`-h`). */
  short?: string;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

export interface ParsedArgs {
  flags: Map<string, string[]>;
  operands: string[];
}

/**
 * Reads `argv` (after the command name) against `specs`. `--` ends the flags (a URL list may
 * hold `-x`); a lone `-` is an operand (stdin).
 */
export function parseArgs(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
  const flags = new Map<string, string[]>();
  const operands: string[] = [];
  const byShort = new Map(
    Object.entries(specs).flatMap(([name, s]) => (s.short ? [[s.short, name] as const] : [])),
  );
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else {
      const short = byShort.get(arg.slice(1));
      if (!short) throw new UsageError(`unknown option ${quoteArg(arg)}`);
      name = short;
    }
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option ${quoteArg(`--${name}`)}`);
    let value = 'true';
    if (spec.value) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`--${name} needs a value`);
    } else if (inline !== undefined) {
      throw new UsageError(`--${name} takes no value`);
    }
    const seen = flags.get(name);
    if (seen && !spec.repeat) throw new UsageError(`--${name} given twice`);
    flags.set(name, [...(seen ?? []), value]);
  }
  return { flags, operands };
}

/** The one value of a flag, or undefined. */
export function flag(args: ParsedArgs, name: string): string | undefined {
  return args.flags.get(name)?.[0];
}

/** Every value of a repeatable flag. */
export function flags(args: ParsedArgs, name: string): string[] {
  return args.flags.get(name) ?? [];
}

/** A flag's value, which must be one of `choices`. */
export function choice<T extends string>(
  args: ParsedArgs,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const v = flag(args, name);
  if (v === undefined) return fallback;
  if (!(choices as readonly string[]).includes(v))
    throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got ${quoteArg(v)})`);
  return v as T;
}

/**
 * An argument as a message quotes it, cut at 60 characters; the line it goes into escapes what
 * it holds (problemLine), so it is not escaped twice here.
 */
export function quoteArg(text: string): string {
  if (text.length <= 60) return `"${text}"`;
  // Never half a surrogate pair (it would print as U+FFFD).
  const cut = /[\ud800-\udbff]/.test(text.charAt(58)) ? 58 : 59;
  return `"${text.slice(0, cut)}…"`;
}

/** A size in bytes from the command line. */
export function byteCount(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`expected a size in bytes, got ${text}`);
  return n;
}
