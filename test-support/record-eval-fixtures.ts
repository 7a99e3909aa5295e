/**
 * One-off: records the fixture run (`fixtures/scripted/`) by playing every scenario against the project's scripted
 * model server with `scripted-coach.json`. Run again after changing the scenarios, the coach or that script:
 * `npx tsx test-support/record-eval-fixtures.ts`. The tests score these recordings, so CI needs no model.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadScenarioFile, startScriptedModel } from './scripted-model';
import { runEvalCli } from '../src/main/eval/cli';

export const SCRIPTED_COACH = path.resolve(import.meta.dirname, '../src/main/eval/scripted-coach.json');
export const FIXTURE_RUN = path.resolve(import.meta.dirname, '../src/main/eval/fixtures/scripted');

const server = await startScriptedModel({ scenario: await loadScenarioFile(SCRIPTED_COACH) });
try {
  await rm(FIXTURE_RUN, { recursive: true, force: true });
  const code = await runEvalCli(['--base-url', server.baseURL, '--model', 'scripted', '--out', FIXTURE_RUN], {
    print: (text) => process.stdout.write(`${text}\n`),
  });
  if (server.mismatches.length) process.stdout.write(`Requests no step answered: ${server.mismatches.length}\n`);
  process.exitCode = code;
} finally {
  await server.close();
}
