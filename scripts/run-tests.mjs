// `npm test`: every step in order, each one timed, and the split printed at the end (also when a step fails), so
// whoever waits on CI sees where its minutes go. .ci/run passes the install's time (TIDY_INSTALL_SECONDS) so the
// split covers the whole run. The split also goes to test-reports/split.json.
//
// The steps run in a temp folder of the run's own (TMPDIR, from test-temp-root.mjs), so the last step can tell
// whether any test left something there.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const script = (name) => path.join(ROOT, 'scripts', name);

/** Each step: what the split calls it, and its command. `npm run X` steps run through npm, as a developer runs them. */
const STEPS = [
  { name: 'checks', command: ['npm', 'run', 'checks'] },
  { name: 'build', command: ['electron-vite', 'build'] },
  { name: 'vitest', command: ['npm', 'run', 'test:unit'] },
  { name: 'bench', command: ['npm', 'run', 'bench:quick'] },
  { name: 'playwright', command: ['npm', 'run', 'test:e2e'] },
  // Only reports, never fails: it runs after a failed step too, since a slow or stuck run is when it matters.
  { name: 'reports', command: [node, script('slowest-tests.mjs')], always: true },
  { name: 'leftovers', command: [node, script('check-leftover-processes.mjs')] },
];

function run(command, env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not start ${command.join(' ')}: ${error.message}`);
      resolve(1);
    });
  });
}

function capture(command) {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${command.join(' ')} exited with ${code}`))));
  });
}

const seconds = (ms) => Math.round(ms / 100) / 10;

function printSplit(split, failed) {
  const rows = [];
  const install = Number(process.env.TIDY_INSTALL_SECONDS);
  if (Number.isFinite(install) && install > 0) rows.push({ name: 'install', seconds: install });
  rows.push(...split);
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  console.log(`\nWhere the time went${failed ? ` (stopped at ${failed})` : ''}:`);
  for (const row of rows) console.log(`  ${row.name.padEnd(11)} ${row.seconds.toFixed(1).padStart(7)} s`);
  console.log(`  ${'total'.padEnd(11)} ${total.toFixed(1).padStart(7)} s`);
  mkdirSync(path.join(ROOT, 'test-reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-reports', 'split.json'), `${JSON.stringify({ failed: failed ?? null, steps: rows, totalSeconds: total }, null, 2)}\n`);
}

const tmp = await capture([node, script('test-temp-root.mjs'), 'start']);
// Node keeps the code it compiled for every process of the run (some 70 web modes start in the e2e tests, each
// compiling the same bundle: a tenth of a second each, saved), in the run's temp folder, removed at its end.
const env = { ...process.env, TMPDIR: tmp, NODE_COMPILE_CACHE: path.join(tmp, 'node-compile-cache') };
const split = [];
let failed;
for (const step of STEPS) {
  if (failed && !step.always) continue;
  const started = performance.now();
  const code = await run(step.command, env);
  split.push({ name: step.name, seconds: seconds(performance.now() - started) });
  if (code !== 0 && !failed) failed = step.name;
}
// The temp folder is checked (and removed) even after a failure, so a failed run leaves nothing behind either.
const tempCode = await run([node, script('test-temp-root.mjs'), 'check'], env);
if (!failed && tempCode !== 0) failed = 'temp check';
printSplit(split, failed);
process.exit(failed ? 1 : 0);
