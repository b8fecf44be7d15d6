// A repository and what lies outside it, in a temporary folder, for the tests that walk or read a
// hostile tree on disk: `root` (the repository) and `outside` (a sibling folder its links point
// at, holding a `bashrc`), with a writer of files under the root that makes their folders.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TempRepo {
  root: string;
  outside: string;
  /** Writes `text` to `rel` under the root, making its folders. */
  write: (rel: string, text: string) => void;
  /** Removes the temporary folder, the repository and what is outside it. */
  remove: () => void;
}

export function tempRepo(prefix: string): TempRepo {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const root = path.join(tmp, 'repo');
  const outside = path.join(tmp, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'bashrc'), 'export X=1\n');
  return {
    root,
    outside,
    write: (rel, text) => {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    },
    remove: () => {
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
