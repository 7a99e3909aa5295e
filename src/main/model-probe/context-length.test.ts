import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarioFile, startScriptedModel, type ScriptedModel, type ServerInfo } from '../../../test-support/scripted-model';
import { handLimits } from '../../../test-support/time-limits';
import { discoverContextLength, type Run } from './context-length';
import { OPENAI_BASE_URL, probeModel } from './probe';
import { summarize } from './summary';
import { formatTable } from './table';
import { ProbeResultSchema } from '../../shared/model-probe/schema';

const CAPABLE = path.resolve(import.meta.dirname, '../../../test-support/scripted-model/scenarios/capable-model.json');
let server: ScriptedModel | undefined;

afterEach(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  server = undefined;
});

async function serve(serverInfo?: ServerInfo): Promise<ScriptedModel> {
  const scenario = await loadScenarioFile(CAPABLE);
  server = await startScriptedModel({ scenario: serverInfo ? { ...scenario, serverInfo } : scenario });
  return server;
}

async function probe(serverInfo?: ServerInfo, timeoutMs?: number) {
  const model = await serve(serverInfo);
  const result = await probeModel({ baseUrl: model.baseURL, model: 'scripted' }, timeoutMs ? { timeoutMs } : {});
  // What is stored and sent to the window is what the schema takes.
  expect(ProbeResultSchema.parse(result)).toEqual(result);
  const table = formatTable(result);
  return { model, result, table, line: table.split('\n').at(-1), summary: summarize(result).message };
}

describe('the probe finds the context length where each server says it', () => {
  it.each<[string, ServerInfo, number, string]>([
    ['vLLM', { kind: 'vllm', contextLength: 32_768 }, 32_768, 'vLLM /v1/models max_model_len'],
    ['llama.cpp', { kind: 'llama-cpp', contextLength: 8192 }, 8192, 'llama.cpp /props'],
    ['llama.cpp (n_ctx at the top of /props)', { kind: 'llama-cpp', contextLength: 16_384, props: 'top-level' }, 16_384, 'llama.cpp /props'],
    ['LM Studio, model loaded', { kind: 'lm-studio', contextLength: 131_072, loadedContextLength: 8192 }, 8192, 'LM Studio /api/v0/models loaded_context_length'],
    ['Ollama with num_ctx set', { kind: 'ollama', contextLength: 131_072, numCtx: 8192 }, 8192, 'Ollama /api/show num_ctx'],
  ])('%s', async (_name, serverInfo, tokens, source) => {
    const { result, line, summary } = await probe(serverInfo);
    expect(result.context).toEqual({ tokens, source });
    expect(line).toBe(`Context length: ${tokens.toLocaleString('en-US')} tokens (from ${source}).`);
    expect(summary).toBe(`scripted answered: 4 of 4 checks work. Context length: ${tokens.toLocaleString('en-US')} tokens (from ${source}).`);
  });

  it('llama.cpp: /props wins over the training length in the model list', async () => {
    const { result, model } = await probe({ kind: 'llama-cpp', contextLength: 4096, trainedLength: 131_072 });
    expect(result.context).toEqual({ tokens: 4096, source: 'llama.cpp /props' });
    expect(model.otherRequests.filter((request) => request === 'GET /v1/models')).toHaveLength(1);
  });

  it('llama.cpp without /props: the training length, said to be only that', async () => {
    const { result, line } = await probe({ kind: 'llama-cpp', contextLength: 4096, trainedLength: 131_072, noProps: true });
    expect(result.context).toMatchObject({ tokens: 131_072, source: 'llama.cpp /v1/models meta.n_ctx_train' });
    expect(line).toBe(
      'Context length: 131,072 tokens (from llama.cpp /v1/models meta.n_ctx_train). This is the length the model was trained for; the server did not say its own window (llama-server --ctx-size), which may be smaller.',
    );
  });

  it('LM Studio with the model not loaded: its maximum, with a caveat', async () => {
    const { result, line } = await probe({ kind: 'lm-studio', contextLength: 32_768 });
    expect(result.context).toMatchObject({ tokens: 32_768, source: 'LM Studio /api/v0/models max_context_length' });
    expect(line).toContain('LM Studio has not loaded this model; it allows 32,768 tokens');
  });

  it('Ollama without num_ctx: its default window, not the model’s maximum, and says so', async () => {
    const { result, line, model } = await probe({ kind: 'ollama', contextLength: 131_072 });
    expect(result.context).toEqual({
      tokens: 4096,
      source: 'Ollama /api/show, default num_ctx',
      message: 'Ollama runs this model with 4,096 tokens unless num_ctx is set; the model itself allows 131,072.',
    });
    expect(line).toBe(
      'Context length: 4,096 tokens (from Ollama /api/show, default num_ctx). Ollama runs this model with 4,096 tokens unless num_ctx is set; the model itself allows 131,072.',
    );
    expect(model.otherRequests).toContain('POST /api/show');
  });

  it('Ollama, a model smaller than the default window: the model’s own maximum', async () => {
    const { result } = await probe({ kind: 'ollama', contextLength: 2048 });
    expect(result.context).toEqual({ tokens: 2048, source: 'Ollama /api/show model_info' });
  });

  it('a server that says nothing: no context length, and the table says so (Test connection adds nothing)', async () => {
    const { result, line, summary, model } = await probe();
    expect(result.context).toBeUndefined();
    expect('context' in result).toBe(false);
    expect(line).toBe("Context length: not said by the server; set it in Settings if the model's window is small.");
    expect(summary).toBe('scripted answered: 4 of 4 checks work.');
    // It asked each server's place once, and the model list only once.
    expect(model.otherRequests).toEqual(['GET /v1/models', 'GET /props', 'GET /api/v0/models/scripted', 'POST /api/show']);
  });

  it.each<[string, ServerInfo]>([
    ['llama.cpp n_ctx "big"', { kind: 'llama-cpp', contextLength: 8192, override: { default_generation_settings: { n_ctx: 'big' } } }],
    ['llama.cpp n_ctx 0 at the top', { kind: 'llama-cpp', contextLength: 8192, props: 'top-level', override: { n_ctx: 0 } }],
    ['vLLM max_model_len 8192.5', { kind: 'vllm', contextLength: 8192, override: { max_model_len: 8192.5 } }],
    ['LM Studio lengths as text', { kind: 'lm-studio', contextLength: 8192, loadedContextLength: 4096, override: { max_context_length: '8k', loaded_context_length: null } }],
    ['Ollama num_ctx "big", model_info not an object', { kind: 'ollama', contextLength: 8192, override: { parameters: 'num_ctx big', model_info: 'llama' } }],
    ['Ollama context_length negative', { kind: 'ollama', contextLength: 8192, override: { model_info: { 'llama.context_length': -1 } } }],
  ])('a malformed answer (%s) is not said, and the probe goes on', async (_name, serverInfo) => {
    const { result, line } = await probe(serverInfo);
    expect(result.context).toBeUndefined();
    expect(line).toMatch(/^Context length: not said by the server/);
    expect(result.capabilities.every((c) => c.status === 'works')).toBe(true);
  });

  it.each<ServerInfo>([
    { kind: 'llama-cpp', contextLength: 8192, stall: true },
    { kind: 'ollama', contextLength: 8192, stall: true },
  ])('an info endpoint that never answers ($kind) costs one time limit, no more', async (serverInfo) => {
    const model = await serve(serverInfo);
    const limits = handLimits();
    const probing = probeModel({ baseUrl: model.baseURL, model: 'scripted' }, { timeoutMs: 400, timers: limits.timers });
    // Every place is asked while the stalled one still waits on its limit: alongside it, not after it.
    await expect.poll(() => [...model.otherRequests].sort()).toEqual(['GET /api/v0/models/scripted', 'GET /props', 'GET /v1/models', 'POST /api/show']);
    // The others have answered; only the stalled one's limit is left to run out.
    await expect.poll(() => limits.pending).toEqual([400]);
    limits.expire();
    // Nothing else waits on a limit: the probe is done without another one running out (it would hang here).
    const result = await probing;
    expect(limits.expired).toBe(1);
    expect(result.context).toBeUndefined();
    expect(result.capabilities.every((c) => c.status === 'works')).toBe(true);
    expect(model.otherRequests).toHaveLength(4);
  });
});

describe('discoverContextLength on its own', () => {
  // Nothing here stalls, so no limit: a real one would only race a loaded machine.
  const run: Run = (work) => work(new AbortController().signal);

  it('asks OpenAI nothing beyond its model list, and finds nothing there', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(Response.json({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'system' }] }));
    });
    const openAiList = { answer: { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'system' }] } };
    expect(await discoverContextLength({ baseUrl: OPENAI_BASE_URL, model: 'gpt-4o-mini', run, modelList: openAiList })).toBeUndefined();
    expect(fetched).toEqual([]);
    // Without the list given, it reads the list itself, and still nothing else.
    expect(await discoverContextLength({ baseUrl: OPENAI_BASE_URL, model: 'gpt-4o-mini', apiKey: 'sk-test', run })).toBeUndefined();
    expect(fetched).toEqual([`${OPENAI_BASE_URL}/models`]);
  });

  it('never throws: a failing run, or nothing at the address, is not said', async () => {
    const failing: Run = () => Promise.reject(new Error('boom'));
    await expect(discoverContextLength({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', run: failing })).resolves.toBeUndefined();
    await expect(discoverContextLength({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', run })).resolves.toBeUndefined();
  });

  it('reads the root without /v1, for the model asked', async () => {
    const model = await serve({ kind: 'lm-studio', contextLength: 4096, loadedContextLength: 4096 });
    await expect(discoverContextLength({ baseUrl: `${model.baseURL}/`, model: 'scripted', run })).resolves.toMatchObject({ tokens: 4096 });
    // Another model than the one loaded: LM Studio answers 404, so nothing is said.
    await expect(discoverContextLength({ baseUrl: model.baseURL, model: 'other', run })).resolves.toBeUndefined();
  });
});
