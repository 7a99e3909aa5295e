import { mkdirSync } from 'node:fs';
import {
  clockStartFromEnv,
  coachPreferenceFromEnv,
  durationFromEnv,
  modelSettingsFromEnv,
  phoneAddressFromEnv,
  questionTimeoutFromEnv,
  testClockFromEnv,
  type Env,
} from '../config/settings';
import { cryptoRandom, manualTime, systemClock, type ManualTime } from '../effects';
import { createLogger, type Logger } from '../log/logger';
import { llmFrom } from '../model/language-model';
import { createTemplateRenderer, defaultTemplatesDir } from '../templates';
import { createAppCore, QUESTION_TIMEOUT_MS, type AppCore, type AppCoreDeps } from './app-core';

/**
 * The core as the window and web mode run it: the model, the clock, randomness and the log are the live ones,
 * configured from the environment. The logger redacts the API key from every line. Under TIDY_TEST_CLOCK (web mode
 * only) the clock and the app's timers are a test's `testClock`, which web mode moves from its standard input.
 */
export function createLiveCore(options: {
  runtime: AppCoreDeps['runtime'];
  version: string;
  env: Env;
  dataDir: string;
  pickPhotoPaths?: AppCoreDeps['pickPhotoPaths'];
  pickDataDir?: AppCoreDeps['pickDataDir'];
  pickArchivePath?: AppCoreDeps['pickArchivePath'];
  settings?: AppCoreDeps['settings'];
  secrets?: AppCoreDeps['secrets'];
  notify?: AppCoreDeps['notify'];
}): { core: AppCore; logger: Logger; testClock?: ManualTime } {
  const model = modelSettingsFromEnv(options.env);
  const clockStart = clockStartFromEnv(options.env);
  const testClock = testClockFromEnv(options.env) === 'manual' ? manualTime(clockStart ?? Date.now()) : undefined;
  if (testClock && options.runtime !== 'web') throw new Error('TIDY_TEST_CLOCK works in web mode only: a line on its standard input is what moves the clock.');
  // Every key ever in use this run stays redacted, the environment's and one typed in Settings alike.
  const keys = new Set<string>(model.apiKey ? [model.apiKey] : []);
  const logger = createLogger({ secrets: () => [...keys] });
  mkdirSync(options.dataDir, { recursive: true });
  const core = createAppCore({
    runtime: options.runtime,
    version: options.version,
    model,
    llm: undefined,
    modelFor: llmFrom,
    onApiKey: (apiKey) => {
      if (apiKey) keys.add(apiKey);
    },
    ...(options.secrets ? { secrets: options.secrets } : {}),
    templates: createTemplateRenderer(defaultTemplatesDir()),
    logger,
    ...(testClock ? { time: testClock.clock, timers: testClock.timers, clockMoves: testClock.onAdvance } : { time: systemClock(clockStart) }),
    random: cryptoRandom(),
    dataDir: options.dataDir,
    questionTimeoutMs: questionTimeoutFromEnv(options.env, QUESTION_TIMEOUT_MS),
    ...optional('sprintMs', durationFromEnv(options.env, 'TIDY_SPRINT_MS')),
    ...optional('breakMs', durationFromEnv(options.env, 'TIDY_BREAK_MS')),
    coachPreference: coachPreferenceFromEnv(options.env),
    ...optionalAddress(phoneAddressFromEnv(options.env)),
    ...(options.pickPhotoPaths ? { pickPhotoPaths: options.pickPhotoPaths } : {}),
    ...(options.pickDataDir ? { pickDataDir: options.pickDataDir } : {}),
    ...(options.pickArchivePath ? { pickArchivePath: options.pickArchivePath } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
  });
  return { core, logger, ...(testClock ? { testClock } : {}) };
}

function optionalAddress(address: string | undefined): Pick<AppCoreDeps, 'phoneAddress'> {
  return address === undefined ? {} : { phoneAddress: () => address };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}
