#!/usr/bin/env node
// `npm test`: every suite in turn (lint and format check, unit, CLI, a quick run of every benchmark,
// integration in a real VS Code, UI e2e in Chromium), even when an earlier one fails, then one
// summary. Exits non-zero when any suite fails.
// The suites in a real VS Code run once for each version the project proves (newest first, then
// the oldest supported: scripts/lib/vscode-builds.json), one after the other, after one shared
// build. `node scripts/test.mjs e2e` runs only the suites named; `e2e@oldest` (or `@1.100.3`) on
// one version only; AMP_URL_VSCODE=<version> runs every suite on that version only.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib/ensure-deps.mjs';
import { VSCODE_BUILDS, vscodeBuild } from './lib/paths.mjs';

// Each suite is a list of npm scripts. Mocha suites are counted by their "N passing" lines; a check
// without them (ESLint, Prettier) counts as one test, passed when it exits 0.
const SUITES = {
  lint: ['lint', 'format:check'],
  unit: ['test:unit'],
  cli: ['test:cli'],
  // Every benchmark section on small inputs: proves they all still run (figures: npm run bench).
  bench: ['bench:quick'],
  integration: ['test:integration'],
  e2e: ['test:e2e'],
};

// The suites above that run in a real VS Code, as the commands their npm scripts end with: the
// scripts would repeat the build (tsc, esbuild, set-up) for each version; `build` does it once.
const IN_VSCODE = {
  integration: ['node', 'out/test/integration/run-test.js'],
  e2e: ['npx', 'mocha', '--config', 'test/e2e/.mocharc.json'],
};
const BUILD = ['compile', 'build', ['node', 'scripts/setup-vscode.mjs']];

/** Runs each step of a suite in turn, even after one fails; sums their counts. */
async function runSuite(scripts, env) {
  const total = { code: 0, counts: { passing: 0, failing: 0, pending: 0 } };
  for (const script of scripts) {
    const { code, counts, error } = await runScript(script, env);
    const mocha = counts.passing + counts.failing + counts.pending > 0;
    for (const k of Object.keys(total.counts)) total.counts[k] += counts[k];
    if (!mocha) total.counts[code === 0 ? 'passing' : 'failing'] += 1;
    if (code !== 0 && total.code === 0)
      Object.assign(total, {
        code,
        error: error ?? `${[script].flat().join(' ')}: exit ${code}`,
      });
  }
  return total;
}

/**
 * Runs `npm run <script>` (or a command, given as an array), echoing its output and counting
 * mocha's "N passing" / "N failing" lines.
 */
function runScript(script, env = {}) {
  return new Promise((resolve) => {
    const counts = { passing: 0, failing: 0, pending: 0 };
    const [cmd, ...args] = Array.isArray(script) ? script : ['npm', 'run', '--silent', script];
    const child = spawn(cmd, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const scan = (out) => {
      let rest = '';
      return (chunk) => {
        out.write(chunk);
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) {
          const m = /^\s*(\d+) (passing|failing|pending)\b/.exec(line);
          if (m) counts[m[2]] += Number(m[1]);
        }
      };
    };
    child.stdout.on('data', scan(process.stdout));
    child.stderr.on('data', scan(process.stderr));
    child.on('error', (err) => resolve({ code: 1, counts, error: err.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, counts }));
  });
}

ensureDependencies();

/** What to run: each suite named (all by default), those in a real VS Code once per version. */
function plan(names) {
  const builds = process.env.AMP_URL_VSCODE ? [vscodeBuild()] : [...VSCODE_BUILDS].reverse();
  const runs = [];
  for (const build of builds) {
    for (const arg of names) {
      const [name, only] = arg.split('@');
      if (!(name in IN_VSCODE) || (only && vscodeBuild(only) !== build)) continue;
      runs.push({
        name: `${name}@${build.vscode}`,
        title: `${name} tests on VS Code ${build.vscode} (code-server ${build.codeServer})`,
        steps: [IN_VSCODE[name]],
        env: { AMP_URL_VSCODE: build.name },
      });
    }
  }
  const others = names
    .filter((n) => !(n.split('@')[0] in IN_VSCODE))
    .map((name) => ({
      name,
      title: `${name} tests (npm run ${SUITES[name].join(', npm run ')})`,
      steps: SUITES[name],
    }));
  if (runs.length) {
    const setupArgs = [...new Set(runs.map((r) => r.env.AMP_URL_VSCODE))];
    // The unit suite's npm script compiles (tsc) already.
    const build = [
      ...BUILD.slice(0, -1).filter((s) => s !== 'compile' || !names.includes('unit')),
      [...BUILD.at(-1), ...setupArgs],
    ];
    others.push({
      name: 'build',
      title: 'build (tsc, esbuild, set-up of each VS Code)',
      steps: build,
    });
  }
  return [...others, ...runs];
}

const names = process.argv.slice(2);
const unknown = names.filter((n) => {
  const [name, only] = n.split('@');
  if (!(name in SUITES) || (only !== undefined && !(name in IN_VSCODE))) return true;
  try {
    if (only !== undefined) vscodeBuild(only);
    return false;
  } catch {
    return true;
  }
});
if (unknown.length) {
  console.error(
    `Unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')} ` +
      `(${Object.keys(IN_VSCODE).join(', ')} also as <suite>@oldest, <suite>@newest or <suite>@<VS Code version>)`,
  );
  process.exit(2);
}

const results = [];
for (const run of plan(names.length ? names : Object.keys(SUITES))) {
  console.log(`\n=== ${run.title} ===`);
  const started = Date.now();
  const result = await runSuite(run.steps, run.env);
  results.push({ name: run.name, seconds: (Date.now() - started) / 1000, ...result });
  // Without a build, the suites that need it would only repeat its failure.
  if (run.name === 'build' && result.code !== 0) break;
}

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
for (const { name, seconds, code, counts, error } of results) {
  passed += counts.passing;
  // A suite that failed without a failing test (crash, time-out, build error) counts as one failure.
  failed += code !== 0 && counts.failing === 0 ? 1 : counts.failing;
  const status = code === 0 ? 'ok' : `FAILED (${error ?? `exit ${code}`})`;
  console.log(
    `${name.padEnd(20)} ${String(counts.passing).padStart(4)} passing ${String(counts.failing).padStart(3)} failing` +
      `${counts.pending ? ` ${counts.pending} pending` : ''}  ${seconds.toFixed(0).padStart(4)} s  ${status}`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
