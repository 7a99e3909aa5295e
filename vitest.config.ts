import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Under test, `electron` is the stand-in (test-support/electron-stand-in): no Electron binary is needed. */
const electronStandIn = fileURLToPath(new URL('./test-support/electron-stand-in/index.ts', import.meta.url));

const ALL = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test-support/**/*.test.ts', 'docs/**/*.test.ts', 'bench/**/*.test.ts', 'packaging/**/*.test.ts'];
/** The desktop glue's tests: each launch of the stand-in resets the module graph (a fresh "Electron process"). */
const DESKTOP = ['src/main/electron/**/*.test.ts', 'test-support/electron-stand-in/**/*.test.ts'];

export default defineConfig({
  test: {
    // Test files share their worker's modules (isolate: false), except the desktop glue's: re-importing the core for
    // each of 180 files was a fifth of the run (the whole suite without coverage: 175 s isolated, 131 s shared, on
    // two cores). Every test file cleans up what it changes (timers, env, globals, locks), so sharing holds; a file
    // that needs a fresh module graph goes in the isolated project. (Each project names its own files: arrays given
    // at the top level would be joined to each project's.)
    projects: [
      { extends: true, test: { name: 'desktop', include: DESKTOP, isolate: true } },
      { extends: true, test: { name: 'core', include: ALL, exclude: DESKTOP, isolate: false } },
    ],
    environment: 'node',
    alias: [{ find: /^electron$/, replacement: electronStandIn }],
    // electron-store imports `electron` itself: Vitest must load it (not Node) for the alias to reach it.
    server: { deps: { inline: ['electron-store'] } },
    // CI checks the same sample of every property test; PROPERTY_SEED replays one anywhere.
    setupFiles: ['test-support/property-seed.ts'],
    // Sized for a machine ten times slower than a developer's: CI machines are shared and vary two-fold and more, and
    // `npm run test:slow` runs the suite on busy cores. A limit only costs time when something is already wrong.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits on pages, children and workers: its default second is a quiet machine's.
    expect: { poll: { timeout: 30_000 } },
    // Worker threads, one more than the cores: many tests wait on children, disks and timers, and a third thread
    // fills a core the others leave idle. Measured on a 2-core machine, the whole run with coverage: forks with 2
    // workers 150 s, threads with 2 141 s, threads with 3 133 s, threads with 4 143 s.
    pool: 'threads',
    maxWorkers: os.availableParallelism() + 1,
    // The human-readable report, and one in JSON that `npm test` ends with the slowest test files from.
    reporters: ['default', ['json', { outputFile: 'test-reports/vitest.json' }]],
    coverage: {
      provider: 'v8',
      include: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/renderer/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      // The bars issue 3 sets for the mode mechanism both coaches stand on.
      thresholds: {
        'src/main/agent/modes/**/*.ts': { lines: 90 },
        'src/main/agent/modes/accessor.ts': { lines: 100, functions: 100, statements: 100, branches: 100 },
        'src/main/agent/modes/transition.ts': { lines: 100, functions: 100, statements: 100, branches: 100 },
      },
    },
  },
});
