import path from 'node:path';
import type { SessionState } from '../src/shared/session/schema';
import { createAppCore, type AppCore, type AppCoreDeps } from '../src/main/core/app-core';
import { manualClock, seededRandom } from '../src/main/effects';
import { createLogger, type Logger } from '../src/main/log/logger';
import { createTemplateRenderer } from '../src/main/templates';
import { tempFolderSync } from './temp-folder';

export const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../templates');

/** A logger that keeps its lines, for asserting what was (and was not) logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ sink: (line) => lines.push(line), minLevel: 'debug' }), { lines });
}

/** A core with a fixed clock and counting ids, so tests see the same state every run; its data folder, unless given, goes with the test. */
export function testCore(overrides: Partial<AppCoreDeps> = {}): AppCore {
  return createAppCore({
    dataDir: overrides.dataDir ?? tempFolderSync('tidy-core-'),
    runtime: 'web',
    version: '0.0.0-test',
    model: { vision: true, tools: true },
    llm: undefined,
    templates: createTemplateRenderer(TEMPLATES_DIR),
    logger: memoryLogger(),
    time: manualClock(Date.UTC(2026, 0, 1, 9, 0, 0)),
    random: seededRandom(1),
    ...overrides,
  });
}

/** Waits (through the pushes the GUI would get) until the session is in the state asked for. */
export function untilState(core: AppCore, test: (state: SessionState) => boolean): Promise<SessionState> {
  return new Promise((resolve) => {
    if (test(core.store.state)) return resolve(core.store.state);
    const stop = core.onPush((event) => {
      if (event.channel === 'session:changed' && test(core.store.state)) {
        stop();
        resolve(core.store.state);
      }
    });
  });
}
