#!/usr/bin/env node
// `npm test`: every suite in turn (lint and format check, unit, integration in a real VS Code, UI e2e
// in Chromium), even when an earlier one fails, then one summary. Exits non-zero when any suite fails.
// `node scripts/test.mjs e2e` runs only the suites named.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib/ensure-deps.mjs';

// Each suite is a list of npm scripts. Mocha suites are counted by their "N passing" lines; a check
// without them (ESLint, Prettier) counts as one test, passed when it exits 0.
const SUITES = {
  lint: ['lint', 'format:check'],
  unit: ['test:unit'],
  cli: ['test:cli'],
  integration: ['test:integration'],
  e2e: ['test:e2e'],
};

/** Runs each script of a suite in turn, even after one fails; sums their counts. */
async function runSuite(scripts) {
  const total = { code: 0, counts: { passing: 0, failing: 0, pending: 0 } };
  for (const script of scripts) {
    const { code, counts, error } = await runScript(script);
    const mocha = counts.passing + counts.failing + counts.pending > 0;
    for (const k of Object.keys(total.counts)) total.counts[k] += counts[k];
    if (!mocha) total.counts[code === 0 ? 'passing' : 'failing'] += 1;
    if (code !== 0 && total.code === 0)
      Object.assign(total, { code, error: error ?? `${script}: exit ${code}` });
  }
  return total;
}

/** Runs `npm run <script>`, echoing its output and counting mocha's "N passing" / "N failing" lines. */
function runScript(script) {
  return new Promise((resolve) => {
    const counts = { passing: 0, failing: 0, pending: 0 };
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['inherit', 'pipe', 'pipe'] });
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

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in SUITES));
if (unknown.length) {
  console.error(
    `Unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`,
  );
  process.exit(2);
}

const results = [];
for (const name of names.length ? names : Object.keys(SUITES)) {
  console.log(`\n=== ${name} tests (npm run ${SUITES[name].join(', npm run ')}) ===`);
  const started = Date.now();
  const result = await runSuite(SUITES[name]);
  results.push({ name, seconds: (Date.now() - started) / 1000, ...result });
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
    `${name.padEnd(12)} ${String(counts.passing).padStart(4)} passing ${String(counts.failing).padStart(3)} failing` +
      `${counts.pending ? ` ${counts.pending} pending` : ''}  ${seconds.toFixed(0).padStart(4)} s  ${status}`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
