// What the direct writes (direct.ts) and their undo (undo.ts) share: the
// progress count of a notification, and their files grouped by workspace folder.
import * as vscode from 'vscode';

/**
 * A function to call once per file done: reports "{done} of {total} files" in whole percent
 * steps (a report per file would send 10,000 messages to the window).
 */
export function fileCounter(
  progress: vscode.Progress<{ message?: string; increment?: number }>,
  total: number,
): () => void {
  let done = 0;
  let shown = 0;
  return () => {
    const pct = Math.floor((100 * ++done) / Math.max(1, total));
    if (pct > shown || done === total) {
      progress.report({
        increment: pct - shown,
        message: vscode.l10n.t('{0} of {1} files', done, total),
      });
      shown = pct;
    }
  };
}

/** `items` grouped by their `root` (a workspace folder's path on disk), in order. */
export function byRoot<T extends { root: string }>(items: readonly T[]): Map<string, T[]> {
  const roots = new Map<string, T[]>();
  for (const item of items) {
    const list = roots.get(item.root);
    if (list) list.push(item);
    else roots.set(item.root, [item]);
  }
  return roots;
}
