/**
 * A scripted OpenAI-compatible Chat Completions server: tests point the real `@ai-sdk/openai` provider
 * (or OPENAI_BASE_URL) at it and it answers by following a scenario, including every fault the coach must survive.
 */
export { startScriptedModel, type RecordedRequest, type ScriptedModel, type ScriptedModelOptions } from './server';
export {
  loadScenarioFile,
  parseScenario,
  ScenarioError,
  scenarioSchema,
  type Expectation,
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
