// A file system in memory for the walker (walkFiles): files, folders, symbolic links and FIFOs
// from a plain object, with a log of what the walk read.
import type { EntryType, WalkFileSystem } from '../../src/shared/workspace-files';

/** A tree of files (string content), folders (objects), links ('->target') and FIFOs (null). */
export interface Tree {
  [name: string]: Tree | string | null;
}

export function memoryFs(tree: Tree, log: string[] = []): WalkFileSystem {
  const at = (p: string): Tree | string | null | undefined => {
    let cur: Tree | string | null | undefined = tree;
    for (const s of p.split('/').filter(Boolean)) {
      if (cur === null || typeof cur !== 'object') return undefined;
      cur = cur[s];
    }
    return cur;
  };
  const typeOf = (v: Tree | string | null): EntryType =>
    v === null
      ? 'other'
      : typeof v === 'object'
        ? 'directory'
        : v.startsWith('->')
          ? 'symlink'
          : 'file';
  return {
    readDirectory(p) {
      log.push(`readDirectory ${p}`);
      const v = at(p);
      if (!v || typeof v !== 'object') return Promise.reject(new Error(`not a folder: ${p}`));
      return Promise.resolve(Object.entries(v).map(([n, c]) => [n, typeOf(c)]));
    },
    stat(p) {
      const v = at(p);
      if (v === undefined) return Promise.reject(new Error(`no ${p}`));
      const size = typeof v === 'string' ? v.length : 0;
      return Promise.resolve({ type: typeOf(v), size, mtime: 0 });
    },
    readFile(p, max) {
      log.push(`readFile ${p}`);
      const v = at(p);
      if (typeof v !== 'string' || v.startsWith('->') || v.length > max)
        return Promise.resolve(undefined);
      return Promise.resolve(new TextEncoder().encode(v));
    },
  };
}
