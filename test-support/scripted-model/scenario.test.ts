import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, parseScenario, ScenarioError, startScriptedModel } from './index';

const scenarios = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'scripted-model-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function loadError(name: string, text: string): Promise<ScenarioError> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const error = await loadScenarioFile(file).then(
    () => expect.fail(`${name} should not load`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScenarioError);
  return error as ScenarioError;
}

describe('scenario files', () => {
  it('every example scenario loads', async () => {
    const files = (await readdir(scenarios)).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) await expect(loadScenarioFile(path.join(scenarios, file))).resolves.toBeDefined();
  });

  it('fills defaults: model "scripted", steps in sequence, each step once', () => {
    expect(parseScenario({ steps: [{ respond: { text: 'Hi' } }] })).toEqual({
      model: 'scripted',
      order: 'sequence',
      steps: [{ respond: { text: 'Hi' }, times: 1 }],
    });
  });

  it('names the file and the bad field', async () => {
    const error = await loadError(
      'bad-finish.json',
      JSON.stringify({ steps: [{ respond: { text: 'a' } }, { respond: { text: 'b', finishReason: 'done' } }] }),
    );
    expect(error.message).toContain(path.join(dir, 'bad-finish.json'));
    expect(error.message).toMatch(/steps\[1\]\.respond\.finishReason: .*"stop"/);
  });

  it('rejects misspelt fields instead of ignoring them', async () => {
    const error = await loadError('typo.json', JSON.stringify({ steps: [{ respnd: { text: 'a' } }] }));
    expect(error.message).toMatch(/steps\[0\]: .*respnd/);
  });

  it('says when the file is not JSON or cannot be read', async () => {
    expect((await loadError('broken.json', '{ "steps": [')).message).toMatch(/broken\.json is not valid JSON/);
    await expect(loadScenarioFile(path.join(dir, 'absent.json'))).rejects.toThrow(/absent\.json could not be read/);
  });

  it.each([
    ['an error with text', { respond: { text: 'a', error: { status: 500, message: 'x' } } }, /steps\[0\]\.respond\.error: an error response carries no text/],
    ['an empty response', { respond: {} }, /steps\[0\]\.respond: a response needs text, toolCalls, error or dropAfterChunks/],
    ['a bad regular expression', { expect: { lastUserMatches: '(' }, respond: { text: 'a' } }, /steps\[0\]\.expect\.lastUserMatches: not a valid regular expression/],
    ['a status that is not an error', { respond: { error: { status: 200, message: 'x' } } }, /steps\[0\]\.respond\.error\.status/],
    ['a tool call without a name', { respond: { toolCalls: [{ arguments: {} }] } }, /steps\[0\]\.respond\.toolCalls\[0\]\.name/],
  ])('rejects %s', (_name, step, message) => {
    expect(() => parseScenario({ steps: [step] }, 'inline')).toThrow(message);
  });

  it('allows "always" only on the last step', () => {
    const always = { times: 'always', respond: { text: 'a' } } as const;
    expect(() => parseScenario({ steps: [always, { respond: { text: 'b' } }] })).toThrow(/steps: only the last step may repeat "always"/);
    expect(parseScenario({ steps: [{ respond: { text: 'b' } }, always] }).steps).toHaveLength(2);
  });

  it.each([
    ['a server kind it cannot play', { kind: 'tgi', contextLength: 4096 }, /serverInfo\.kind: /],
    ['a context length of 0', { kind: 'vllm', contextLength: 0 }, /serverInfo\.contextLength: /],
    ['a field of another kind', { kind: 'vllm', contextLength: 4096, numCtx: 2048 }, /serverInfo: .*numCtx/],
    ['a fractional num_ctx', { kind: 'ollama', contextLength: 4096, numCtx: 20.5 }, /serverInfo\.numCtx: /],
  ])('rejects serverInfo with %s', (_name, serverInfo, message) => {
    expect(() => parseScenario({ steps: [], serverInfo }, 'inline')).toThrow(message);
  });

  it('takes serverInfo for each server it plays', () => {
    for (const serverInfo of [
      { kind: 'vllm', contextLength: 32768 },
      { kind: 'llama-cpp', contextLength: 8192, props: 'top-level', trainedLength: 131072, noProps: false },
      { kind: 'lm-studio', contextLength: 32768, loadedContextLength: 4096, stall: true },
      { kind: 'ollama', contextLength: 131072, numCtx: 8192, override: { parameters: 'num_ctx big' } },
    ]) {
      expect(parseScenario({ steps: [], serverInfo }).serverInfo).toEqual(serverInfo);
    }
  });

  it('startScriptedModel validates a scenario object too', async () => {
    await expect(startScriptedModel({ scenario: { steps: [{ respond: { finishReason: 'stop' } }] } })).rejects.toThrow(ScenarioError);
  });
});
