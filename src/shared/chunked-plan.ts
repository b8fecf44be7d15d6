// The publisher-URL edits of a large document, planned a chunk at a time so that the opt-in
// Problems and the fix-all never hold the extension host while the user types: the whole text of
// a large log at once blocked every extension on each keystroke (docs/benchmarks.md). Each chunk ends just
// after a stop character (no URL crosses one), so chunk by chunk finds exactly the URLs a single
// pass finds; writeUrl sees the LOOK_BEHIND characters before the chunk as it would in the whole
// text. `sliced` runs the chunks in time slices, yielding to the event loop between them, and
// stops at a cap or when the document changes.
import { isStopAt } from '../core/common/url-chars';
import { format, type Localize } from './localize';
import type { Transform } from './transforms';
import { planFile, type EditGroup, type WorkspaceTarget } from './workspace-plan';
import { LOOK_BEHIND } from './write-context/detect';
import type { AmpCache } from '../core';
import { slicesOf } from './time-slice';

/** Characters planned per chunk: a few milliseconds of work (docs/benchmarks.md). */
const CHUNK_CHARS = 1 << 15;

/** A document read in pieces: `read(from, to)` is its text between two offsets. */
export interface TextSource {
  readonly length: number;
  read(from: number, to: number): string;
}

/** One edit, at document offsets. */
export interface ChunkEdit {
  start: number;
  end: number;
  oldText: string;
  newText: string;
  group: EditGroup;
}

export interface ChunkOptions {
  target: WorkspaceTarget;
  transform: Transform;
  caches: readonly AmpCache[];
  t?: Localize;
  languageId?: string;
  chunkChars?: number;
}

/**
 * The edits of `src`, one array per chunk, in document order. A run of more than `chunkChars`
 * characters without a stop character (no real text has one) is cut where the chunk ends; a URL
 * in that run is then left out rather than read in two halves.
 */
export function* planInChunks(src: TextSource, o: ChunkOptions): Generator<ChunkEdit[]> {
  const size = Math.max(1, o.chunkChars ?? CHUNK_CHARS);
  const t = o.t ?? format;
  let pos = 0;
  // After a cut inside a run of non-stop characters: edits before the run's end are unreliable.
  let cutInRun = false;
  while (pos < src.length) {
    const base = Math.max(0, pos - LOOK_BEHIND);
    const end = Math.min(src.length, pos + size);
    // One character past the end: isStopAt looks at the next one (a `\` before `/`).
    const text = src.read(base, Math.min(src.length, end + 1));
    const from = pos - base;
    let cut = end - base;
    let hard = false;
    if (end < src.length) {
      let i = cut - 1;
      while (i >= from && !isStopAt(text, i)) i--;
      // A \r\n is not cut in two (a reader at a line's end would see the \r twice).
      if (i >= from && text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (i >= from) cut = i + 1;
      else hard = true;
    }
    let firstReliable = from;
    if (cutInRun) {
      while (firstReliable < cut && !isStopAt(text, firstReliable)) firstReliable++;
    }
    const plan = planFile(text.slice(0, cut), o.target, o.transform, o.caches, t, o.languageId);
    const edits: ChunkEdit[] = [];
    for (const e of plan.edits) {
      if (e.start < firstReliable || (hard && e.end >= cut)) continue;
      edits.push({
        start: e.start + base,
        end: e.end + base,
        oldText: e.oldText,
        newText: e.newText,
        group: e.group,
      });
    }
    yield edits;
    cutInRun = hard;
    pos = base + cut;
  }
}

export interface SliceOptions<T, U> {
  /** Stop once this many items are collected (the Problems keep 1,000). */
  cap?: number;
  /** Work this long before yielding to the event loop (SLICE_MS of time-slice.ts if not given). */
  sliceMs?: number;
  /** Checked between chunks: true abandons the run (the document changed, the setting went off). */
  cancelled?: () => boolean;
  /** Lets the event loop run (setTimeout 0 in the extension host). */
  pause: () => Promise<void>;
  now: () => number;
  /** Keeps or maps the items of a chunk (e.g. the line limit); undefined drops one. */
  keep?: (item: T) => U | undefined;
}

/**
 * Runs `chunks` in slices of at most `sliceMs` (plus one chunk), pausing between slices; the
 * items collected, at most `cap`, or undefined when cancelled. Chunks past the cap are never
 * planned.
 */
export async function sliced<T, U = T>(
  chunks: Iterator<T[]>,
  o: SliceOptions<T, U>,
): Promise<U[] | undefined> {
  const cap = o.cap ?? Infinity;
  const slices = slicesOf(o);
  const out: U[] = [];
  const keep = o.keep ?? ((item: T) => item as unknown as U);
  while (out.length < cap) {
    if (slices.due()) await slices.pause();
    if (o.cancelled?.()) return undefined;
    const next = chunks.next();
    if (next.done) break;
    for (const item of next.value) {
      const kept = keep(item);
      if (kept === undefined) continue;
      out.push(kept);
      if (out.length >= cap) break;
    }
  }
  return out;
}
