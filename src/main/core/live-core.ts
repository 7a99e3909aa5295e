import { mkdirSync } from 'node:fs';
import { clockStartFromEnv, coachPreferenceFromEnv, durationFromEnv, modelSettingsFromEnv, phoneAddressFromEnv, questionTimeoutFromEnv, type Env } from '../config/settings';
import { cryptoRandom, systemClock } from '../effects';
import { createLogger, type Logger } from '../log/logger';
import { llmFrom } from '../model/language-model';
import { createTemplateRenderer, defaultTemplatesDir } from '../templates';
import { createAppCore, QUESTION_TIMEOUT_MS, type AppCore, type AppCoreDeps } from './app-core';

/**
 * The core as the window and web mode run it: the model, the clock, randomness and the log are the live ones,
 * configured from the environment. The logger redacts the API key from every line.
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
}): { core: AppCore; logger: Logger } {
  const model = modelSettingsFromEnv(options.env);
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
    time: systemClock(clockStartFromEnv(options.env)),
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
  });
  return { core, logger };
}

function optionalAddress(address: string | undefined): Pick<AppCoreDeps, 'phoneAddress'> {
  return address === undefined ? {} : { phoneAddress: () => address };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}
