// `npm run test:slow [-- --runs N]`: the whole suite (`npm test`'s steps) on a machine made slow and busy on purpose,
// N times in a row (3 unless told), stopping at the first failure. CI machines are shared and their speed varies
// two-fold and more between runs; a test that only passes on a quiet machine fails there at random.
//
// How it is made busy: one busy loop per core, at the tests' own priority, so every process of the suite gets about
// half a core where it had one; and Playwright on one worker (TIDY_E2E_WORKERS=1), so the end-to-end tests run one
// after another on the busy cores. The loops are plain Node (no stress tool to install) and are stopped when the run
// ends, fails or is interrupted.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of runs, at least 1 (it is "${values.runs}").`);
  process.exit(2);
}

const cores = os.availableParallelism();
const loops = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoops = () => {
  for (const loop of loops) loop.kill('SIGKILL');
};
process.on('exit', stopLoops);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopLoops();
    process.exit(130);
  });
}
console.log(`Slow-machine run: ${cores} busy loop(s), one per core, and Playwright on one worker; ${runs} run(s) of the whole suite.`);

const results = [];
for (let run = 1; run <= runs; run += 1) {
  console.log(`\n=== Slow-machine run ${run} of ${runs} ===`);
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-tests.mjs')], {
      cwd: ROOT,
      env: { ...process.env, TIDY_E2E_WORKERS: '1' },
      stdio: 'inherit',
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  results.push({ run, passed: code === 0, seconds: Math.round((performance.now() - started) / 1000) });
  if (code !== 0) break;
}

console.log('\nSlow-machine runs:');
for (const result of results) console.log(`  run ${result.run}: ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds} s`);
const allPassed = results.length === runs && results.every((result) => result.passed);
console.log(allPassed ? `All ${runs} slow-machine run(s) passed.` : 'A slow-machine run failed: its output above says which test.');
stopLoops();
process.exit(allPassed ? 0 : 1);
