import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import { aiSdkLlm, type Llm } from '../effects';

/**
 * The configured model over Chat Completions, which is what OpenAI and OpenAI-compatible servers (Ollama,
 * LM Studio, llama.cpp server) all speak. Local servers need no key; a placeholder keeps the client from
 * looking for one in the environment.
 */
export function languageModelFrom(settings: ModelSettings): LanguageModel | undefined {
  if (!isModelConfigured(settings) || !settings.model) return undefined;
  const provider = createOpenAI({
    apiKey: settings.apiKey ?? 'no-key-needed',
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
  });
  return provider.chat(settings.model);
}

/** The model effect for these settings, asking for structured output the way the probe found the server takes it. */
export function llmFrom(settings: ModelSettings): Llm | undefined {
  const model = languageModelFrom(settings);
  return model ? aiSdkLlm(model, settings.structuredOutput ? { structuredOutput: settings.structuredOutput } : {}) : undefined;
}
