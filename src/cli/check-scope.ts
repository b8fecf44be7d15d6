// What `amp-url check` leaves out of a repository that already has AMP URLs: the configuration
// file (.amp-url.json: ignored paths, ignored URLs, rule levels), the inline directives of each file
// (src/shared/suppress), and with --baseline the findings of an earlier report. Findings matched
// by a baseline are old; only the others are reported, counted in the exit status and fixed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Finding } from '../shared/check-file';
import {
  CONFIG_FILE_NAME,
  ConfigError,
  MAX_CONFIG_SIZE,
  NO_CONFIG,
  parseRepoConfig,
  urlIgnored,
  type RepoConfig,
} from '../shared/suppress/repo-config';
import { Suppressions } from '../shared/suppress/suppressions';
import { baselineKey, parseBaseline } from '../shared/suppress/baseline';

/** A small regular file's text, or a ConfigError naming it by `name` (never follows a link). */
function readSmallFile(abs: string, name: string, max: number): string {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(abs);
  } catch (e) {
    throw new ConfigError(
      `${name}: can't be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!st.isFile()) throw new ConfigError(`${name}: not a regular file`);
  if (st.size > max) throw new ConfigError(`${name}: larger than ${max} bytes`);
  const bytes = fs.readFileSync(abs);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ConfigError(`${name}: not UTF-8`);
  }
}

/** The repository's configuration file at `root`, or the defaults when there is none. */
export function loadRepoConfig(root: string): RepoConfig {
  const abs = path.join(root, CONFIG_FILE_NAME);
  if (!fs.existsSync(abs) && !isLink(abs)) return NO_CONFIG;
  return parseRepoConfig(readSmallFile(abs, abs, MAX_CONFIG_SIZE), CONFIG_FILE_NAME);
}

function isLink(abs: string): boolean {
  try {
    return fs.lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Largest baseline read (bytes): a SARIF report of 100,000 findings is about 100 MB. */
const MAX_BASELINE_SIZE = 512_000_000;

/** What a baseline leaves: how many findings of each file and URL it holds. */
export class Baseline {
  private readonly seen = new Map<string, number>();
  constructor(private readonly counts: ReadonlyMap<string, number>) {}

  static read(file: string): Baseline {
    const text = readSmallFile(file, `--baseline ${file}`, MAX_BASELINE_SIZE);
    return new Baseline(parseBaseline(text, `--baseline ${file}`));
  }

  /**
   * Whether this finding (the next one of its file and URL, in file order) is in the baseline:
   * the first n of a file and URL are, when the baseline held n of them.
   */
  holds(file: string, f: Finding): boolean {
    const key = baselineKey(file, f.url);
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return n <= (this.counts.get(key) ?? 0);
  }
}

/** Counts of what was left out, for the summary line. */
export interface LeftOut {
  directives: number;
  config: number;
  baseline: number;
}

/**
 * The findings of one file that count: neither turned off by the configuration, nor under a
 * directive, nor an ignored URL, nor in the baseline. `text` is the file's text, which the
 * directives are read from only when a finding is there to judge.
 */
export function findingsThatCount(
  rel: string,
  text: string,
  languageId: string | undefined,
  findings: readonly Finding[],
  config: RepoConfig,
  baseline: Baseline | undefined,
  left: LeftOut,
): Finding[] {
  if (findings.length === 0) return [];
  const directives = Suppressions.of(text, languageId);
  const out: Finding[] = [];
  for (const f of findings) {
    if (config.levels[f.rule] === 'off' || urlIgnored(config, f.url)) left.config++;
    else if (directives.covers(f.start, f.rule)) left.directives++;
    else if (baseline?.holds(rel, f)) left.baseline++;
    else out.push(f);
  }
  return out;
}

/** The summary's words for what was left out (empty when nothing was). */
export function leftOutLine(left: LeftOut): string {
  const parts = [
    left.directives && `${left.directives} left by amp-url-disable comments`,
    left.config && `${left.config} left by ${CONFIG_FILE_NAME}`,
    left.baseline && `${left.baseline} in the baseline`,
  ].filter((p) => p !== 0);
  return parts.length ? `, ${parts.join(', ')}` : '';
}
