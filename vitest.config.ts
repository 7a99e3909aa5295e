import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test-support/**/*.test.ts', 'docs/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/renderer/src/**/*.ts'],
      exclude: ['src/main/electron/**', '**/*.test.ts'],
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
