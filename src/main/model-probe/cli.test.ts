import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnTracked } from '../../../test-support/processes';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { runProbeCli, UsageError } from './cli';

const here = import.meta.dirname;
const CAPABLE = path.resolve(here, '../../../test-support/scripted-model/scenarios/capable-model.json');
let server: ScriptedModel | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('npm run probe-model', () => {
  it.each([
    [[], /--model is required/],
    [['--model', 'm', '--base-url', 'ftp://x'], /--base-url must start with http/],
    [['--model', 'm', '--api-key-env', 'TIDY_TEST_NO_SUCH_VAR'], /TIDY_TEST_NO_SUCH_VAR is not set/],
    [['--model', 'm', '--timeout', 'soon'], /--timeout takes a number of seconds/],
  ])('refuses %j with a message', async (argv, message) => {
    const error = await runProbeCli(argv, {}, () => {}).then(() => expect.fail('should not run'), (caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });

  it('runs as a program and prints a table of the checks, with the key from the variable named and never printed', async () => {
    server = await startScriptedModel({ scenario: { ...(await loadScenarioFile(CAPABLE)), quirks: { refuseTools: true }, requireApiKey: 'sk-probe-cli-secret' } });
    // Node with tsx's loader, as `tsx cli.ts` runs it, independent of which node is on PATH.
    const child = spawnTracked(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'cli.ts'), '--base-url', server.baseURL, '--model', 'scripted', '--api-key-env', 'PROBE_KEY', '--timeout', '5'],
      { cwd: path.resolve(here, '../../..'), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PROBE_KEY: 'sk-probe-cli-secret' } },
    ) as ChildProcessWithoutNullStreams;
    const exited = once(child, 'exit');
    try {
      const out: string[] = [];
      child.stdout.on('data', (data: Buffer) => out.push(data.toString()));
      child.stderr.on('data', (data: Buffer) => out.push(data.toString()));
      const [code] = (await exited) as [number | null];
      const text = out.join('');
      expect(code).toBe(0);
      expect(text).toContain(`scripted at ${server.baseURL}`);
      expect(text).toMatch(/^Check +Result +Message$/m);
      expect(text).toMatch(/^Models +listed +The server lists 1 model, scripted among them\.$/m);
      expect(text).toMatch(/^Tool calls +fails +HTTP 400: tools param requires --jinja flag — Start llama-server with --jinja for tool calls\.$/m);
      expect(text).toMatch(/^Structured output +works \(json_schema\) /m);
      expect(text).toMatch(/^Images \(vision\) +works /m);
      expect(text).toMatch(/^Context length: not said by the server; set it in Settings if the model's window is small\.$/m);
      expect(text).not.toContain('sk-probe-cli-secret');
      expect(server.requests.every((request) => request.authorization === 'Bearer sk-probe-cli-secret')).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
