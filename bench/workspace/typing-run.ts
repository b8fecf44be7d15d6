// `npm run bench -- typing` (bench/typing.ts starts it): writes a 10 MB log with 42,000 AMP Cache
// URLs into a temp folder, opens it in the real VS Code through the integration harness and runs
// bench/workspace/typing.ts in the extension host. A measurement, not an assertion.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sized } from '../urls';
import { inBenchFolder, runInVsCode } from './in-vscode';

/** 10 MB: ampUrl.limits.maxDocumentSize's default, raised in the user settings below so that
 * the typed characters keep the document within it. */
const SIZE = sized(10_000_000, 300_000);

function logText(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line =
      i % 3 === 1
        ? `${i} GET https://example-com.cdn.ampproject.org/c/s/example.com/articles/${i}.html 200 12ms`
        : `${i} 2026-11-25T01:00:00Z worker ${i % 13} handled request id=${(i * 7919).toString(36)} in 12 ms`;
    if (size + line.length + 1 > SIZE) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  await inBenchFolder('typing', async (tmp) => {
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    fs.writeFileSync(path.join(workspace, 'big.log'), logText());
    await runInVsCode({
      tmp,
      workspace,
      suite: 'typing.js',
      settings: { 'ampUrl.limits.maxDocumentSize': 2 * SIZE },
    });
  });
}

main().catch((err: unknown) => {
  console.error(`Typing benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
