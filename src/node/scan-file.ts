// One file of the workspace scan, decided in a scan worker (scan-worker.ts) the way the extension
// host decides it (src/extension/workspace/scan.ts, bytes.ts) for a file read from disk in a
// folder whose settings make VS Code read and write UTF-8: the same first reading, the same plan,
// the same check that VS Code would write the bytes back. What only VS Code can answer (a UTF-16
// file or bytes that are not UTF-8, with edits planned) is left to the host (`host`).
import { mayHoldAmpUrl } from '../shared/amp-prefilter';
import { decodeFileBytes, editorWriteBack } from '../shared/file-bytes';
import { languageOfPath } from '../shared/language-of-path';
import { format, type Localize } from '../shared/localize';
import { REGIONS_FROM_EDITS } from '../shared/merge-edits';
import { leaveOut } from '../shared/suppress/edit-filter';
import { textHash } from '../shared/text-hash';
import { makeTransform, type Transform } from '../shared/transforms';
import { asciiOnly, planFile, type FilePlan } from '../shared/workspace-plan';
import type { ConfinedFiles } from './safe-file';
import type { ScanOutcome, ScanSettings } from './scan-jobs';

/** One character per byte (WHATWG's windows-1252 decoder maps every byte to one code point). */
const BYTE_PER_CHAR = new TextDecoder('windows-1252');

/** The plans' words: looked up in the extension's bundle as vscode.l10n.t does. */
export function localizeWith(bundle: Record<string, string> | undefined): Localize {
  return bundle ? (message, ...args) => format(bundle[message] ?? message, ...args) : format;
}

/** What a worker plans every file with: the transform and the words, made once. */
export interface FileScanner {
  settings: ScanSettings;
  transform: Transform;
  t: Localize;
}

export function fileScanner(settings: ScanSettings): FileScanner {
  const t = localizeWith(settings.bundle);
  return { settings, t, transform: makeTransform(settings.target, settings.transform, {}, t) };
}

/** Reads `rel` (confined: no link followed, regular files only) and decides it. */
export function scanOnDisk(files: ConfinedFiles, rel: string, s: FileScanner): ScanOutcome {
  const read = files.read(rel, s.settings.maxFileSize);
  if (read.refused === 'tooLarge') return { skip: 'tooLarge' };
  if (read.refused !== undefined) return { host: true };
  const out = scanBytes(read.bytes, rel, s);
  if (out.planned) {
    const { mtime, birth } = read.times;
    out.planned.stat = { mtime, size: read.version.size, identity: String(birth) };
  }
  return out;
}

/**
 * The decision on the bytes of `rel`, as the host's scan makes it (firstRead, planChecked with
 * utf8Reading, leaveOut, the hash): binary, URLs left, edits planned, a skip, or the host's.
 * A planned file's `stat` is the caller's to fill.
 */
export function scanBytes(bytes: Buffer, rel: string, s: FileScanner): ScanOutcome {
  const { target, transform: settings, config } = s.settings;
  const decoded = decodeFileBytes(bytes);
  if (decoded.skip === 'binary') return { skip: 'binary' };
  const utf8 = decoded.encoding === 'utf8' || decoded.encoding === 'utf8bom';
  // The command line's byte-level prefilter: valid UTF-8 without a byte of an AMP Cache or viewer
  // host plans nothing for the publisher conversion (no edit, no URL of its kind to leave).
  if (target === 'publisher' && utf8 && !mayHoldAmpUrl(bytes, settings.caches))
    return { skipped: [] };
  const firstText = decoded.text ?? BYTE_PER_CHAR.decode(bytes);
  const languageId = languageOfPath(rel);
  const planText = (text: string): FilePlan =>
    planFile(text, target, s.transform, settings.caches, s.t, languageId);
  let plan = planText(firstText);
  let text = firstText;
  if (plan.edits.length > 0) {
    // VS Code's reading of these bytes is told here only for UTF-8 (utf8Reading in bytes.ts).
    if (!utf8) return { host: true };
    const back = editorWriteBack({
      bytes,
      text: firstText,
      reencoded: bytes,
      guessing: false,
      configuredUtf8: true,
    });
    if (back.skip !== undefined) return { skip: back.skip };
    if (back.text !== firstText) plan = planText(back.text);
    if (!back.unicode) plan = asciiOnly(plan, s.t);
    text = back.text;
  }
  if (config) leaveOut(plan, text, languageId, config);
  if (plan.edits.length === 0) return { skipped: plan.skipped };
  return {
    planned: {
      plan,
      hash: textHash(text),
      length: text.length,
      ...(plan.edits.length >= REGIONS_FROM_EDITS ? { text } : {}),
      stat: { mtime: 0, size: 0, identity: '' },
    },
  };
}
