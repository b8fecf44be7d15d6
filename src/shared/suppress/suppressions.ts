// What a file's directives leave out, as ESLint reads its own: offset ranges per rule (and for
// every rule), merged and sorted, so each finding is looked up in O(log directives), whatever a
// hostile file holds.
import { CHECK_RULES } from '../check-file';
import { readDirectives, type Directive } from './directives';

/** Every rule: the key of ranges that apply to all. */
const ANY = '*';

export class Suppressions {
  private constructor(private readonly ranges: ReadonlyMap<string, readonly number[]>) {}

  /** No directive: nothing left out. */
  static readonly NONE = new Suppressions(new Map());

  /** The suppressions of `text` in `languageId` (directives.ts). */
  static of(text: string, languageId?: string): Suppressions {
    const directives = readDirectives(text, languageId);
    return directives.length ? Suppressions.from(text, directives) : Suppressions.NONE;
  }

  static from(text: string, directives: readonly Directive[]): Suppressions {
    const raw = new Map<string, [number, number][]>();
    const add = (rules: readonly string[], from: number, to: number) => {
      for (const r of rules.length ? rules : [ANY]) {
        let list = raw.get(r);
        if (!list) raw.set(r, (list = []));
        list.push([from, to]);
      }
    };
    // Regions open per rule (ANY: `amp-url-disable` without names), closed by `amp-url-enable`.
    const open = new Map<string, number>();
    for (const d of directives) {
      if (d.kind === 'disable-line') add(d.rules, lineStart(text, d.start), lineEnd(text, d.end));
      else if (d.kind === 'disable-next-line') {
        const next = text.indexOf('\n', d.end);
        if (next >= 0) add(d.rules, next + 1, lineEnd(text, next + 1));
      } else if (d.kind === 'disable') {
        // Without names, every rule's region opens: `amp-url-enable <rule>` may end one of them.
        for (const r of d.rules.length ? d.rules : CHECK_RULES)
          if (!open.has(r)) open.set(r, d.start);
      } else {
        // `amp-url-enable` alone ends every region; with names, those rules' (ESLint's way).
        for (const r of d.rules.length ? d.rules : [...open.keys()]) {
          const from = open.get(r);
          if (from === undefined) continue;
          add([r], from, d.start);
          open.delete(r);
        }
      }
    }
    for (const [r, from] of open) add([r], from, text.length);
    return new Suppressions(new Map([...raw].map(([r, list]) => [r, merged(list)])));
  }

  get empty(): boolean {
    return this.ranges.size === 0;
  }

  /** Whether a finding of `rule` starting at `offset` is left out. */
  covers(offset: number, rule: string): boolean {
    return inside(this.ranges.get(ANY), offset) || inside(this.ranges.get(rule), offset);
  }
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
}

/** Ranges sorted and joined where they overlap, flattened: [from0, to0, from1, to1, …]. */
function merged(list: [number, number][]): number[] {
  list.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [from, to] of list) {
    if (out.length && from <= out[out.length - 1])
      out[out.length - 1] = Math.max(to, out[out.length - 1]);
    else out.push(from, to);
  }
  return out;
}

/** Whether `offset` is in one of the flattened ranges [from, to]. */
function inside(flat: readonly number[] | undefined, offset: number): boolean {
  if (!flat) return false;
  let lo = 0;
  let hi = flat.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (flat[2 * mid] > offset) hi = mid - 1;
    else if (flat[2 * mid + 1] < offset) lo = mid + 1;
    else return true;
  }
  return false;
}
