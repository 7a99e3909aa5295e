/**
 * `npm run probe-model -- --base-url URL --model NAME [--api-key-env VAR] [--timeout SECONDS]`: probes a model and
 * prints what works as a table. The key is read from the environment variable named, never from the command line
 * (which other users and shell history can see).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_PROBE_TIMEOUT_MS, probeModel } from './probe';
import { formatTable } from './table';

const USAGE = `Usage: probe-model --model NAME [--base-url URL] [--api-key-env VAR] [--timeout SECONDS]
  --model NAME       the model to probe, as the server names it
  --base-url URL     an OpenAI-compatible server, e.g. http://localhost:11434/v1 (default: OpenAI itself)
  --api-key-env VAR  the environment variable holding the API key (default: none; OpenAI needs one)
  --timeout SECONDS  how long each check may take (default: ${DEFAULT_PROBE_TIMEOUT_MS / 1000})`;

export class UsageError extends Error {}

/** Probes and prints; answers the exit code: 0 when some check works, 1 when none does. */
export async function runProbeCli(argv: readonly string[], env: NodeJS.ProcessEnv, print: (text: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { 'base-url': { type: 'string' }, model: { type: 'string' }, 'api-key-env': { type: 'string' }, timeout: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.model) throw new UsageError(`--model is required.\n${USAGE}`);
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url must start with http:// or https://.\n${USAGE}`);
  const keyVar = values['api-key-env'];
  const apiKey = keyVar ? env[keyVar] : undefined;
  if (keyVar && !apiKey) throw new UsageError(`The environment variable ${keyVar} is not set.\n${USAGE}`);
  const seconds = values.timeout === undefined ? DEFAULT_PROBE_TIMEOUT_MS / 1000 : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout takes a number of seconds, not "${values.timeout}".\n${USAGE}`);

  const result = await probeModel({ baseUrl, model: values.model, apiKey }, { timeoutMs: seconds * 1000 });
  print(formatTable(result));
  return result.capabilities.some((c) => c.status === 'works') ? 0 : 1;
}

// Run only as a program, so tests can import runProbeCli.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await runProbeCli(process.argv.slice(2), process.env, (text) => process.stdout.write(`${text}\n`));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
