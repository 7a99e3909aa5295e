// Near the end of `npm test`: the ten slowest test files of the run, vitest's and Playwright's together, from the
// JSON reports both write to test-reports/, so whoever waits on CI sees where its minutes go. It only reports: a
// missing or unreadable report is said and skipped, and it never fails the run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const REPORTS = path.resolve(import.meta.dirname, '..', 'test-reports');
const SHOWN = 10;

/** The report's JSON, or undefined (said on stderr) when the run did not write it. */
function readReport(name) {
  const file = path.join(REPORTS, name);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`No test durations from ${path.relative(process.cwd(), file)}: ${error.message}`);
    return undefined;
  }
}

/** vitest: a file's time is from its first test starting to its last one ending (its own imports excluded). */
function vitestFiles(report) {
  return (report?.testResults ?? []).map((file) => ({
    runner: 'vitest',
    file: path.relative(process.cwd(), file.name),
    ms: file.endTime - file.startTime,
    tests: file.assertionResults.length,
  }));
}

/** Playwright: a file's time is the sum of its tests' runs (in any project), which may have run on several workers. */
function playwrightFiles(report) {
  const files = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const runs = test.results.filter((result) => result.status !== 'skipped');
        if (runs.length === 0) continue;
        const file = path.join(report.config.rootDir, spec.file);
        const entry = files.get(file) ?? { runner: 'playwright', file: path.relative(process.cwd(), file), ms: 0, tests: 0 };
        entry.ms += runs.reduce((sum, result) => sum + result.duration, 0);
        entry.tests += 1;
        files.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...files.values()];
}

const files = [...vitestFiles(readReport('vitest.json')), ...playwrightFiles(readReport('playwright.json'))];
const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
if (slowest.length > 0) {
  console.log(`\nThe ${slowest.length} slowest test files of this run:`);
  for (const { runner, file, ms, tests } of slowest) {
    console.log(`  ${`${(ms / 1000).toFixed(1)} s`.padStart(8)}  ${runner.padEnd(10)} ${file} (${tests} ${tests === 1 ? 'test' : 'tests'})`);
  }
}
