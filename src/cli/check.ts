// `amp-url check [PATH...]`, the CI check: AMP Cache and viewer URLs (and, on request, URLs not in
// canonical or normalized form) in the files git would track. Exit 1 when anything is found.
// `--fix` rewrites them with the editor's write rules and reports what it changed.
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { mayHoldAmpUrl } from '../shared/amp-prefilter';
import { checkText, type CheckRule, type Finding } from '../shared/check-file';
import { languageOfPath } from '../shared/language-of-path';
import { splitGlobList } from '../shared/workspace-files';
import { DEFAULT_MAX_FILE_SIZE } from '../shared/file-size-limit';
import { UsageError, byteCount, flag, flags, parseArgs, quoteArg, type FlagSpecs } from './args';
import type { Streams } from './streams';
import { ConfinedFiles, type Refused } from '../node/safe-file';
import { readRepoFileText, skipReason } from './file-text';
import { pendingFix, writeFixes, writeRefusal, type PendingFix } from './write-fixes';
import { checkOutput, checkRecords, CHECK_COLUMNS, type CheckedFile } from './check-output';
import { formatHelp, formatWriter, offeredFormats, readFormat } from './formats';
import { Output, problemLine, writeWhole } from './output';
import {
  Baseline,
  findingsThatCount,
  leftOutLine,
  loadRepoConfig,
  type LeftOut,
} from './check-scope';
import { repositoryRoot, selectFiles, type Skipped } from './select-files';
import { holdForTest } from '../node/test-hold';
import { settingFlags, settingHelp, settingsFromArgs } from './settings';

// The settings check reads: the caches it recognises and the normalize steps of --require.
const CHECK_SETTINGS = ['custom-cache', 'preset', 'step'] as const;

// Text, every record format of formats.ts and check's two documents.
const CHECK_FORMATS = offeredFormats(['sarif', 'report']);

const FLAGS: FlagSpecs = {
  help: { short: 'h' },
  format: { value: true },
  include: { value: true, repeat: true },
  exclude: { value: true, repeat: true },
  require: { value: true, repeat: true },
  fix: {},
  baseline: { value: true },
  'max-file-size': { value: true },
  ...settingFlags(CHECK_SETTINGS),
};

const CHECK_HELP = `Usage: amp-url check [options] [PATH...]

Reports every AMP Cache URL and AMP viewer URL in the files git would track
under each PATH (default: the whole repository), one a line:
  path:line:column: message [rule]
with paths relative to the repository's root. Ignored files (.gitignore,
.ignore, .git/info/exclude), symlinks, FIFOs and devices are never read;
binary, non-UTF-8 and too large files are skipped with the reason.

Options:
${formatHelp(CHECK_FORMATS, CHECK_COLUMNS)}
  --include GLOB          only files matching GLOB (repeatable, or a,b)
  --exclude GLOB          leave out files matching GLOB (repeatable, or a,b)
  --require FORM          also report URLs that differ from their Safe Browsing
                          canonical URL or RFC 3986 normalized URL
                          (FORM: canonical, normalized; repeatable)
  --fix                   rewrite what was found in place (the publisher URL,
                          or the required form), encoded for where it stands;
                          every other byte kept; reports what it changed
  --baseline FILE         report (and fix) only what is new since FILE, an
                          earlier report (--format json, report or sarif):
                          matched by file, URL and occurrence, not by line
  --max-file-size BYTES   skip larger files (default ${DEFAULT_MAX_FILE_SIZE})
  -h, --help              this help

${settingHelp(CHECK_SETTINGS)}Control and Bidi characters in paths and URLs are shown escaped (\\x1b,
\\u202e, a backslash as \\\\); --format json or sarif gives them exactly.

The repository's .amp-url.json (ignorePaths, ignoreUrls, rules) and
amp-url-disable-line, amp-url-disable-next-line and amp-url-disable ...
amp-url-enable comments leave findings out (docs/configuration.md).

Exit status: 0 nothing found (or everything fixed; warnings, such as AMP
URLs with no publisher URL, do not count), 1 findings remain, 2 usage,
configuration or I/O error (a file or folder that could not be read, a file
in an encoding it does not read, a fix that could not be written: every
other file is still checked and reported), 141 stdout closed by its reader.
Progress goes to stderr when it is a terminal.
`;

export async function runCheck(argv: readonly string[], io: Streams): Promise<number> {
  const args = parseArgs(argv, FLAGS);
  if (args.flags.has('help')) {
    await writeWhole(io.stdout, CHECK_HELP);
    return 0;
  }
  lessEagerOptimization();
  const format = readFormat(args, CHECK_FORMATS);
  const rules = new Set<CheckRule>(['amp-cache-url', 'amp-viewer-url', 'amp-no-publisher-url']);
  for (const form of flags(args, 'require')) {
    if (form !== 'canonical' && form !== 'normalized')
      throw new UsageError(`--require takes canonical or normalized (got ${quoteArg(form)})`);
    rules.add(form === 'canonical' ? 'not-canonical' : 'not-normalized');
  }
  const fix = args.flags.has('fix');
  const maxSize = byteCount(flag(args, 'max-file-size'), DEFAULT_MAX_FILE_SIZE);
  const settings = settingsFromArgs(args);
  const globs = (name: string) => flags(args, name).flatMap(splitGlobList);
  const cwd = process.cwd();
  const root = repositoryRoot(cwd);
  const config = loadRepoConfig(root);
  const baselineFile = flag(args, 'baseline');
  const baseline = baselineFile === undefined ? undefined : Baseline.read(baselineFile);
  const left: LeftOut = { directives: 0, config: 0, baseline: 0 };
  const skipped: Skipped[] = [];
  const progress =
    io.stderr === process.stderr && process.stderr.isTTY ? new Progress() : undefined;
  const selected = await selectFiles(root, args.operands.length ? args.operands : [cwd], {
    include: globs('include'),
    exclude: [...globs('exclude'), ...config.ignorePaths],
    cwd,
    onSkip: (s) => skipped.push(s),
  });
  const files = new ConfinedFiles(root);
  const results: { file?: CheckedFile; skip?: Skipped }[] = [];
  const fixes: PendingFix[] = [];
  let done = 0;
  // Only AMP Cache and viewer URLs asked for: a file whose bytes surely hold none is not decoded
  // nor read URL by URL (amp-prefilter.ts says why no spelling escapes it). The form rules
  // look at every URL, so they read every file.
  const ampOnly = [...rules].every(
    (r) => r === 'amp-cache-url' || r === 'amp-viewer-url' || r === 'amp-no-publisher-url',
  );
  const mayMatter = ampOnly ? (bytes: Buffer) => mayHoldAmpUrl(bytes, settings.caches) : undefined;
  const checkOne = (rel: string, index: number): (typeof results)[number] => {
    const r = readRepoFileText(files, rel, maxSize, mayMatter);
    if (r.skip !== undefined)
      return {
        skip: {
          path: rel,
          reason: skipReason(r.skip) + (r.detail ? ` (${r.detail})` : ''),
          // Not read for what it is (permissions, an encoding): the check did not cover it.
          failed: r.skip === 'unreadable' || r.skip === 'notUtf8',
        },
      };
    if (r.passed) return {};
    const language = languageOfPath(rel);
    const all = checkText(r.file.text, rules, settings, language);
    const findings = findingsThatCount(rel, r.file.text, language, all, config, baseline, left).map(
      detached,
    );
    if (findings.length === 0) return {};
    const file: CheckedFile = { path: rel, findings, fixed: [] };
    const fixable = fix ? findings.filter((f) => f.fix !== undefined) : [];
    if (fixable.length === 0) return { file };
    holdForTest('write', rel);
    // Written after the check, several at once, by worker threads (write-fixes.ts).
    fixes.push(pendingFix(index, rel, r.file, fixable, maxSize));
    return { file };
  };
  // The baseline lists the URLs it holds: it is not checked itself.
  const baselineRel =
    baselineFile && path.relative(root, path.resolve(cwd, baselineFile)).split(path.sep).join('/');
  try {
    for (const rel of selected) {
      if (rel === baselineRel) continue;
      results.push(checkOne(rel, results.length));
      progress?.show(`amp-url check: ${++done}/${selected.length} files`);
    }
  } finally {
    files.release();
  }
  await writeFixes(files.root, fixes, (fix, refused) => {
    fixOutcome(results[fix.index], fix, refused);
  });
  const checked: CheckedFile[] = [];
  for (const r of results) {
    if (r.file) checked.push(r.file);
    if (r.skip) skipped.push(r.skip);
  }
  progress?.clear();
  const out = new Output(io.stdout);
  const isError = (x: Finding) => config.levels[x.rule] === 'error';
  const remaining = checked.reduce((n, f) => n + f.findings.filter(isError).length, 0);
  const warnings = checked.reduce((n, f) => n + f.findings.length, 0) - remaining;
  const fixedCount = checked.reduce((n, f) => n + f.fixed.length, 0);
  const writer = formatWriter(format, checkOutput(checked, skipped, config));
  await out.write(writer.records(checkRecords(checked, config)));
  await out.write(writer.close());
  await out.finish();
  for (const s of skipped)
    io.stderr.write(problemLine('amp-url check', `${s.path}: skipped: ${s.reason}`));
  io.stderr.write(
    problemLine(
      'amp-url check',
      `${selected.length} files, ${remaining} found${warnings ? `, ${warnings} warnings` : ''}${fix ? `, ${fixedCount} fixed` : ''}${skipped.length ? `, ${skipped.length} skipped` : ''}${leftOutLine(left)}`,
    ),
  );
  return skipped.some((s) => s.failed) ? 2 : remaining ? 1 : 0;
}

/**
 * V8 hands a function to its optimizing compiler (TurboFan, on a background thread whose CPU the
 * process pays) once it has run a budget of bytecode. A check is a short process: with the
 * default budget, much of its code is compiled only to run a little longer. A larger budget
 * leaves that code to the baseline tiers and still optimizes what runs long (the prefilter's and
 * the walk's loops), on a large repository too; docs/benchmarks.md has the measurements. Set
 * before the walk, it applies to every function whose feedback starts then: all of the check's.
 */
function lessEagerOptimization(): void {
  // Later V8s (Node 22 and up) count invocations instead and print an error for this flag.
  if (Number(process.versions.v8.split('.')[0]) > LAST_V8_WITH_BUDGET) return;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/** The last V8 major version with `--interrupt-budget` (Node 20's V8 11). */
const LAST_V8_WITH_BUDGET = 11;

/** Bytes of bytecode run before a function is optimized (V8's default in Node 20: 67,584). */
const INTERRUPT_BUDGET = 300_000;

/** A file's result once its fix is written (`refused` undefined) or not. */
function fixOutcome(
  result: { file?: CheckedFile; skip?: Skipped },
  fix: PendingFix,
  refused: Refused | undefined,
): void {
  const file = result.file;
  if (!file) return;
  if (refused === undefined) {
    file.fixed = fix.fixable;
    file.findings = file.findings.filter((f) => f.fix === undefined);
    return;
  }
  // Other hard links: the findings stay (exit 1); anything else is a failed write (exit 2).
  const failed = refused.refused !== 'hardLinks';
  result.skip = { path: file.path, reason: `not fixed: ${writeRefusal(refused)}`, failed };
}

/**
 * A finding that no longer holds its file's text: V8 keeps a short slice of a long string as a
 * view of it, so the written URL and the URL read would keep every file with a finding alive
 * until the report (10 MB for 500 files of 20 KB), copied from GC generation to generation.
 */
function detached(f: Finding): Finding {
  return { ...f, text: copied(f.text), url: copied(f.url) };
}

const copied = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

/** One status line on a terminal, redrawn at most ten times a second. */
class Progress {
  private last = 0;
  show(text: string): void {
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    process.stderr.write(`\r\x1b[K${text}`);
  }
  clear(): void {
    process.stderr.write('\r\x1b[K');
  }
}
