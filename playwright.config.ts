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
  // once: a worker per core.
  fullyParallel: true,
  workers: os.availableParallelism(),
  retries: 0,
  timeout: 30_000,
  // The human-readable report, and one in JSON that `npm test` ends with the slowest tests from.
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
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
