// `amp-url find [FILE...]`: every URL with file:line:column and its kind. Files are read with
// the workspace commands' rules; stdin (no FILE, or `-`) is read a line at a time (URLs never
// span lines), so a list of any size is searched in constant memory.
import { findUrlsIn, foundUrlBatches, type FoundUrl } from '../shared/check-file';
import { languageOfPath } from '../shared/language-of-path';
import { DEFAULT_MAX_FILE_SIZE } from '../shared/file-size-limit';
import { byteCount, flag, parseArgs, type FlagSpecs } from './args';
import type { Streams } from './streams';
import { readFileText, skipReason } from './file-text';
import { lineBatches } from './lines';
import {
  formatHelp,
  formatWriter,
  offeredFormats,
  readFormat,
  type CommandOutput,
} from './formats';
import { Output, problemLine, writeWhole } from './output';
import { settingFlags, settingHelp, settingsFromArgs } from './settings';

const FLAGS: FlagSpecs = {
  help: { short: 'h' },
  format: { value: true },
  'max-file-size': { value: true },
  ...settingFlags(['custom-cache']),
};

const COLUMNS = ['file', 'line', 'column', 'endLine', 'endColumn', 'kind', 'url', 'text'];

interface FoundRow {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  kind: string;
  url: string;
  text: string;
}

const OUTPUT: CommandOutput<FoundRow> = {
  columns: COLUMNS,
  textLine: (r) => `${r.file}:${r.line}:${r.column}: ${r.kind} ${r.text}`,
};

const FIND_HELP = `Usage: amp-url find [options] [FILE...]

Prints every URL in the files (or stdin, with no FILE or -), one a line:
  path:line:column: kind url
where kind is one of
  publisher     any other URL
  cache         an AMP Cache URL
  cacheOrigin   an AMP Cache origin (a cache host with no page)
  viewer        an AMP viewer URL (https://www.google.com/amp/s/...)
  project       a file of the AMP project itself (its runtime script
                https://cdn.ampproject.org/v0.js, a component, a frame)
Lines and columns count from 1; columns in UTF-16 code units, as editors and
SARIF count them. Control and Bidi characters in paths and URLs are shown
escaped (\\x1b, \\u202e, a backslash as \\\\); --format ndjson or json gives them
exactly.

Options:
${formatHelp(offeredFormats(), COLUMNS)}
  --max-file-size BYTES   skip larger files (default ${DEFAULT_MAX_FILE_SIZE})
  -h, --help              this help

${settingHelp(['custom-cache'])}Exit status: 0 URLs found, 1 none found, 2 usage or I/O error (a file that
can't be read is reported on stderr), 141 stdout closed by its reader.
`;

export async function runFind(argv: readonly string[], io: Streams): Promise<number> {
  const args = parseArgs(argv, FLAGS);
  if (args.flags.has('help')) {
    await writeWhole(io.stdout, FIND_HELP);
    return 0;
  }
  const format = readFormat(args, offeredFormats());
  const maxSize = byteCount(flag(args, 'max-file-size'), DEFAULT_MAX_FILE_SIZE);
  const caches = settingsFromArgs(args).caches;
  const out = new Output(io.stdout);
  const writer = formatWriter(format, OUTPUT);
  let found = 0;
  let failed = false;
  const emit = async (file: string, urls: readonly FoundUrl[], lineOffset = 0) => {
    found += urls.length;
    const rows = urls.map((u): FoundRow => ({
      file,
      line: u.startLine + lineOffset,
      column: u.startColumn,
      endLine: u.endLine + lineOffset,
      endColumn: u.endColumn,
      kind: u.kind,
      url: u.url,
      text: u.text,
    }));
    await out.write(writer.records(rows));
  };
  const files = args.operands.length ? args.operands : ['-'];
  for (const file of files) {
    if (file === '-') {
      let lineNo = 0;
      for await (const batch of lineBatches(io.stdin)) {
        for (const line of batch) {
          lineNo++;
          if (typeof line === 'string') await emit('-', findUrlsIn(line, caches), lineNo - 1);
          else if (line.kind === 'not-utf8') {
            // Not UTF-8: said, and the run fails at the end (a long line is passed over as before).
            io.stderr.write(problemLine('amp-url find', `line ${lineNo}: ${line.unread}`));
            failed = true;
          }
        }
      }
      continue;
    }
    const r = readFileText(file, maxSize);
    if (r.skip !== undefined) {
      io.stderr.write(
        problemLine(
          'amp-url find',
          `${file}: skipped: ${skipReason(r.skip)}${r.detail ? ` (${r.detail})` : ''}`,
        ),
      );
      if (r.skip === 'unreadable') failed = true;
      continue;
    }
    if (r.file === undefined) continue; // passed over: find gives no filter
    // A batch at a time: the rows of a one-line file of a million URLs are not all held at once.
    for (const batch of foundUrlBatches(r.file.text, caches, languageOfPath(file), 4096))
      await emit(file, batch);
  }
  await out.write(writer.close());
  await out.finish();
  return failed ? 2 : found ? 0 : 1;
}
