// The answer of "find the AMP URLs" (amp_url_find_amp_urls), the same in the editor and in
// `amp-url mcp`: each front end lists and reads files its own way (the workspace walk through
// workspace.fs; the CLI's file selection) and hands each file's text here, where it is read with
// the rules of `amp-url check` (checkText). Bounded: at most `max` findings and MAX_SKIPS skips.
import { checkText, type CheckRule } from '../check-file';
import { format, type Localize } from '../localize';
import type { TransformSettings } from '../transforms';

const AMP_RULES: ReadonlySet<CheckRule> = new Set(['amp-cache-url', 'amp-viewer-url']);
/** Skipped files listed in an answer (the count says how many there were). */
const MAX_SKIPS = 50;

export interface FoundAmpUrl {
  path: string;
  line: number;
  column: number;
  kind: 'cache' | 'viewer';
  /** The URL as written in the file. */
  text: string;
  /** The URL as its reader reads it (`&amp;` in HTML is `&`, …). */
  url: string;
  publisherUrl: string | null;
  /** What to write in place of `text`, encoded for where it stands; null when it can't be. */
  replacement: string | null;
  /** Why there is no publisher URL or no replacement. */
  reason: string | null;
  notes?: string[];
}

export interface FindAnswer {
  filesSearched: number;
  findings: FoundAmpUrl[];
  /** More findings were there than returned (the search stopped at maxResults). */
  truncated: boolean;
  skippedFiles: number;
  skipped: { path: string; reason: string }[];
}

/** Collects findings file by file, up to `max`. */
export class FindCollector {
  private readonly answer: FindAnswer = {
    filesSearched: 0,
    findings: [],
    truncated: false,
    skippedFiles: 0,
    skipped: [],
  };

  constructor(
    private readonly settings: TransformSettings,
    private readonly max: number,
    private readonly t: Localize = format,
  ) {}

  /** True once `max` findings are held and one more was seen: searching further is pointless. */
  get full(): boolean {
    return this.answer.truncated;
  }

  /** The AMP URLs of one file's text (`languageId` as languageOfPath gives it). */
  addFile(path: string, text: string, languageId?: string): void {
    this.answer.filesSearched++;
    for (const f of checkText(text, AMP_RULES, this.settings, languageId, this.t)) {
      if (this.answer.findings.length >= this.max) {
        this.answer.truncated = true;
        return;
      }
      this.answer.findings.push({
        path,
        line: f.startLine,
        column: f.startColumn,
        kind: f.kind === 'viewer' ? 'viewer' : 'cache',
        text: f.text,
        url: f.url,
        publisherUrl: f.suggestion ?? null,
        replacement: f.fix ?? null,
        reason: f.reason ?? f.refused ?? null,
        ...(f.notes?.length ? { notes: f.notes } : {}),
      });
    }
  }

  /** A file searched whose bytes surely hold no AMP URL (amp-prefilter.ts): not decoded. */
  addPassed(): void {
    this.answer.filesSearched++;
  }

  skip(path: string, reason: string): void {
    this.answer.skippedFiles++;
    if (this.answer.skipped.length < MAX_SKIPS) this.answer.skipped.push({ path, reason });
  }

  result(): FindAnswer {
    return this.answer;
  }
}
