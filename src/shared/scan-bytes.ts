// One file of the workspace scan, decided in a scan worker (src/node/scan-worker.ts) the way the
// extension host decides it (src/extension/workspace/scan.ts, bytes.ts) for a file read from disk
// in a folder whose settings make VS Code read and write UTF-8: the same first reading, the same
// plan, the same check that VS Code would write the bytes back. What only VS Code can answer (a
// UTF-16 file or bytes that are not UTF-8, with edits planned) is left to the host (`host`).
// No Node API and no `vscode`: the extension bundle carries it (src/extension/main.ts exports it),
// and the worker requires that bundle rather than a second copy of the core.
import { mayHoldAmpUrl, type SearchableBytes } from './amp-prefilter';
import { decodeFileBytes, editorWriteBack, isAscii, legacyEncodingRefusal } from './file-bytes';
import { languageOfPath } from './language-of-path';
import { format, type Localize } from './localize';
import { REGIONS_FROM_EDITS } from './merge-edits';
import { leaveOut } from './suppress/edit-filter';
import { textHash } from './text-hash';
import { makeTransform, type Transform, type TransformSettings } from './transforms';
import type { RepoConfig } from './suppress/repo-config';
import { planFile, type FilePlan, type FileSkip, type WorkspaceTarget } from './workspace-plan';

/** What every file of a scan is planned with (the same for all of a run's workers). */
export interface ScanSettings {
  target: WorkspaceTarget;
  /** What the conversion needs of the settings (makeTransform's). */
  transform: TransformSettings;
  maxFileSize: number;
  /** The workspace folder's .amp-url.json, when the scan applies one. */
  config?: RepoConfig;
  /** vscode.l10n.bundle: the messages the plans' words are looked up in (none: English). */
  bundle?: Record<string, string>;
}

/**
 * What became of one file. `host`: the worker does not decide it (not a regular file here, not
 * readable, or edits planned on bytes whose reading VS Code decides): the extension host scans
 * it as before. Otherwise a skip, or the URLs left (`skipped`) and, when edits are planned, what
 * the freshness check and the edit need.
 */
export type ScanOutcome =
  | { host: true; skip?: undefined; planned?: undefined }
  | { skip: FileSkip; host?: undefined; planned?: undefined }
  | {
      host?: undefined;
      skip?: undefined;
      /** The URLs of the conversion's kind left as they are (no edits planned). */
      skipped: FilePlan['skipped'];
      planned?: undefined;
    }
  | { host?: undefined; skip?: undefined; planned: ScannedOnDisk };

/** A file with edits planned: ScannedFile's data without its URI. */
export interface ScannedOnDisk {
  plan: FilePlan;
  hash: number;
  length: number;
  /** The text planned from, for a file of REGIONS_FROM_EDITS changes or more. */
  text?: string;
  /** As VS Code's workspace.fs.stat gives them: mtime, size, ctime (the birth time) as a string. */
  stat: { mtime: number; size: number; identity: string };
}

/** One character per byte (WHATWG's windows-1252 decoder maps every byte to one code point). */
let bytePerChar: TextDecoder | undefined;

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

/**
 * `plan` without the edits whose new text is not ASCII, each skipped with the reason: for a file
 * whose write encoding may not hold every character (VS Code would save it as `?`).
 */
export function asciiOnly(plan: FilePlan, t: Localize = format): FilePlan {
  const reason = legacyEncodingRefusal(t);
  const refused = plan.edits
    .filter((e) => !isAscii(e.newText))
    .map((e) => ({
      url: e.oldText,
      reason,
      at: e.start,
      line: e.range.startLine,
      character: e.range.startChar,
    }));
  if (refused.length === 0) return plan;
  return {
    edits: plan.edits.filter((e) => isAscii(e.newText)),
    skipped: [...plan.skipped, ...refused],
  };
}

/**
 * The decision on the bytes of `rel`, as the host's scan makes it (firstRead, planChecked with
 * utf8Reading, leaveOut, the hash): binary, URLs left, edits planned, a skip, or the host's.
 * A planned file's `stat` is the caller's to fill.
 */
export function scanBytes(
  bytes: Uint8Array & SearchableBytes,
  rel: string,
  s: FileScanner,
): ScanOutcome {
  const { target, transform: settings, config } = s.settings;
  const decoded = decodeFileBytes(bytes);
  if (decoded.skip === 'binary') return { skip: 'binary' };
  const utf8 = decoded.encoding === 'utf8' || decoded.encoding === 'utf8bom';
  // The command line's byte-level prefilter: valid UTF-8 without a byte of an AMP Cache or viewer
  // host plans nothing for the publisher conversion (no edit, no URL of its kind to leave).
  if (target === 'publisher' && utf8 && !mayHoldAmpUrl(bytes, settings.caches))
    return { skipped: [] };
  const firstText = decoded.text ?? (bytePerChar ??= new TextDecoder('windows-1252')).decode(bytes);
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

/** What a scan worker takes of the module it plans with (the extension bundle, or this module). */
export interface ScanPlanner {
  fileScanner: typeof fileScanner;
  scanBytes: typeof scanBytes;
}
