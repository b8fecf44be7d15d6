// `npm run bench:workspace`: generates a workspace of 10,000 files / 100 MB holding 10,000 AMP Cache
// URLs in a temp folder, opens it in the real VS Code through the integration harness
// (test/integration/run-test.ts: code-server here, desktop VS Code where it can be downloaded) and
// runs bench/workspace/suite.ts in the extension host: scan, plan and apply times and the peak
// extension-host memory. Not part of `npm test`: a measurement, not an assertion.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inBenchFolder, repoRoot, runInVsCode } from './in-vscode';

const FILES = Number(process.env.AMP_URL_BENCH_FILES) || 10_000;
const FILE_BYTES = 10_000; // 10,000 files of 10 kB: 100 MB
const FOLDERS = 100;

/** Source-like filler: code, prose and publisher URLs, about `bytes` long, with one AMP Cache URL. */
function fileText(i: number): string {
  const cache = `https://example-com.cdn.ampproject.org/c/s/example.com/articles/${i}.html`;
  const lines = [
    `// File ${i}: generated for the workspace benchmark`,
    `import { thing${i} } from './module-${i % 97}';`,
    `const site = 'https://www.example.org/page/${i}?ref=bench';`,
    `export function handler${i}(req: Request): Response {`,
    `  return fetch(\`\${site}/api\`, { method: 'GET' }); // see www.example.net/docs`,
    `}`,
    `Some prose about item ${i}, with a link to https://publisher-${i % 50}.example.com/post/${i}.`,
  ];
  const block = `${lines.join('\n')}\n`;
  const body: string[] = [];
  let size = 0;
  let inserted = false;
  while (size < FILE_BYTES) {
    if (!inserted && size > FILE_BYTES / 2) {
      body.push(`Read it on the AMP Cache: ${cache}\n`);
      inserted = true;
    }
    body.push(block);
    size += block.length;
  }
  if (!inserted) body.push(`Read it on the AMP Cache: ${cache}\n`);
  return body.join('');
}

function generate(dir: string): number {
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const folder = path.join(dir, `section-${i % FOLDERS}`, `part-${i % 7}`);
    fs.mkdirSync(folder, { recursive: true });
    const text = fileText(i);
    fs.writeFileSync(path.join(folder, `file-${i}.${i % 2 ? 'md' : 'ts'}`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

/** One SHA-256 over every file's path and bytes, in path order. */
function treeHash(dir: string): string {
  const h = createHash('sha256');
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const f of files) h.update(f).update(fs.readFileSync(f));
  return h.digest('hex');
}

/**
 * `amp-url check --fix` on the same tree, in the same run: wall time and peak memory (GNU time's
 * maximum resident set size), and whether every URL was fixed.
 */
function cliFix(workspace: string): void {
  const cli = path.join(repoRoot, 'dist', 'cli', 'amp-url.js');
  const started = Date.now();
  // GNU time writes its line on stderr, after the tool's own.
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', 'peak %M kB', process.execPath, cli, 'check', '--fix', '--format', 'json', '.'],
    { cwd: workspace, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 },
  );
  const out = r.stderr;
  const wall = (Date.now() - started) / 1000;
  const peak = /peak (\d+) kB/.exec(out)?.[1];
  console.log(
    `  ${'amp-url check --fix, same tree'.padEnd(44)} ${wall.toFixed(2)} s wall to disk, peak RSS ${peak ? `${Math.round(Number(peak) / 1000)} MB` : '?'}`,
  );
}

async function main(): Promise<void> {
  await inBenchFolder('ws', async (tmp) => {
    // The suite reads the file count from the folder's name.
    const workspace = path.join(tmp, `workspace-${FILES}`);
    const started = Date.now();
    const bytes = generate(workspace);
    console.log(
      `Generated ${FILES} files, ${(bytes / 1e6).toFixed(1)} MB, ${FILES} AMP Cache URLs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const generated = treeHash(workspace);
    await runInVsCode({ tmp, workspace, suite: 'suite.js' });
    // The suite replaced and undid: every byte must be back. Then the CLI on the same files.
    console.log(
      `  ${'every byte back after Undo (tree hash)'.padEnd(44)} ${treeHash(workspace) === generated ? 'yes' : 'NO'}`,
    );
    if (!process.env.AMP_URL_BENCH_NO_APPLY) cliFix(workspace);
  });
}

main().catch((err: unknown) => {
  console.error(`Workspace benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
