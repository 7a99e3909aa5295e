import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenarioFile, startScriptedModel, type Quirks, type ScriptedModel } from '../../../test-support/scripted-model';
import { expireEachStall, handLimits } from '../../../test-support/time-limits';
import { probeModel } from './probe';
import type { ProbeResult } from '../../shared/model-probe/schema';

const CAPABLE = path.resolve(import.meta.dirname, '../../../test-support/scripted-model/scenarios/capable-model.json');
let server: ScriptedModel | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(quirks?: Quirks): Promise<ScriptedModel> {
  const scenario = await loadScenarioFile(CAPABLE);
  server = await startScriptedModel({ scenario: quirks ? { ...scenario, quirks } : scenario });
  return server;
}

const statuses = (result: ProbeResult) => Object.fromEntries(result.capabilities.map((c) => [c.capability, c.status]));
const messageOf = (result: ProbeResult, capability: string) => result.capabilities.find((c) => c.capability === capability)?.message;

describe('the capability probe against the scripted model', () => {
  it('finds everything working on a capable model, with json_schema as the best structured mode', async () => {
    const model = await serve();
    const result = await probeModel({ baseUrl: model.baseURL, model: 'scripted', apiKey: 'sk-test-secret-1234' });
    expect(result.models).toMatchObject({ listed: true, names: ['scripted'], found: true });
    expect(statuses(result)).toEqual({ tools: 'works', 'structured-output': 'works', 'streaming-tools': 'works', vision: 'works' });
    expect(result.capabilities.find((c) => c.capability === 'structured-output')?.mode).toBe('json_schema');
    // It really asked: a forced tool call, a streamed one, and an image.
    expect(model.requests.some((r) => r.body.tool_choice !== undefined && r.body.stream === true)).toBe(true);
    expect(model.requests.some((r) => JSON.stringify(r.body.messages).includes('data:image/png;base64'))).toBe(true);
    expect(model.requests.every((r) => r.authorization === 'Bearer sk-test-secret-1234')).toBe(true);
    expect(model.mismatches).toEqual([]);
  });

  it('says when the model named is not among the server’s models', async () => {
    const model = await serve();
    const result = await probeModel({ baseUrl: model.baseURL, model: 'llama3.2' });
    expect(result.models.found).toBe(false);
    expect(result.models.message).toBe('The server lists 1 model, but not llama3.2: it has scripted.');
  });

  it('reports refused tools with the server’s own message and the --jinja hint', async () => {
    const model = await serve({ refuseTools: true });
    const result = await probeModel({ baseUrl: model.baseURL, model: 'scripted' });
    expect(statuses(result)).toEqual({ tools: 'fails', 'structured-output': 'works', 'streaming-tools': 'fails', vision: 'works' });
    expect(messageOf(result, 'tools')).toBe('HTTP 400: tools param requires --jinja flag — Start llama-server with --jinja for tool calls.');
    expect(messageOf(result, 'streaming-tools')).toContain('--jinja');
  });

  it('reports refused images with a hint about vision', async () => {
    const model = await serve({ refuseImages: true });
    const result = await probeModel({ baseUrl: model.baseURL, model: 'scripted' });
    expect(statuses(result)).toMatchObject({ tools: 'works', vision: 'fails' });
    expect(messageOf(result, 'vision')).toContain('HTTP 400: image input is not supported');
    expect(messageOf(result, 'vision')).toContain('--mmproj');
  });

  it('falls back to json_object when json_schema is rejected, and says why', async () => {
    const model = await serve({ rejectJsonSchema: true });
    const result = await probeModel({ baseUrl: model.baseURL, model: 'scripted' });
    const structured = result.capabilities.find((c) => c.capability === 'structured-output');
    expect(structured).toMatchObject({ status: 'works', mode: 'json_object' });
    expect(structured?.message).toContain("json_schema: HTTP 400: response_format type 'json_schema' is not supported");
    expect(model.requests.map((r) => r.body.response_format?.type).filter(Boolean)).toEqual(['json_schema', 'json_object']);
  });

  it('takes a json_object reply wrapped in a ```json fence as working (the coach reads it the same way)', async () => {
    // Regression: json_object was asked through Output.json(), whose parse threw on a fence, and the probe then
    // reported structured output as failing instead of working.
    const scenario = await loadScenarioFile(CAPABLE);
    const fenced = scenario.steps.map((step) => (step.name === 'JSON, in any mode' ? { ...step, respond: { text: '```json\n{"colour": "red"}\n```' } } : step));
    server = await startScriptedModel({ scenario: { ...scenario, steps: fenced, quirks: { rejectJsonSchema: true } } });
    const result = await probeModel({ baseUrl: server.baseURL, model: 'scripted' });
    expect(result.capabilities.find((c) => c.capability === 'structured-output')).toMatchObject({ status: 'works', mode: 'json_object' });
  });

  it('reports a stalled server as no answer in the time allowed, for every capability', async () => {
    const model = await serve({ stall: true });
    const limits = handLimits();
    const probing = probeModel({ baseUrl: model.baseURL, model: 'scripted' }, { timeoutMs: 300, timers: limits.timers });
    // Each request's limit runs out once the server holds that request, until the probe has nothing more to ask.
    const result = await expireEachStall(limits, () => model.requests.length, probing);
    expect(statuses(result)).toEqual({ tools: 'fails', 'structured-output': 'fails', 'streaming-tools': 'fails', vision: 'fails' });
    expect(result.capabilities.every((c) => c.message === 'No answer in 0.3 s.')).toBe(true);
    // One try per capability: a stalled structured probe does not go on to the fallbacks.
    expect(model.requests).toHaveLength(4);
    expect(limits.expired).toBe(4);
  });

  it('says plainly when nothing answers at the address, and never repeats the key', async () => {
    const model = await serve();
    const baseUrl = model.baseURL;
    await model.close();
    server = undefined;
    const result = await probeModel({ baseUrl, model: 'scripted', apiKey: 'sk-never-shown-9999' });
    expect(result.models.listed).toBe(false);
    expect(result.models.message).toContain('is the server running?');
    expect(statuses(result).tools).toBe('fails');
    expect(JSON.stringify(result)).not.toContain('sk-never-shown');
  });
});
