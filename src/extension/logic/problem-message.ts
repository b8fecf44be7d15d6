// The text of an AMP URL problem: which kind of URL it is and the URL the quick fix would write.
// Diagnostics are plain text in VS Code (Problems view, hover), never Markdown; the URL comes from
// the document, so its invisible and reordering characters are shown as code points, and a long
// one is shortened in the middle, where the host and the file name at either end stay readable.
import { format, type Localize } from '../../shared/localize';
import { kindName } from '../../shared/names';
import type { EditGroup } from '../../shared/workspace-plan';
import { showInvisible } from './escape';

/** Longest URL shown in a problem's message. */
export const MAX_MESSAGE_URL = 120;

/** `text` cut to `max` UTF-16 units by dropping its middle (…), no surrogate pair split. */
export function shortenMiddle(text: string, max = MAX_MESSAGE_URL): string {
  if (text.length <= max) return text;
  let head = Math.ceil((max - 1) * 0.6);
  let tail = max - 1 - head;
  const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
  const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
  if (isHigh(text.charCodeAt(head - 1))) head--;
  if (isLow(text.charCodeAt(text.length - tail))) tail--;
  return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
}

/** The message of a problem on an AMP URL of `group` whose publisher URL is `url`. */
export function problemMessage(group: EditGroup, url: string, t: Localize = format): string {
  const shown = shortenMiddle(showInvisible(url));
  // The kind is named as the hover's header names it.
  const kind = kindName(group === 'viewerToPublisher' ? 'viewer' : 'cache', t);
  return t('{0}: use the publisher URL {1}', kind, shown);
}
