/** `tsx test-support/scripted-model/cli.ts --scenario FILE [--port N]`: serves a scenario until interrupted. */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadScenarioFile, ScenarioError } from './scenario';
import { startScriptedModel } from './server';

const USAGE = `Usage: scripted-model --scenario FILE [--port N]
  --scenario FILE  a scenario JSON file (see test-support/scripted-model/scenarios/)
  --port N         port on 127.0.0.1 (0, the default, picks a free one)`;

/** A command-line mistake: printed as it is, with the usage. */
export class UsageError extends Error {}

/** Parses the arguments, starts the server and returns it; throws a printable message on a usage or scenario mistake. */
export async function runScriptedModelCli(argv: readonly string[], print: (line: string) => void, warn: (line: string) => void) {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { scenario: { type: 'string' }, port: { type: 'string', default: '0' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.scenario === undefined) throw new UsageError(`--scenario is required.\n${USAGE}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port takes a whole number from 0 to 65535, not "${values.port}".\n${USAGE}`);
  }
  const model = await startScriptedModel({ scenario: await loadScenarioFile(values.scenario), port, onMismatch: (mismatch) => warn(mismatch.message) });
  print(`Scripted model listening at ${model.baseURL}`);
  return model;
}

// Run only as a program, so tests can import runScriptedModelCli.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const model = await runScriptedModelCli(
      process.argv.slice(2),
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
    const stop = () => {
      void model.close().finally(() => process.exit(model.mismatches.length === 0 ? 0 : 1));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(error instanceof UsageError || error instanceof ScenarioError ? 2 : 1);
  }
}
