import { test, type TestInfo } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killAndWait, spawnTracked } from '../../test-support/processes';

export interface RunningWebMode {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  stdout: () => string;
  /** What it logged (the app's log goes to standard error). */
  stderr: () => string;
  /**
   * Moves the app's clock on by `ms` (web mode started with TIDY_TEST_CLOCK=manual) and resolves with where it stands,
   * once every wait that fell due on the way (a card's time-out, a sprint's end) has run in main. What those set off
   * (the coach's next turn, the page's update) comes after: a test waits for it on the page.
   */
  advanceClock(ms: number): Promise<number>;
  stop(): Promise<void>;
}

/** The longest main may take to answer a move of its clock, on a machine ten times slower than a developer's. */
const CLOCK_ANSWER_MS = 30_000;

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The running test, when web mode is stopped from a test or its hooks (the bench stops it outside any test). */
function currentTest(): TestInfo | undefined {
  try {
    return test.info();
  } catch {
    return undefined;
  }
}

/**
 * Starts the built web mode (`out/main/web.js`) exactly as `npm run web` does, on a free port. `settings` are written
 * as the data folder's settings.json first, as if chosen in Settings before (`{ detection: false }` for a test of
 * something else whose blank photos the detector would only spend seconds finding nothing in).
 */
export async function startWebMode(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; settings?: Record<string, unknown> } = {},
): Promise<RunningWebMode> {
  // A data folder passed in outlives this run (a restart test); one made here is removed at stop.
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-')));
  if (options.settings) await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(options.settings));
  const child = spawnTracked(
    process.execPath,
    [path.join(ROOT, 'out/main/web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    // Standard input carries the test clock's lines (src/main/web/test-clock.ts); web mode reads it only under TIDY_TEST_CLOCK.
    { env: { ...process.env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  /** Main's answers to the clock's lines, complete lines only, in order. */
  const clockAnswers = () => out.split('\n').slice(0, -1).filter((line) => line.startsWith('clock '));
  let clockLines = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Web mode ending by itself mid-test is a failure of the app, whatever the page then shows ("Reconnecting…"): it is
  // said at once with what it logged, and stop() fails the test with it.
  let stopping = false;
  let died: string | undefined;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    died = `web mode (pid ${child.pid}) ended by itself (exit code ${code}, signal ${signal}) before the test stopped it. What it logged last:\n${err.slice(-4000)}`;
    console.error(died);
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code}: ${err || out}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
    dataDir,
    stdout: () => out,
    stderr: () => err,
    async advanceClock(ms) {
      if (extraEnv.TIDY_TEST_CLOCK !== 'manual') throw new Error('advanceClock needs web mode started with TIDY_TEST_CLOCK=manual');
      const index = clockLines++;
      child.stdin!.write(`advance ${ms}\n`);
      const answer = await new Promise<string>((resolve, reject) => {
        const settle = (outcome: () => void) => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          outcome();
        };
        const timer = setTimeout(() => settle(() => reject(new Error(`main did not answer "advance ${ms}" within ${CLOCK_ANSWER_MS / 1000} s: ${err}`))), CLOCK_ANSWER_MS);
        const check = () => {
          const line = clockAnswers()[index];
          if (line !== undefined) settle(() => resolve(line));
        };
        child.stdout?.on('data', check);
        void exited.then(() => settle(() => reject(new Error(`web mode exited before it answered "advance ${ms}": ${err}`))));
        check();
      });
      const at = /^clock (\d+)$/.exec(answer)?.[1];
      if (at === undefined) throw new Error(`main refused "advance ${ms}": ${answer}`);
      return Number(at);
    },
    async stop() {
      stopping = true;
      // A test that failed shows what main logged meanwhile: CI keeps nothing else of it.
      const info = currentTest();
      if (info && info.status !== info.expectedStatus && !died) console.error(`What web mode logged during "${info.title}":\n${err.slice(-4000)}`);
      await killAndWait(child, 'SIGTERM');
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      if (died) throw new Error(died);
    },
  };
}

/** Stops web mode and removes a data folder the test made for it (one that outlives restarts), for `afterEach`. */
export async function stopAndRemove(app: RunningWebMode | undefined, folder: string | undefined): Promise<void> {
  await app?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
}

/** Settings for a test whose photos are blank stand-ins and which looks at something other than what is found in them. */
export const NO_DETECTOR = { detection: false } as const;
