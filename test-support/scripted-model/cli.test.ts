import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from '../processes';
import { describe, expect, it } from 'vitest';
import { runScriptedModelCli, UsageError } from './cli';
import { ScenarioError } from './scenario';

const here = path.dirname(fileURLToPath(import.meta.url));
const exampleScenario = path.join(here, 'scenarios', 'tool-call-then-answer.json');

describe('scripted model CLI', () => {
  it('starts the scenario and prints its base URL on one line', async () => {
    const lines: string[] = [];
    const model = await runScriptedModelCli(['--scenario', exampleScenario], (line) => lines.push(line), () => {});
    try {
      expect(lines).toEqual([`Scripted model listening at ${model.baseURL}`]);
      expect(model.remainingSteps).toBe(2);
    } finally {
      await model.close();
    }
  });

  it.each([
    [[], UsageError, /--scenario is required/],
    [['--scenario', exampleScenario, '--port', '70000'], UsageError, /--port takes a whole number/],
    [['--scenario', exampleScenario, '--verbose'], UsageError, /Unknown option '--verbose'/],
    [['--scenario', path.join(here, 'scenarios', 'absent.json')], ScenarioError, /absent\.json could not be read/],
  ])('refuses %j with a message', async (argv, kind, message) => {
    const error = await runScriptedModelCli(argv, () => {}, () => {}).then(
      () => expect.fail('should not start'),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(kind);
    expect((error as Error).message).toMatch(message);
  });

  it('runs as a program: serves, prints mismatches as they happen, exits 1 on SIGTERM after a mismatch', async () => {
    // Node with tsx's loader, as `tsx cli.ts` runs it, independent of which node is on PATH.
    const child = spawnTracked(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), '--scenario', exampleScenario], {
      cwd: path.resolve(here, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    }) as ChildProcessWithoutNullStreams;
    const exited = once(child, 'exit');
    try {
      const stderr: string[] = [];
      child.stderr.on('data', (data: Buffer) => stderr.push(data.toString()));
      const [firstLine] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const baseURL = /^Scripted model listening at (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(firstLine)?.[1];
      expect(baseURL).toBeDefined();

      const response = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'scripted', messages: [{ role: 'user', content: 'Something else' }] }),
      });
      expect(response.status).toBe(500);
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];

      expect(code).toBe(1);
      expect(stderr.join('')).toContain('request 0 did not match step 0 ("looks up the pile")');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
