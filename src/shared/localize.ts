// Pure modules produce user-facing text through an injected `Localize` (vscode.l10n.t in the
// extension, `format` in unit tests), so they never import `vscode`.

export type Localize = (message: string, ...args: (string | number | boolean)[]) => string;

/** English fallback with vscode.l10n.t's `{0}` placeholder syntax. */
export const format: Localize = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) =>
    Number(i) < args.length ? String(args[Number(i)]) : whole,
  );
