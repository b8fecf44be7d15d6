// The extension's side of the shared rules: which planned edits (workspace commands, Problems,
// fix-all) a file's directives and the configuration file leave out, judged as `amp-url check`
// judges its findings (the rule of the edit's kind, the URL as its reader reads it).
import type { CheckRule } from '../check-file';
import { readUrlAt } from '../read-url';
import type { EditGroup, FilePlan } from '../workspace-plan';
import { urlIgnored, type RepoConfig } from './repo-config';
import { Suppressions } from './suppressions';

const RULE_OF: Readonly<Record<EditGroup, CheckRule | undefined>> = {
  cacheToPublisher: 'amp-cache-url',
  viewerToPublisher: 'amp-viewer-url',
  // A publisher URL made a cache URL: only a directive without rule names leaves it.
  publisherToCache: undefined,
};

export interface EditLike {
  start: number;
  end: number;
  group: EditGroup;
}

/**
 * A test of the edits of `text` (in `languageId`): false for those left out. Reads the directives
 * once; a text without `amp-url-` and a configuration without URL patterns or rules turned off
 * cost nothing more.
 */
export function editFilter(
  text: string,
  languageId: string | undefined,
  config: RepoConfig,
): (e: EditLike) => boolean {
  const directives = Suppressions.of(text, languageId);
  const urls = config.ignoreUrls.length > 0;
  return (e) => {
    const rule = RULE_OF[e.group];
    if (rule && config.levels[rule] === 'off') return false;
    if (!directives.empty && directives.covers(e.start, rule ?? '')) return false;
    return !(urls && urlIgnored(config, readUrlAt(text, e.start, e.end, languageId).url));
  };
}

/** Leaves out of `plan` what the file's directives and its folder's .amp-url.json leave out. */
export function leaveOut(
  plan: FilePlan,
  text: string,
  languageId: string | undefined,
  config: RepoConfig,
): void {
  const wanted = editFilter(text, languageId, config);
  plan.edits = plan.edits.filter(wanted);
  plan.skipped = plan.skipped.filter(
    (s) =>
      s.at === undefined ||
      wanted({ start: s.at, end: s.at + s.url.length, group: 'cacheToPublisher' }),
  );
}
