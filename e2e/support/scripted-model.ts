import path from 'node:path';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../src/main/testing/scripted-model';

const SCENARIOS = path.resolve(import.meta.dirname, '../scenarios');

/** Starts the scripted model in this process with `e2e/scenarios/<name>.json`. */
export async function startScenario(name: string): Promise<ScriptedModel> {
  return startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS, `${name}.json`)) });
}

/** The environment that points web mode's coach at the scripted model. */
export function modelEnv(model: ScriptedModel): Record<string, string> {
  return { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', TIDY_MODEL: 'scripted' };
}
