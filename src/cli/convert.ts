// `amp-url cache|publisher|origin|canonical|hash|normalize`: one URL a line in, one line out, in
// the same order; a URL that can't be converted gives an empty line and its reason on stderr.
// The conversions are the extension's (src/shared/transforms.ts), with the same settings.
import { absoluteUrl, hashPrefixes, type HashPrefixLength } from '../core';
import { cacheOriginOf } from '../shared/cache-origins';
import { formName } from '../shared/names';
import { makeConversion, makeQuickPublisher } from '../shared/transforms';
import type { Target } from '../shared/targets';
import { escapedForLine } from '../shared/inert-text';
import type { Settings } from '../shared/settings';
import { UsageError, flag, parseArgs, type FlagSpecs } from './args';
import { lastPublisherUrlIsAscii } from '../core/amp/fast-path';
import { lineBatches, type Line } from './lines';
import {
  formatHelp,
  formatWriter,
  offeredFormats,
  readFormat,
  type CommandOutput,
} from './formats';
import { Output, writeWhole } from './output';
import { settingFlags, settingHelp, settingsFromArgs, type SettingFlag } from './settings';
import type { Streams } from './streams';

export const CONVERT_COMMANDS = [
  'cache',
  'publisher',
  'origin',
  'canonical',
  'hash',
  'normalize',
] as const;
export type ConvertCommand = (typeof CONVERT_COMMANDS)[number];

// Each form named as the editor names it (src/shared/names.ts).
const WHAT: Record<ConvertCommand, string> = {
  cache: `the ${formName('cache')} of each publisher URL`,
  publisher: 'the publisher URL of each AMP Cache or AMP viewer URL (de-AMP)',
  origin: `the ${formName('cacheOrigin')} (CORS Origin header) of each URL`,
  canonical: `the ${formName('canonical')} of each URL`,
  hash: `the ${formName('hashPrefix')}es (hex, space-separated) of each URL`,
  normalize: `the ${formName('normalized')} of each URL`,
};

// The settings each command reads: it accepts and lists those alone.
const READS: Record<ConvertCommand, readonly SettingFlag[]> = {
  cache: ['cache', 'custom-cache', 'serving-type', 'image-width'],
  publisher: ['custom-cache'],
  origin: ['cache', 'custom-cache'],
  canonical: [],
  hash: [],
  normalize: ['preset', 'step'],
};

function flagsOf(command: ConvertCommand): FlagSpecs {
  return {
    help: { short: 'h' },
    format: { value: true },
    ...(command === 'hash' ? { 'hash-length': { value: true } } : {}),
    ...settingFlags(READS[command]),
  };
}

export function convertHelp(command: ConvertCommand): string {
  return `Usage: amp-url ${command} [options] [URL...]

Prints ${WHAT[command]}: the URLs given, or with none one URL a line
from stdin (streamed). One output line per input line, in order; a URL that
can't be converted gives an empty line and its reason on stderr, naming the
argument or the input line; a warning (a look-alike cache host) goes there too.

Options:
${formatHelp(offeredFormats(), COLUMNS)}
${command === 'hash' ? '  --hash-length N         bytes of each prefix: 4 (default), 8, 16 or 32\n' : ''}  -h, --help              this help

${settingHelp(READS[command])}Exit status: 0 all converted, 1 some refused, 2 usage or I/O error or an input
line not read (not UTF-8, or too long), 141 stdout closed by its reader (as for
any Unix filter).
`;
}

/** A record of one input line. */
interface Row {
  input: string;
  output: string | null;
  error: string | null;
  notes?: string[];
  /** The notes that are warnings: text output tells them on stderr (records hold them in notes). */
  warnings?: string[];
}

/** The conversion of one URL: its output or why it is refused. */
export type Converter = (url: string) => Row;

/** The converter of a command with its settings (the same rules as the editor's commands). */
export function converter(
  command: ConvertCommand,
  settings: Settings,
  hashLength: HashPrefixLength = 4,
): Converter {
  const row = (input: string, output: string | undefined, error?: string, notes?: string[]) =>
    notes?.length
      ? { input, output: output ?? null, error: error ?? null, notes }
      : { input, output: output ?? null, error: error ?? null };
  if (command === 'origin')
    return (input) => {
      const r = cacheOriginOf(absoluteUrl(input), settings);
      return row(input, r.value?.origin, r.error);
    };
  if (command === 'hash')
    return (input) => {
      try {
        const hex = hashPrefixes(absoluteUrl(input), hashLength).map((h) => h.hex);
        return row(input, hex.join(' '));
      } catch (e) {
        return row(input, undefined, (e as Error).message);
      }
    };
  const target: Target = command === 'normalize' ? 'normalized' : command;
  const convert = makeConversion(target, settings);
  return (input) => {
    const r = convert(absoluteUrl(input));
    const converted = row(input, r.text, r.skip, r.notes);
    return r.warnings?.length ? { ...converted, warnings: r.warnings } : converted;
  };
}

/** Runs a conversion command; resolves to the exit code. */
export async function runConvert(
  command: ConvertCommand,
  argv: readonly string[],
  io: Streams,
): Promise<number> {
  const args = parseArgs(argv, flagsOf(command));
  if (args.flags.has('help')) {
    await writeWhole(io.stdout, convertHelp(command));
    return 0;
  }
  const format = readFormat(args, offeredFormats());
  const lengthText = flag(args, 'hash-length') ?? '4';
  const hashLength = Number(lengthText);
  if (![4, 8, 16, 32].includes(hashLength))
    throw new UsageError('--hash-length must be 4, 8, 16 or 32');
  const settings = settingsFromArgs(args);
  const convert = converter(command, settings, hashLength as HashPrefixLength);
  // Text output of `publisher`: the common lines (a cache URL with nothing to note, a URL whose
  // host is surely no AMP host) are answered by the conversion's own first step, without a row.
  const quick =
    command === 'publisher' && format === 'text' ? makeQuickPublisher(settings.caches) : undefined;
  const out = new Output(io.stdout);
  const records = format === 'text' ? undefined : formatWriter(format, OUTPUT);
  let refused = 0;
  let unread = 0;
  let lineNo = 0;
  const who = `amp-url ${command}`;
  // A URL given on the command line is named as the user counts it there.
  const where = args.operands.length ? 'argument' : 'line';
  // problemLine(who, `${where} ${lineNo}: ${message}`), with the message made inert once while it
  // repeats (a crawl-like list refuses most lines with the same words): the part before it has
  // nothing to escape and cannot join with it into `##` or a leading `::`.
  const head = `${who}: ${where} `;
  let lastMessage: string | undefined;
  let tail = '';
  const problem = (message: string): string => {
    if (message !== lastMessage) {
      lastMessage = message;
      tail = `: ${escapedForLine(message)}\n`;
    }
    return `${head}${lineNo}${tail}`;
  };
  const run = async (batch: readonly Line[]) => {
    // The text output's lines (each textLine without its break), joined once: a flat string
    // rather than a rope of a million pieces for the garbage collector to copy.
    const lines: string[] = [];
    let errors = '';
    const rows: Row[] = [];
    for (const line of batch) {
      lineNo++;
      // Only lines the row path passes on as they are: no blank to trim at the end (the answer is
      // for lines starting with `http`, which absoluteUrl leaves too).
      if (quick && typeof line === 'string' && line.charCodeAt(line.length - 1) > 32) {
        const fast = quick.answer(line);
        if (typeof fast === 'string') {
          // Printable ASCII without `##` is what escapedForLine leaves as it is: the answer's
          // reading saw each character, so it is not read again.
          lines.push(
            lastPublisherUrlIsAscii() && !line.includes('##') ? fast : escapedForLine(fast),
          );
          continue;
        }
        if (fast === null) {
          refused++;
          lines.push('');
          errors += problem(quick.refusal);
          continue;
        }
      }
      const row = rowOf(line, convert);
      if (row.error !== null) {
        if (typeof line === 'string') refused++;
        else unread++;
        errors += problem(row.error);
      }
      if (records) rows.push(row.warnings ? recordOf(row) : row);
      else {
        lines.push(escapedForLine(row.output ?? ''));
        for (const w of row.warnings ?? []) errors += problem(`warning: ${w}`);
      }
    }
    if (errors) io.stderr.write(errors);
    await out.write(records ? records.records(rows) : lines.length ? `${lines.join('\n')}\n` : '');
  };
  if (args.operands.length) await run(args.operands);
  else for await (const batch of lineBatches(io.stdin)) await run(batch);
  if (records) await out.write(records.close());
  await out.finish();
  // A line that could not be read (not UTF-8, too long) is an input error: exit 2, after the rest.
  return unread ? 2 : refused ? 1 : 0;
}

const COLUMNS = ['input', 'output', 'error'] as const;

// The text format is written in runConvert's loop (with the fast path and warnings on stderr).
const OUTPUT: CommandOutput<Row> = { columns: COLUMNS, textLine: (r) => r.output ?? '' };

/** A blank line stays blank (lists have them); a line not read (too long, not UTF-8) is refused. */
function rowOf(line: Line, convert: Converter): Row {
  if (typeof line !== 'string') return { input: '', output: null, error: line.unread };
  // Only what a browser strips from a typed URL (C0 controls and spaces): a no-break space is
  // part of the URL. Most lines have none: tested first, without a regex.
  const url =
    line.charCodeAt(0) > 32 && line.charCodeAt(line.length - 1) > 32
      ? line
      : line.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (url === '') return { input: line, output: '', error: null };
  return convert(url);
}

/** The record of a row: its warnings are in its notes already. */
function recordOf(row: Row): Row {
  const record = { ...row };
  delete record.warnings;
  return record;
}
