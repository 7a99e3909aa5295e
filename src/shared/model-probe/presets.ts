/**
 * Local servers people run, with their default addresses. OpenAI itself needs no preset: it is what a key with no
 * server address means.
 */
export interface ServerPreset {
  readonly id: 'ollama' | 'lm-studio' | 'llama-cpp' | 'vllm';
  readonly label: string;
  readonly baseUrl: string;
}

export const SERVER_PRESETS: readonly ServerPreset[] = [
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://localhost:11434/v1' },
  { id: 'lm-studio', label: 'LM Studio', baseUrl: 'http://localhost:1234/v1' },
  { id: 'llama-cpp', label: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1' },
  { id: 'vllm', label: 'vLLM', baseUrl: 'http://localhost:8000/v1' },
];

/** The preset whose address this is (localhost and 127.0.0.1 alike), if any. */
export function presetFor(baseUrl: string | undefined): ServerPreset | undefined {
  if (!baseUrl) return undefined;
  const normalise = (url: string) => url.trim().replace(/\/+$/, '').replace('://127.0.0.1', '://localhost');
  return SERVER_PRESETS.find((preset) => normalise(preset.baseUrl) === normalise(baseUrl));
}
