// Which files a workspace search covers, under one root: the files the Search view would search
// (the include glob; files.exclude, search.exclude and the user's excludes; .gitignore, .ignore
// and .git/info/exclude), listed by walking the folders through a WalkFileSystem. What a
// repository holds can't lead the walk out of the root or stall it:
// - a symbolic link is never followed (to a file or a folder, at any depth): it is reported, as
//   pointing outside the root or inside it when the file system can tell. A target inside the
//   root is listed under its own path, once;
// - only regular files are listed; FIFOs, devices and sockets are reported, never opened;
// - an ignore file is read only when it is a regular file of at most MAX_IGNORE_FILE_SIZE bytes
//   (checked by stat first, and again by readFile), else it is reported and not opened;
// - ignore lines and globs are matched with a bounded cost (glob.ts), and the walk gives the
//   event loop back every slice (time-slice.ts) and checks `isCancelled` before each entry.
import {
  compileGlob,
  globMatches,
  globMayMatchBelow,
  splitPath,
  type CompiledGlob,
  type GlobProblem,
} from './glob';
import type { EntryType, WalkFileSystem } from './fs';
import { sharedSlices, type Slices } from '../time-slice';
import {
  GIT_INFO_EXCLUDE,
  IGNORE_FILE_NAMES,
  MAX_IGNORE_FILE_SIZE,
  MAX_IGNORE_LINES,
  isIgnored,
  parseIgnoreFile,
  type IgnoreLevel,
  type IgnoreLineProblem,
  type IgnoreRule,
} from './ignore';

export interface WalkOptions {
  /** VS Code glob of the files to list, relative to the root; empty: every file. */
  include?: string;
  /** VS Code globs of what to leave out (files.exclude, search.exclude, the user's). */
  excludes?: readonly string[];
  /** Read .gitignore, .ignore and .git/info/exclude (`search.useIgnoreFiles`); default true. */
  useIgnoreFiles?: boolean;
  /** Asked before each entry: true stops the walk (the result says `cancelled`). */
  isCancelled?: () => boolean;
  /** Folders read at a time (each read is a round trip). Default 16. */
  parallel?: number;
  /**
   * The slice the walk gives the event loop back on (default: one of its own, sharedSlices). A
   * process with nothing else to run (the command line) gives one that is never due.
   */
  slices?: Slices;
}

/** Why an entry the search would cover is not listed. */
export type WalkSkipReason =
  /** A symbolic link whose target is outside the root (or can't be resolved). */
  | 'symlinkOutside'
  /** A symbolic link to a file or folder inside the root: its target is listed as itself. */
  | 'symlinkInside'
  /** A symbolic link, where the file system can't say where it points: not followed. */
  | 'symlink'
  /** A FIFO, device, socket or entry of unknown kind. */
  | 'special'
  /** A folder that could not be read. */
  | 'unreadableFolder';

export type IgnoreFileProblem = 'notRegular' | 'tooLarge' | 'unreadable';

export interface WalkResult {
  /** Regular files to scan, relative to the root, sorted. */
  files: string[];
  skipped: { path: string; reason: WalkSkipReason }[];
  /** Ignore files not read, and why. */
  ignoreFilesNotRead: { path: string; problem: IgnoreFileProblem }[];
  /** Ignore lines not applied (invalid as ripgrep reads them, or past GLOB_LIMITS). */
  ignoreLinesNotUsed: (IgnoreLineProblem & { path: string })[];
  /** Include and exclude globs that could not be used. */
  globsNotUsed: { glob: string; problem: GlobProblem }[];
  cancelled: boolean;
}

/** Ignore lines parsed between two looks at the clock. */
const LINES_PER_SLICE = 500;

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A folder to read, with the ignore levels that apply inside it. */
interface Pending {
  dir: string;
  levels: readonly IgnoreLevel[];
}

/** Lists the files a workspace search covers under the root of `fs` (see the file comment). */
export async function walkFiles(rawFs: WalkFileSystem, o: WalkOptions = {}): Promise<WalkResult> {
  const cancel = cancelSignal(o.isCancelled);
  try {
    return await walk(guarded(rawFs, cancel.signal), o);
  } finally {
    cancel.dispose();
  }
}

class Cancelled extends Error {}

/** How often a pending file-system call looks at Cancel (a call may never end: a FIFO). */
const CANCEL_POLL_MS = 50;

/** A promise that rejects once `isCancelled()` says so (polled), for racing file-system calls. */
function cancelSignal(isCancelled: (() => boolean) | undefined): {
  signal: Promise<never> | undefined;
  dispose: () => void;
} {
  if (!isCancelled)
    return {
      signal: undefined,
      dispose: () => {
        /* nothing to stop */
      },
    };
  let timer: ReturnType<typeof setInterval> | undefined;
  const signal = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (isCancelled()) reject(new Cancelled());
    }, CANCEL_POLL_MS);
  });
  signal.catch(() => undefined); // observed by the races below; never unhandled
  return {
    signal,
    dispose: () => {
      clearInterval(timer);
    },
  };
}

/** `fs` whose every call gives up when Cancel is asked for, even if the call itself never ends. */
function guarded(fs: WalkFileSystem, signal: Promise<never> | undefined): WalkFileSystem {
  if (!signal) return fs;
  const race = <T>(p: Promise<T>) => Promise.race([p, signal]);
  const realPath = fs.realPath?.bind(fs);
  return {
    readDirectory: (p) => race(fs.readDirectory(p)),
    stat: (p) => race(fs.stat(p)),
    readFile: (p, max) => race(fs.readFile(p, max)),
    realPath: realPath && ((p) => race(realPath(p))),
  };
}

async function walk(fs: WalkFileSystem, o: WalkOptions): Promise<WalkResult> {
  const result: WalkResult = {
    files: [],
    skipped: [],
    ignoreFilesNotRead: [],
    ignoreLinesNotUsed: [],
    globsNotUsed: [],
    cancelled: false,
  };
  const compile = (glob: string): CompiledGlob | undefined => {
    // `./src/**` is `src/**` (relative to the root either way).
    const c = compileGlob(glob.replace(/^(?:\.\/)+/, ''));
    if (c.problem !== undefined) result.globsNotUsed.push({ glob, problem: c.problem });
    return c.glob;
  };
  const include = o.include?.trim() ? compile(o.include.trim()) : undefined;
  if (o.include?.trim() && !include) return result; // an include that can't be read lists nothing
  const excludes = (o.excludes ?? [])
    .map((g) => g.trim())
    .filter(Boolean)
    .map(compile)
    .filter((g) => g !== undefined);
  const useIgnore = o.useIgnoreFiles !== false;
  let rootReal: string | undefined;
  if (fs.realPath) rootReal = await fs.realPath('').catch(() => undefined);

  // One slice for all the folder readers (time-slice.ts: each on its own made a convoy).
  const slices = o.slices ?? sharedSlices();
  /** Checks Cancel and gives the event loop back when the slice is used up. */
  const tick = async (): Promise<boolean> => {
    if (slices.due()) await slices.pause();
    if (o.isCancelled?.()) result.cancelled = true;
    return result.cancelled;
  };
  /**
   * tick, awaited only when it may pause or be cancelled: a walk nobody can cancel (the command
   * line) then lists a folder's entries without a promise and a turn of the microtask queue each.
   */
  const mustTick = (): boolean => result.cancelled || o.isCancelled !== undefined || slices.due();

  const readIgnore = async (path: string): Promise<string | undefined> => {
    let problem: IgnoreFileProblem;
    try {
      const info = await fs.stat(path);
      if (info.type !== 'file') problem = 'notRegular';
      else if (info.size > MAX_IGNORE_FILE_SIZE) problem = 'tooLarge';
      else {
        // readFile checks again: undefined if it is no longer a regular file within the cap.
        const bytes = await fs.readFile(path, MAX_IGNORE_FILE_SIZE);
        const text = bytes && new TextDecoder().decode(bytes);
        // Past MAX_IGNORE_LINES, matching each entry against every line would cost too much.
        if (text !== undefined && lineCount(text) <= MAX_IGNORE_LINES) return text;
        problem = text === undefined ? 'notRegular' : 'tooLarge';
      }
    } catch (e) {
      if (e instanceof Cancelled) {
        result.cancelled = true;
        return undefined;
      }
      problem = 'unreadable';
    }
    result.ignoreFilesNotRead.push({ path, problem });
    return undefined;
  };
  /**
   * The rules of a folder's ignore files, parsed a slice at a time (a large ignore file takes many
   * slices' time: docs/benchmarks.md).
   */
  const levelOf = async (
    dir: string,
    texts: { path: string; text: string }[],
  ): Promise<IgnoreLevel | undefined> => {
    const rules: IgnoreRule[] = [];
    for (const { path, text } of texts) {
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i += LINES_PER_SLICE) {
        if (await tick()) return undefined;
        const parsed = parseIgnoreFile(lines.slice(i, i + LINES_PER_SLICE).join('\n'));
        rules.push(...parsed.rules);
        for (const p of parsed.problems)
          result.ignoreLinesNotUsed.push({ ...p, line: p.line + i, path });
      }
    }
    return rules.length > 0 ? { dir, rules } : undefined;
  };

  const rootLevels: IgnoreLevel[] = [];
  if (useIgnore) {
    // Each folder on the way is checked to be a real folder: `.git` or `.git/info` as a link
    // would lead the read out of the root.
    const isDir = (p: string) =>
      fs.stat(p).then(
        (s) => s.type === 'directory',
        () => false,
      );
    if ((await isDir('.git')) && (await isDir('.git/info'))) {
      const exists = await fs.stat(GIT_INFO_EXCLUDE).then(
        () => true,
        () => false,
      );
      const text = exists ? await readIgnore(GIT_INFO_EXCLUDE) : undefined;
      const level =
        text === undefined ? undefined : await levelOf('', [{ path: GIT_INFO_EXCLUDE, text }]);
      if (level) rootLevels.push(level);
    }
  }

  const excluded = (segs: string[], isDir: boolean, levels: readonly IgnoreLevel[]) =>
    excludes.some((g) => globMatches(g, segs)) || (useIgnore && isIgnored(levels, segs, isDir));
  const included = (segs: string[]) => !include || globMatches(include, segs);
  const mayIncludeBelow = (segs: string[]) => !include || globMayMatchBelow(include, segs);

  const visit = async ({ dir, levels }: Pending, push: (p: Pending) => void): Promise<void> => {
    let entries: [string, EntryType][];
    try {
      entries = await fs.readDirectory(dir);
    } catch (e) {
      if (e instanceof Cancelled) result.cancelled = true;
      else if (dir !== '') result.skipped.push({ path: dir, reason: 'unreadableFolder' });
      return;
    }
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const at = (name: string) => (dir === '' ? name : `${dir}/${name}`);
    let here = levels;
    if (useIgnore) {
      const texts: { path: string; text: string }[] = [];
      for (const name of IGNORE_FILE_NAMES) {
        const entry = entries.find(([n]) => n === name);
        if (!entry || entry[1] === 'directory') continue;
        // Not a regular file (a link, a FIFO, a device): reported, never opened.
        if (entry[1] !== 'file')
          result.ignoreFilesNotRead.push({ path: at(name), problem: 'notRegular' });
        else {
          const text = await readIgnore(at(name));
          if (text !== undefined) texts.push({ path: at(name), text });
        }
      }
      const level = await levelOf(dir, texts);
      if (level) here = [...levels, level];
    }
    const base = splitPath(dir);
    for (const [name, type] of entries) {
      if (mustTick() && (await tick())) return;
      // An ignore file that is not a regular file is reported once, above.
      if (useIgnore && type !== 'file' && type !== 'directory' && isIgnoreFileName(name)) continue;
      const path = at(name);
      const segs = [...base, name];
      if (type === 'directory') {
        if (!excluded(segs, true, here) && mayIncludeBelow(segs)) push({ dir: path, levels: here });
      } else if (type === 'file') {
        if (!excluded(segs, false, here) && included(segs)) result.files.push(path);
      } else if (type === 'symlink') {
        // Left out without a word if the search would not cover it as a file or as a folder.
        if (excluded(segs, false, here) || excluded(segs, true, here)) continue;
        if (!included(segs) && !mayIncludeBelow(segs)) continue;
        result.skipped.push({ path, reason: await linkReason(fs, path, rootReal) });
      } else if (!excluded(segs, false, here) && included(segs))
        result.skipped.push({ path, reason: 'special' });
    }
  };

  await pool({ dir: '', levels: rootLevels }, o.parallel ?? 16, visit, () => result.cancelled);
  // Folders are read in parallel: sorted, the report is the same from one run to the next.
  // (A stable sort keeps each ignore file's lines in their order.)
  result.files.sort();
  result.skipped.sort(byPath);
  result.ignoreFilesNotRead.sort(byPath);
  result.ignoreLinesNotUsed.sort(byPath);
  return result;
}

const byPath = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

const isIgnoreFileName = (name: string): boolean =>
  (IGNORE_FILE_NAMES as readonly string[]).includes(name);

/** Where a symbolic link points, as far as the file system tells (it is never followed). */
async function linkReason(
  fs: WalkFileSystem,
  path: string,
  rootReal: string | undefined,
): Promise<WalkSkipReason> {
  if (!fs.realPath || rootReal === undefined) return 'symlink';
  try {
    return isInside(await fs.realPath(path), rootReal) ? 'symlinkInside' : 'symlinkOutside';
  } catch {
    return 'symlinkOutside'; // dangling or a loop: it leads nowhere inside
  }
}

/** Whether the absolute `path` is `root` or below it (`/`-separated, or `\` on Windows). */
function isInside(path: string, root: string): boolean {
  const norm = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const p = norm(path);
  const r = norm(root);
  return p === r || p.startsWith(`${r}/`) || r === '';
}

/**
 * Runs `visit` on `first` and on everything it pushes, `parallel` at a time, until none is left
 * or `stop()` says so.
 */
async function pool<T>(
  first: T,
  parallel: number,
  visit: (item: T, push: (item: T) => void) => Promise<void>,
  stop: () => boolean,
): Promise<void> {
  const queue: T[] = [first];
  let head = 0;
  let active = 0;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const push = (item: T) => {
    queue.push(item);
    notify();
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      if (stop()) {
        notify();
        return;
      }
      if (head === queue.length) {
        if (active === 0) {
          notify();
          return;
        }
        await new Promise<void>((resolve) => {
          const prev = wake;
          wake = () => {
            prev?.();
            resolve();
          };
        });
        continue;
      }
      const item = queue[head];
      queue[head++] = undefined as T; // let the visited item go
      active++;
      try {
        await visit(item, push);
      } finally {
        active--;
        notify(); // waiting workers look again: more work, all done, or stopped
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
}
