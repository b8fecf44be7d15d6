// The text of an AMP URL problem: which kind of URL it is and the URL the quick fix would write.
// Diagnostics are plain text in VS Code (Problems view, hover), never Markdown; the URL comes from
// the document, so its invisible and reordering characters are shown as code points, and a long
// one is shortened in the middle, where the host and the file name at either end stay readable.
import { format, type Localize } from '../../shared/localize';
import { kindName } from '../../shared/names';
import type { EditGroup } from '../../shared/workspace-plan';
import { shortenMiddle, showInvisible } from './escape';

/** Longest URL shown in a problem's message. */
export const MAX_MESSAGE_URL = 120;

/** Share of a shortened URL kept from its start (the host), the rest from its end (the file). */
export const MESSAGE_URL_HEAD = 0.6;

/** The message of a problem on an AMP URL of `group` whose publisher URL is `url`. */
export function problemMessage(group: EditGroup, url: string, t: Localize = format): string {
  const shown = shortenMiddle(showInvisible(url), MAX_MESSAGE_URL, MESSAGE_URL_HEAD);
  // The kind is named as the hover's header names it.
  const kind = kindName(group === 'viewerToPublisher' ? 'viewer' : 'cache', t);
  return t('{0}: use the publisher URL {1}', kind, shown);
}
