import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './e2e/support/chromium';

/**
 * End-to-end tests. The web project drives the system Chromium (never a downloaded one) against web mode;
 * the electron project drives the real window where an Electron binary exists and skips, saying why, elsewhere.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
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
