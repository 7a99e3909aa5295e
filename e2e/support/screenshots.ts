import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where a run saves its screenshots: inside Playwright's output folder, which git ignores and each run clears first
 * (Playwright only ever removes each test's own subfolder after that), so it holds exactly the latest run's shots.
 */
export const SCREENSHOTS_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** The committed copies, which `npm run screenshots` refreshes from a run's SCREENSHOTS_DIR. */
export const COMMITTED_SCREENSHOTS_DIR = path.join(ROOT, 'e2e', 'screenshots');

/** The path a test saves the screenshot `name` (e.g. `shell-empty.png`) to. */
export function shotPath(name: string): string {
  return path.join(SCREENSHOTS_DIR, name);
}
