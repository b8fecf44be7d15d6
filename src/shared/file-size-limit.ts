// How large a file the workspace commands, the CLI's `check` and `find` and the agent tools read:
// one limit for every front end, with its default and the setting's sanitizing in one place.

/** Files larger than this many bytes are skipped unless `ampUrl.workspace.maxFileSize` says otherwise. */
export const DEFAULT_MAX_FILE_SIZE = 5_000_000;

/** `ampUrl.workspace.maxFileSize`, sanitized. */
export function maxFileSize(raw: unknown): number {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0
    ? Math.floor(raw)
    : DEFAULT_MAX_FILE_SIZE;
}
