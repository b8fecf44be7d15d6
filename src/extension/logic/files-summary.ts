// The files a workspace dialog names before anything is written: the first few by their
// workspace-relative path, the others counted per top folder (largest first), so the answer is
// given knowing what will change.

/** Files named one by one. */
const NAMED_FILES = 5;

export interface FilesSummary {
  named: string[];
  /** Top folder (or '' for files at the top) and how many of the rest are there. */
  counts: [string, number][];
}

/** `paths` (workspace-relative, `/`-separated, each once) as the dialog names them. */
export function filesSummary(paths: readonly string[], named = NAMED_FILES): FilesSummary {
  const sorted = [...paths].sort();
  const counts = new Map<string, number>();
  for (const p of sorted.slice(named)) {
    const slash = p.indexOf('/');
    const top = slash < 0 ? '' : p.slice(0, slash + 1);
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  return {
    named: sorted.slice(0, named),
    counts: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}
