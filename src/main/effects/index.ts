export type {
  ChatHistory,
  Clock,
  EffectTypes,
  Effects,
  Emit,
  EmittedEvent,
  Log,
  LogEntry,
  LogLevel,
  QuestionUi,
  Random,
  RequestInput,
  StateStore,
  Timers,
} from './effects';
export { EFFECT_ORDER } from './effects';
export type { AiSdkLlmOptions, Llm, LlmRequest, LlmResponse, LlmSettings, LlmToolCall, LlmToolSpec, LlmUsage } from './llm';
export type { StructuredMode } from '../../shared/model-probe/schema';
export { aiSdkLlm } from './llm';
export type { MemoryLog } from './live';
export { cryptoRandom, memoryChatHistory, memoryLog, memoryState, systemClock, systemTimers } from './live';
export type { ManualTime } from './manual-time';
export { manualTime } from './manual-time';
export type { CollectingEmit, ManualClock, TestEffects } from './scripted';
export {
  collectingEmit,
  manualClock,
  noLlm,
  scriptedInput,
  scriptedQuestions,
  seededRandom,
  testEffects,
} from './scripted';
export type { LlmFault } from './llm-faults';
export { classifyLlmError, isRetryable, LlmFaultError } from './llm-faults';
export type { RetryNotice, RetryOptions } from './llm-retry';
export { describeRetry, retryingLlm } from './llm-retry';
