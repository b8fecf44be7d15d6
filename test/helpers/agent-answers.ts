// What the agent tools' answers are read as in tests of both front ends (the editor's language
// model tools, `amp-url mcp`): the parts of each finding a test compares.
import type { FindAnswer } from '../../src/shared/agent-tools';

/** Each finding of an amp_url_find_amp_urls answer as [path, line, column, kind, publisher URL, replacement]. */
export function findingRows(answer: unknown): unknown[][] {
  return (answer as FindAnswer).findings.map((f) => [
    f.path,
    f.line,
    f.column,
    f.kind,
    f.publisherUrl,
    f.replacement,
  ]);
}
