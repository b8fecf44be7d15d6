// The Bidi rule of RFC 5893 section 2, which UTS #46 (CheckBidi) and browsers apply to domain
// names. JavaScript regexes have no Bidi_Class property, hence the generated range table.
import { BIDI_RUNS } from './bidi-data';

let starts: Uint32Array | undefined;
let ends: Uint32Array;
let classes: string;

/** Decodes the run table once, on first use. */
function table(): Uint32Array {
  if (starts) return starts;
  const runs = BIDI_RUNS.split(',');
  const s = new Uint32Array(runs.length);
  const e = new Uint32Array(runs.length);
  let cls = '';
  let prevEnd = -1;
  runs.forEach((run, i) => {
    const at = run.search(/[A-Z]/);
    s[i] = prevEnd + 1 + parseInt(run.slice(0, at), 36);
    e[i] = s[i] + parseInt(run.slice(at + 1), 36);
    cls += run[at];
    prevEnd = e[i];
  });
  ends = e;
  classes = cls;
  return (starts = s);
}

/**
 * Bidi_Class of a code point as one letter: L, R, A (AL), N (AN), E (EN), S (ES), C (CS),
 * T (ET), O (ON), B (BN), M (NSM) or X (any class the rule never allows).
 */
export function bidiClass(cp: number): string {
  if (cp < 0x41)
    return cp >= 0x30 && cp <= 0x39 ? 'E' : cp === 0x2d ? 'S' : cp === 0x2e ? 'C' : 'O';
  if (cp < 0x7b && (cp <= 0x5a || cp >= 0x61)) return 'L';
  const s = table();
  let lo = 0;
  let hi = s.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < s[mid]) hi = mid - 1;
    else if (cp > ends[mid]) lo = mid + 1;
    else return classes[mid];
  }
  return 'L';
}

function classesOf(label: string): string {
  let out = '';
  for (const ch of label) out += bidiClass(ch.codePointAt(0) ?? 0);
  return out;
}

const RTL_ALLOWED = /^[RANESCTOBM]*$/;
const RTL_END = /[RAEN]M*$/;
const LTR_ALLOWED = /^[LESCTOBM]*$/;
const LTR_END = /[LE]M*$/;

/** Why one label breaks the six conditions of RFC 5893 section 2, or undefined. */
function labelProblem(cls: string): string | undefined {
  if (cls === '') return undefined;
  const first = cls[0];
  if (first === 'R' || first === 'A') {
    if (!RTL_ALLOWED.test(cls)) return 'a right-to-left label contains a left-to-right character';
    if (!RTL_END.test(cls)) return 'a right-to-left label ends with a neutral character';
    if (cls.includes('E') && cls.includes('N'))
      return 'a right-to-left label mixes European and Arabic-Indic digits';
    return undefined;
  }
  if (first !== 'L') return 'a label in a right-to-left domain starts with a digit, mark or symbol';
  if (!LTR_ALLOWED.test(cls)) return 'a left-to-right label contains a right-to-left character';
  if (!LTR_END.test(cls)) return 'a left-to-right label ends with a neutral character';
  return undefined;
}

/**
 * Why these Unicode labels break the Bidi rule, or undefined when they satisfy it.
 * The rule only applies to a Bidi domain name: one with an R, AL or AN character somewhere.
 */
export function bidiRuleProblem(labels: readonly string[]): string | undefined {
  // Every R, AL and AN code point lies in these ranges (astral: U+10800-10FFF, U+1E800-1EFFF).
  if (
    !labels.some((label) =>
      /[\u0590-\u08ff\u200f\ufb1d-\ufdff\ufe70-\ufeff]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/.test(
        label,
      ),
    )
  )
    return undefined;
  const cls = labels.map(classesOf);
  if (!cls.some((c) => /[RAN]/.test(c))) return undefined;
  for (const c of cls) {
    const problem = labelProblem(c);
    if (problem) return problem;
  }
  return undefined;
}
