// The LLM effect's structured-output modes: what each sends the model, and how a reply becomes `output`.
import path from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StructuredMode } from '../../shared/model-probe/schema';
import { mockModel, systemPromptOf, textResult, toolCallsResult } from '../../../test-support/mock-model';
import { loadScenarioFile, QUIRK_MESSAGES, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { aiSdkLlm } from './index';
import type { LlmRequest } from './index';

const Reply = z.object({ response: z.string(), done: z.boolean() });
const SCHEMA_TEXT = JSON.stringify(z.toJSONSchema(Reply, { io: 'input' }).properties);

function ask(extra: Partial<LlmRequest> = {}): LlmRequest {
  return { instructions: 'SYS', messages: [{ role: 'user', content: 'hi' }], tools: {}, output: Reply, ...extra };
}

const goTool = { go: { description: 'Go', inputSchema: z.object({ x: z.number() }) } };

describe('aiSdkLlm structured output modes: what the model is sent', () => {
  it('json_schema (the default) sends the schema as the response format and leaves the instructions alone', async () => {
    for (const llm of [(model: MockLanguageModelV4) => aiSdkLlm(model), (model: MockLanguageModelV4) => aiSdkLlm(model, { structuredOutput: 'json_schema' })]) {
      const model = mockModel(textResult('{"response":"hi","done":false}'));
      const response = await llm(model).generate(ask());
      const sent = model.doGenerateCalls[0];
      expect(sent?.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object', required: ['response', 'done'] } });
      expect(systemPromptOf(sent)).toBe('SYS');
      expect(response.output).toEqual({ response: 'hi', done: false });
    }
  });

  it('json_schema: a reply that breaks the schema, not streamed, comes back as outputError, not as a failed call', async () => {
    // Regression: the SDK's own parse threw NoObjectGeneratedError for a step that was not streamed, so the guided
    // coach's reader and the vision call saw a model fault where a repair was due.
    const model = mockModel(textResult('Sure! The mug goes in the kitchen.'));
    const response = await aiSdkLlm(model).generate(ask());
    expect(response.output).toBeUndefined();
    expect(response.outputError).toMatch(/no JSON object/);
    expect(response.text).toBe('Sure! The mug goes in the kitchen.');
  });

  it('json_object asks for JSON without a schema, and puts the schema in the instructions', async () => {
    const model = mockModel(textResult('{"response":"hi","done":true}'));
    const response = await aiSdkLlm(model, { structuredOutput: 'json_object' }).generate(ask());
    const sent = model.doGenerateCalls[0];
    expect(sent?.responseFormat).toEqual({ type: 'json' });
    const system = systemPromptOf(sent) ?? '';
    expect(system.startsWith('SYS\n\nReply with only a JSON object that matches this JSON Schema')).toBe(true);
    expect(system).toContain(SCHEMA_TEXT);
    expect(system).not.toContain('$schema');
    expect(response).toMatchObject({ output: { response: 'hi', done: true }, finishReason: 'stop' });
    expect(response.outputError).toBeUndefined();
  });

  it('text sends no response format at all, and puts the schema in the instructions', async () => {
    const model = mockModel(textResult('{"response":"hi","done":true}'));
    await aiSdkLlm(model, { structuredOutput: 'text' }).generate(ask());
    const sent = model.doGenerateCalls[0];
    expect(sent?.responseFormat).toBeUndefined();
    expect(systemPromptOf(sent)).toContain(SCHEMA_TEXT);
  });

  it('with no instructions of its own, the schema sentence is the whole system prompt', async () => {
    const model = mockModel(textResult('{"response":"hi","done":true}'));
    await aiSdkLlm(model, { structuredOutput: 'text' }).generate(ask({ instructions: '' }));
    expect(systemPromptOf(model.doGenerateCalls[0])).toMatch(/^Reply with only a JSON object/);
  });

  it('a request without an output schema is sent as it was in every mode', async () => {
    for (const structuredOutput of ['json_object', 'text'] as const) {
      const model = mockModel(textResult('Hello there.'));
      const response = await aiSdkLlm(model, { structuredOutput }).generate({ instructions: 'SYS', messages: [{ role: 'user', content: 'hi' }], tools: {} });
      expect(systemPromptOf(model.doGenerateCalls[0])).toBe('SYS');
      expect(model.doGenerateCalls[0]?.responseFormat).toBeUndefined();
      expect(response).not.toHaveProperty('output');
      expect(response).not.toHaveProperty('outputError');
      expect(response.text).toBe('Hello there.');
    }
  });
});

describe('aiSdkLlm structured output modes: reading the reply', () => {
  it.each<StructuredMode>(['json_object', 'text'])('%s parses a reply fenced as ```json with words around it', async (structuredOutput) => {
    const reply = 'Here you go:\n```json\n{"response": "Start with the desk.", "done": false}\n```\nGood luck!';
    const response = await aiSdkLlm(mockModel(textResult(reply)), { structuredOutput }).generate(ask());
    expect(response.output).toEqual({ response: 'Start with the desk.', done: false });
    expect(response.text).toBe(reply);
    expect(response.outputError).toBeUndefined();
  });

  it('a reply with no JSON is an outputError saying so, not a failed call', async () => {
    const response = await aiSdkLlm(mockModel(textResult('Sure, start with the desk.')), { structuredOutput: 'text' }).generate(ask());
    expect(response).not.toHaveProperty('output');
    expect(response.outputError).toBe('No structured output: the reply has no JSON object in it: “Sure, start with the desk.”.');
    expect(response.text).toBe('Sure, start with the desk.');
  });

  it('a reply whose JSON does not parse is an outputError with the parser’s reason', async () => {
    const response = await aiSdkLlm(mockModel(textResult('{"response": "hi", done: }')), { structuredOutput: 'json_object' }).generate(ask());
    expect(response).not.toHaveProperty('output');
    expect(response.outputError).toMatch(/^No structured output: the JSON in the reply does not parse \(.+\): “\{"response": "hi", done: \}”\.$/);
  });

  it('a reply that breaks its schema is an outputError naming the fields, not a failed call', async () => {
    const response = await aiSdkLlm(mockModel(textResult('```json\n{"response": 3}\n```')), { structuredOutput: 'text' }).generate(ask());
    expect(response).not.toHaveProperty('output');
    expect(response.outputError).toMatch(/^No structured output: the reply's JSON does not match the schema \(response: .*expected string.*; done: .*expected boolean.*\)\.$/);
  });

  it('an empty reply is an outputError saying it is empty', async () => {
    const response = await aiSdkLlm(mockModel(textResult('')), { structuredOutput: 'text' }).generate(ask());
    expect(response.outputError).toBe('No structured output: the reply is empty.');
  });

  it.each<StructuredMode>(['json_object', 'text'])('%s: a step that ends in tool calls gives the calls and no output', async (structuredOutput) => {
    const model = mockModel(toolCallsResult({ name: 'go', input: { x: 1 }, id: 'c1' }));
    const response = await aiSdkLlm(model, { structuredOutput }).generate(ask({ tools: goTool }));
    expect(response.toolCalls).toEqual([{ toolCallId: 'c1', toolName: 'go', input: { x: 1 } }]);
    expect(response).not.toHaveProperty('output');
    expect(response).not.toHaveProperty('outputError');
    expect(response.finishReason).toBe('tool-calls');
    expect(model.doGenerateCalls[0]?.tools?.map((t) => t.name)).toEqual(['go']);
    // With tools on offer, the model is told the JSON is for when it answers in text.
    expect(systemPromptOf(model.doGenerateCalls[0])).toContain('When you answer in text rather than with a tool call, reply with only a JSON object');
  });
});

describe('aiSdkLlm structured output modes: streaming', () => {
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };

  function streamingModel(chunks: readonly string[]): MockLanguageModelV4 {
    return new MockLanguageModelV4({
      doStream: () =>
        Promise.resolve({
          stream: convertArrayToReadableStream([
            { type: 'stream-start' as const, warnings: [] },
            { type: 'text-start' as const, id: 't' },
            ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
            { type: 'text-end' as const, id: 't' },
            { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
          ]),
        }),
    });
  }

  it.each<[StructuredMode, unknown]>([
    ['json_object', { type: 'json' }],
    ['text', undefined],
  ])('%s streams the text as it grows and parses the whole reply', async (structuredOutput, responseFormat) => {
    const model = streamingModel(['```json\n{"response": ', '"Desk first.", ', '"done": true}\n```']);
    const seen: string[] = [];
    const response = await aiSdkLlm(model, { structuredOutput }).generate(ask({ onText: (text) => seen.push(text) }));
    expect(seen).toEqual(['```json\n{"response": ', '```json\n{"response": "Desk first.", ', '```json\n{"response": "Desk first.", "done": true}\n```']);
    expect(response.output).toEqual({ response: 'Desk first.', done: true });
    expect(model.doStreamCalls[0]?.responseFormat).toEqual(responseFormat);
    expect(systemPromptOf(model.doStreamCalls[0])).toContain(SCHEMA_TEXT);
  });

  it('a streamed reply that breaks its schema is an outputError, not a failed call', async () => {
    const seen: string[] = [];
    const response = await aiSdkLlm(streamingModel(['Not ', 'JSON.']), { structuredOutput: 'text' }).generate(ask({ onText: (text) => seen.push(text) }));
    expect(seen).toEqual(['Not ', 'Not JSON.']);
    expect(response.outputError).toBe('No structured output: the reply has no JSON object in it: “Not JSON.”.');
  });
});

describe('aiSdkLlm structured output modes against the scripted server that rejects json_schema', () => {
  const CAPABLE = path.resolve(import.meta.dirname, '../../../test-support/scripted-model/scenarios/capable-model.json');
  const Colour = z.object({ colour: z.string() });
  let server: ScriptedModel | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(): Promise<ScriptedModel> {
    const scenario = await loadScenarioFile(CAPABLE);
    server = await startScriptedModel({ scenario: { ...scenario, quirks: { rejectJsonSchema: true } } });
    return server;
  }

  const colourRequest = { instructions: 'You name colours.', messages: [{ role: 'user' as const, content: 'What colour is a tomato?' }], tools: {}, output: Colour };

  it('json_schema fails with the server’s 400, as it always has', async () => {
    const scripted = await serve();
    const model = createOpenAI({ baseURL: scripted.baseURL, apiKey: 'test' }).chat('scripted');
    const error: unknown = await aiSdkLlm(model).generate(colourRequest).then(
      () => expect.fail('expected the call to fail'),
      (reason: unknown) => reason,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 400 });
    expect((error as Error).message).toContain(QUIRK_MESSAGES.rejectJsonSchema);
    expect(scripted.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema']);
  });

  it.each<[StructuredMode, string | undefined]>([
    ['json_object', 'json_object'],
    ['text', undefined],
  ])('%s gets an answer from the same server and the output parses', async (structuredOutput, sentFormat) => {
    const scripted = await serve();
    const model = createOpenAI({ baseURL: scripted.baseURL, apiKey: 'test' }).chat('scripted');
    const response = await aiSdkLlm(model, { structuredOutput }).generate(colourRequest);
    expect(response.output).toEqual({ colour: 'red' });
    expect(response.outputError).toBeUndefined();
    expect(scripted.requests).toHaveLength(1);
    const body = scripted.requests[0]?.body;
    expect(body?.response_format?.type).toBe(sentFormat);
    const system = body?.messages[0];
    expect(system?.role).toBe('system');
    expect(JSON.stringify(system)).toContain('matches this JSON Schema');
    expect(JSON.stringify(system)).toContain('colour');
    expect(scripted.mismatches).toEqual([]);
  });
});
