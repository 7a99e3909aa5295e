/**
 * A scripted OpenAI-compatible Chat Completions server: tests point the real `@ai-sdk/openai` provider
 * (or OPENAI_BASE_URL) at it and it answers by following a scenario, including every fault the coach must survive.
 *
 *   const server = await startScriptedModel({ scenario: await loadScenarioFile('.../scenarios/tool-call-then-answer.json') });
 *   const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted');
 *   ... generateText({ model, ... }) ...
 *   expect(server.mismatches).toEqual([]);
 *   await server.close();
 *
 * A scenario is an ordered list of steps; each request uses the current step, whose `expect` (optional) must hold
 * (or, with `"order": "first-match"`, the first step whose `expect` holds, any number of times: a model whose answers
 * depend only on the request, for crash and resume tests) and whose `respond` says what to send: text (an array streams as those chunks), toolCalls (arguments as an object,
 * or a raw string for malformed JSON), finishReason, usage, an HTTP error with headers, delayMs, chunkDelayMs,
 * dropAfterChunks. `quirks` make it refuse tools, images or json_schema, or stall, like real local servers;
 * `serverInfo` makes it say the model's context length where vLLM, llama.cpp, LM Studio or Ollama say it. See `scenario.ts` for every field and `scenarios/` for examples.
 */
export { holdUntilClose, startScriptedModel, type RecordedRequest, type ScriptedModel, type ScriptedModelOptions } from './server';
export {
  loadScenarioFile,
  parseScenario,
  ScenarioError,
  scenarioSchema,
  type Expectation,
  type Quirks,
  serverInfoSchema,
  type ServerInfo,
  QUIRK_MESSAGES,
  type Scenario,
  type ScenarioInput,
  type ScenarioStep,
  type ScriptedFinishReason,
  type ScriptedHttpError,
  type ScriptedResponse,
  type ScriptedToolCall,
} from './scenario';
export type { Mismatch } from './script';
export type { ChatMessage, ChatRequest } from './request';
