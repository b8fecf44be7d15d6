// `npm run bench:apply`: how long applying a workspace edit with thousands of URLs in ONE file
// takes through VS Code's Refactor Preview, and how long the extension host is blocked meanwhile
// (issue 20). Generates the files in a temp folder, opens it in the real VS Code through the
// integration harness (bench/workspace/in-vscode.ts) and runs bench/workspace/apply-suite.ts in
// the extension host. A measurement, not an assertion: not part of `npm test`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inBenchFolder, runInVsCode } from './in-vscode';

/**
 * One AMP Cache URL per line, as a crawler's list or a generated page holds them; the first a
 * look-alike (its cache host is not the publisher's own), which deserves a look: so the workspace
 * command opens the Refactor Preview, that change unchecked and every other checked. With
 * `lineChars`, each line is filled with words after its URL to about that length (a page of text
 * rather than a bare list).
 */
export function listText(urls: number, lineChars = 0): string {
  const fill = (line: string) =>
    line.length + 1 >= lineChars
      ? line
      : `${line} ${'read the article for the rest of the story '.repeat(4)}`.slice(
          0,
          lineChars - 1,
        );
  const lines: string[] = [fill('https://xyz.cdn.ampproject.org/c/s/a.b/look')];
  for (let i = 1; i < urls; i++) lines.push(fill(`https://a-b.cdn.ampproject.org/c/s/a.b/${i}`));
  return `${lines.join('\n')}\n`;
}

/** Lines for a file of about `bytes`: one URL per line. */
function urlsForBytes(bytes: number): number {
  return Math.floor(bytes / 45);
}

/**
 * The files to write, from AMP_URL_BENCH_APPLY_URLS: a count of URLs (one per line, ~45 bytes a
 * line) or `count@bytes` (that many URLs in a file of about that size: longer lines).
 */
function sizes(): { urls: number; lineChars: number; label: string }[] {
  const spec =
    process.env.AMP_URL_BENCH_APPLY_URLS ?? `3000,5000,${urlsForBytes(4_900_000)},108000@9000000`;
  return spec.split(',').map((item) => {
    const [urls, bytes] = item.split('@').map(Number);
    const lineChars = bytes ? Math.floor(bytes / urls) : 0;
    return { urls, lineChars, label: bytes ? `${urls}@${(bytes / 1e6).toFixed(0)}MB` : `${urls}` };
  });
}

async function main(): Promise<void> {
  await inBenchFolder('apply', async (tmp) => {
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    // One copy per way of applying: a file the preview opened stays loaded in the workbench.
    const ways = (process.env.AMP_URL_BENCH_APPLY_WAYS ?? 'direct,before,after,replace').split(',');
    for (const size of sizes())
      for (const way of ways)
        fs.writeFileSync(
          path.join(workspace, `${way}-${size.label}.txt`),
          listText(size.urls, size.lineChars),
        );
    await runInVsCode({ tmp, workspace, suite: 'apply-suite.js' });
  });
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(`Apply benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
