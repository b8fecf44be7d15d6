// What `amp-url check` writes in each format of formats.ts: one record per finding left and per
// fix made (the text lines, NDJSON, the JSON array, CSV), or a whole document (SARIF; `report`,
// the JSON report `--format json` gave before json meant the records in every command).
import { CHECK_RULES, type Finding } from '../shared/check-file';
import { inertJson } from '../shared/inert-text';
import type { RepoConfig } from '../shared/suppress/repo-config';
import type { Skipped } from './select-files';
import type { CommandOutput } from './formats';
import { findingMessage } from './rules';
import { sarifLog } from './sarif';
import { VERSION } from './version';

export interface CheckedFile {
  path: string;
  findings: Finding[];
  /** Findings fixed in place (with --fix). */
  fixed: Finding[];
}

/** One finding as the report states it. */
function entry(path: string, f: Finding, config: RepoConfig) {
  return {
    path,
    level: config.levels[f.rule],
    line: f.startLine,
    column: f.startColumn,
    endLine: f.endLine,
    endColumn: f.endColumn,
    rule: f.rule,
    message: findingMessage(f),
    text: f.text,
    url: f.url,
    suggestion: f.suggestion ?? null,
    fix: f.fix ?? null,
    refused: f.refused ?? f.reason ?? null,
  };
}

/** A record: a finding left (`found`) or fixed in place (`fixed`). */
export type CheckRecord = ReturnType<typeof entry> & { status: 'found' | 'fixed' };

export const CHECK_COLUMNS: readonly (keyof CheckRecord)[] = [
  'path',
  'level',
  'line',
  'column',
  'endLine',
  'endColumn',
  'rule',
  'message',
  'text',
  'url',
  'suggestion',
  'fix',
  'refused',
  'status',
];

/** The records of every file, each file's fixes before what is left in it. */
export function checkRecords(checked: readonly CheckedFile[], config: RepoConfig): CheckRecord[] {
  return checked.flatMap((f) => [
    ...f.fixed.map((x) => ({ ...entry(f.path, x, config), status: 'fixed' as const })),
    ...f.findings.map((x) => ({ ...entry(f.path, x, config), status: 'found' as const })),
  ]);
}

/** How check writes: its text lines, its columns and its two documents. */
export function checkOutput(
  checked: readonly CheckedFile[],
  skipped: readonly Skipped[],
  config: RepoConfig,
): CommandOutput<CheckRecord> {
  return {
    columns: CHECK_COLUMNS,
    textLine: (r) =>
      r.status === 'fixed'
        ? `${r.path}:${r.line}:${r.column}: fixed: ${r.text} -> ${r.fix ?? ''}`
        : `${r.path}:${r.line}:${r.column}: ${r.message} [${r.rule}]`,
    documents: {
      sarif: () =>
        `${inertJson(
          sarifLog(
            checked.map((f) => ({ path: f.path, findings: f.findings })),
            VERSION,
            config.levels,
          ),
          2,
        )}\n`,
      report: () => `${inertJson(report(checked, skipped, config), 2)}\n`,
    },
  };
}

function report(
  checked: readonly CheckedFile[],
  skipped: readonly Skipped[],
  config: RepoConfig,
): unknown {
  return {
    rules: CHECK_RULES,
    findings: checked.flatMap((f) => f.findings.map((x) => entry(f.path, x, config))),
    fixed: checked.flatMap((f) => f.fixed.map((x) => entry(f.path, x, config))),
    skipped: skipped.map((s) => ({ path: s.path, reason: s.reason })),
  };
}
