// `npm run fuzz`: the fuzz properties of the unit suite, FUZZ_SCALE times as many inputs
// (default 100), from FUZZ_SEED (default: a new one each run, printed so a failure can be replayed).
import { runProperty } from './property';
import { FUZZ_PROPERTIES } from './properties';

const scale = Number(process.env.FUZZ_SCALE ?? 100);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
if (!(scale > 0) || !Number.isInteger(seed))
  throw new Error('FUZZ_SCALE must be a positive number and FUZZ_SEED an integer');

console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed}), ${scale}× the unit-test runs`);
let total = 0;
let failed = 0;
for (const p of FUZZ_PROPERTIES) {
  const t = performance.now();
  try {
    const tried = runProperty(p, Math.round(p.runs * scale), seed);
    total += tried;
    console.log(
      `  ok   ${tried.toLocaleString('en-US').padStart(11)} inputs  ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s  ${p.name}`,
    );
  } catch (e) {
    failed++;
    console.log(
      `  FAIL ${p.name}\n${(e as Error).message}\nCaused by: ${String((e as Error).cause)}`,
    );
  }
}
console.log(
  `fuzz: ${total.toLocaleString('en-US')} inputs tried, ${failed} of ${FUZZ_PROPERTIES.length} properties failed`,
);
process.exitCode = failed > 0 ? 1 : 0;
