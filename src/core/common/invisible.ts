// Code points a reader can't see: Bidi_Control (they reorder the text around them, "Trojan
// Source") and Default_Ignorable_Code_Point (zero-width, soft hyphen, variation selectors, tags).
// A written URL never holds them raw (docs/write-context.md). The table is generated from
// Unicode data by scripts/gen-invisible-table.py.
import { INVISIBLE_RANGES } from './invisible-data';

/** Whether `cp` is a Bidi_Control or Default_Ignorable_Code_Point code point. */
export function isInvisible(cp: number): boolean {
  // Every range starts at U+00AD or above: ASCII and Latin-1 letters answer at once.
  if (cp < 0xad) return false;
  let lo = 0;
  let hi = INVISIBLE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = INVISIBLE_RANGES[mid];
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return true;
  }
  return false;
}
