// `npm run bench -- typing`: the typing benchmark in a real VS Code (bench/workspace/typing-run.ts),
// after building the bundle it loads and setting up code-server, as `npm run bench:workspace` does.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

function step(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status ?? r.signal})`);
}

export function run(): void {
  step(['scripts/build.mjs']);
  step(['scripts/setup-vscode.mjs']);
  step([path.join(root, 'out', 'bench', 'workspace', 'typing-run.js')]);
}
