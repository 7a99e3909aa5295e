import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './e2e/support/chromium';

/**
 * End-to-end tests. The web project drives the system Chromium (never a downloaded one) against web mode;
 * the electron project drives the real window where an Electron binary exists and skips, saying why, elsewhere.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Every test starts its own web mode on a port of its own with a data folder of its own, so any two can run at
  // once: a worker per core (TIDY_E2E_WORKERS says otherwise: the slow-machine run, scripts/test-slow.mjs, uses one).
  fullyParallel: true,
  workers: Number(process.env.TIDY_E2E_WORKERS) || os.availableParallelism(),
  retries: 0,
  // Limits sized for a machine ten times slower than a developer's (CI machines are shared and vary two-fold and
  // more; `npm run test:slow` runs on busy cores): a test of 20 s here may take 200 s there, and a page 3 s to
  // show what it shows in 0.3 s. A limit costs time only when something is already wrong.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  // The human-readable report, and one in JSON that `npm test` ends with the slowest tests from.
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    // A click or a fill waits as long as an expect for what it acts on, not the whole test's limit: one that can never
    // happen fails in 30 s, saying what it waited for.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // No trace: recording one for every test cost a third of the run's time (36 s against 46-53 s for four spec
    // files, measured side by side), and a failure already prints its error, call log and screenshot. To debug one:
    // `npx playwright test <file> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1200, height: 760 },
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
