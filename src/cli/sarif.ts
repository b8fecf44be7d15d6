// SARIF 2.1.0 as GitHub code scanning accepts it: one run, the rules with their help text,
// repository-relative URIs (percent-encoded per segment: a file name may hold spaces or `#`),
// regions with start and end line and column (UTF-16 code units, SARIF's default columnKind).
import { CHECK_RULES, type CheckRule, type Finding } from '../shared/check-file';
import { DEFAULT_LEVELS, type RuleLevel } from '../shared/suppress/repo-config';
import { findingMessage, RULES } from './rules';

export interface SarifFile {
  /** Repository-relative, `/`-separated. */
  path: string;
  findings: readonly Finding[];
}

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** A relative path as a URI reference: each segment percent-encoded. */
function pathToUri(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

/** SARIF's level of a rule's level (`off` rules report nothing). */
const sarifLevel = (l: RuleLevel) => (l === 'error' ? 'error' : 'warning');

export function sarifLog(
  files: readonly SarifFile[],
  version: string,
  levels: Readonly<Record<CheckRule, RuleLevel>> = DEFAULT_LEVELS,
): unknown {
  const rules = CHECK_RULES.map((id) => ({
    id,
    name: RULES[id].name,
    shortDescription: { text: RULES[id].short },
    fullDescription: { text: RULES[id].full },
    help: { text: RULES[id].help, markdown: RULES[id].help },
    defaultConfiguration: { level: sarifLevel(levels[id]) },
    properties: { tags: ['amp', 'url'] },
  }));
  const results = files.flatMap(({ path, findings }) =>
    findings.map((f) => ({
      ruleId: f.rule,
      ruleIndex: CHECK_RULES.indexOf(f.rule),
      level: sarifLevel(levels[f.rule]),
      message: { text: findingMessage(f) },
      // The URL as read: what a later --baseline matches (with the file and the occurrence).
      properties: { url: f.url },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: pathToUri(path), uriBaseId: '%SRCROOT%' },
            region: {
              startLine: f.startLine,
              startColumn: f.startColumn,
              endLine: f.endLine,
              endColumn: f.endColumn,
            },
          },
        },
      ],
      ...(f.fix !== undefined
        ? {
            fixes: [
              {
                description: { text: `Replace with ${f.suggestion ?? ''}` },
                artifactChanges: [
                  {
                    artifactLocation: { uri: pathToUri(path), uriBaseId: '%SRCROOT%' },
                    replacements: [
                      {
                        deletedRegion: {
                          startLine: f.startLine,
                          startColumn: f.startColumn,
                          endLine: f.endLine,
                          endColumn: f.endColumn,
                        },
                        insertedContent: { text: f.fix },
                      },
                    ],
                  },
                ],
              },
            ],
          }
        : {}),
    })),
  );
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'amp-url',
            semanticVersion: version,
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
