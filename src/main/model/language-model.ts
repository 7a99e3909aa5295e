import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { isModelConfigured, type ModelSettings } from '../config/settings';

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
