import { createAppCore, type AppCore, type AppCoreDeps } from '../core/app-core';
import { createLogger, type Logger } from '../log/logger';

/** A logger that keeps its lines, for asserting what was (and was not) logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ sink: (line) => lines.push(line), minLevel: 'debug' }), { lines });
}

/** A core with a fixed clock and counting ids, so tests see the same state every run. */
export function testCore(overrides: Partial<AppCoreDeps> = {}): AppCore {
  let clock = Date.UTC(2026, 0, 1, 9, 0, 0);
  let id = 0;
  return createAppCore({
    runtime: 'web',
    version: '0.0.0-test',
    model: {},
    logger: memoryLogger(),
    now: () => (clock += 1000),
    newId: () => `id-${++id}`,
    ...overrides,
  });
}
