// Before anything is written: does each planned file's path still lead, through real folders,
// to the file that was scanned? A folder on the way swapped for a symbolic link (or a file) since
// the scan would send the write out of the workspace folder; such files are left alone and named
// (checkFresh). The file itself is checked by isFresh (a regular file, same identity).
import * as vscode from 'vscode';
import { eachSliced } from '../../shared/time-slice';
import { statOf } from './fs';
import type { ScannedFile } from './scan';

/** Folders checked at a time (one stat each, latency-bound like the scan's reads). */
const PARALLEL_STATS = 64;

/** The folders between a file's workspace folder and the file (not the workspace folder itself). */
function foldersOnTheWay(uri: vscode.Uri): vscode.Uri[] {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return [];
  const root = folder.uri.path.replace(/\/+$/, '');
  if (!uri.path.startsWith(`${root}/`)) return [];
  const segs = uri.path
    .slice(root.length + 1)
    .split('/')
    .slice(0, -1);
  return segs.map((_, i) => vscode.Uri.joinPath(folder.uri, ...segs.slice(0, i + 1)));
}

/**
 * The scanned files by the path of the folder holding them (many files share one), in time
 * slices (10,000 files were a block of the extension host at the Replace's check).
 */
async function byFolder(files: readonly ScannedFile[]): Promise<Map<string, ScannedFile[]>> {
  const out = new Map<string, ScannedFile[]>();
  await eachSliced(files, (f) => {
    const { scheme, authority, path } = f.uri;
    const k = `${scheme}\0${authority}\0${path.slice(0, path.lastIndexOf('/'))}`;
    const list = out.get(k);
    if (list) list.push(f);
    else out.set(k, [f]);
  });
  return out;
}

/** The scanned files some folder on whose way is no longer a real folder. */
export async function filesBehindChangedFolders(
  files: readonly ScannedFile[],
): Promise<Set<ScannedFile>> {
  // The way is a folder's, not a file's: worked out once per folder (10,000 files were one
  // block of the extension host, a Uri per folder on the way of each).
  const groups = [...(await byFolder(files)).values()];
  const ways = groups.map((g) => foldersOnTheWay(g[0].uri).map((u) => u.toString()));
  const folders = [...new Set(ways.flat())];
  const bad = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < folders.length) {
      const key = folders[next++];
      try {
        const stat = await statOf(vscode.Uri.parse(key));
        if (stat.type !== vscode.FileType.Directory) bad.add(key); // a link has its own bit
      } catch {
        bad.add(key);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_STATS }, worker));
  return new Set(groups.filter((_, i) => ways[i].some((k) => bad.has(k))).flat());
}
