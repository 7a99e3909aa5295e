import path from 'node:path';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../test-support/scripted-model';
import type { RunningWebMode } from './web-mode';

const SCENARIOS = path.resolve(import.meta.dirname, '../scenarios');

/** Starts the scripted model in this process with `e2e/scenarios/<name>.json`. */
export async function startScenario(name: string): Promise<ScriptedModel> {
  return startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS, `${name}.json`)) });
}

/** The environment that points web mode's coach at the scripted model. */
export function modelEnv(model: ScriptedModel): Record<string, string> {
  return { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', TIDY_MODEL: 'scripted' };
}

/** Stops web mode, then the scripted model; gives back what the model did not expect (a test expects nothing). */
export async function stopWithModel(app: RunningWebMode | undefined, model: ScriptedModel | undefined): Promise<string[]> {
  await app?.stop();
  const mismatches = model?.mismatches.map((mismatch) => mismatch.message) ?? [];
  await model?.close();
  return mismatches;
}
