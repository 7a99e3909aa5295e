/**
 * What a real local server says about the model outside Chat Completions (its context length, where each server says
 * it), played from the scenario's `serverInfo`. Shapes follow the servers' own answers, trimmed to what matters.
 */
import type { ServerInfo } from './scenario';

const LM_STUDIO_MODELS = '/api/v0/models/';

export type InfoAnswer = { readonly kind: 'json'; readonly status: number; readonly body: unknown } | { readonly kind: 'stall' };

/** The model's entry in GET /v1/models, as this kind of server writes it (and stalled, when vLLM's info stalls). */
export function modelListAnswer(info: ServerInfo | undefined, model: string): InfoAnswer {
  const entry: Record<string, unknown> = { id: model, object: 'model', created: 0, owned_by: 'scripted-model' };
  if (info?.kind === 'vllm') {
    if (info.stall) return { kind: 'stall' };
    Object.assign(entry, { owned_by: 'vllm', root: model, parent: null, max_model_len: info.contextLength }, info.override);
  } else if (info?.kind === 'llama-cpp') {
    entry.owned_by = 'llamacpp';
    if (info.trainedLength !== undefined) entry.meta = { vocab_type: 2, n_vocab: 128256, n_ctx_train: info.trainedLength, n_embd: 3072 };
  }
  return { kind: 'json', status: 200, body: { object: 'list', data: [entry] } };
}

/**
 * The answer to a server-info route this kind of server has, or undefined for a route it has not (a 404 like any
 * unknown route). `body` is the request's JSON, for POST routes.
 */
export function serverInfoAnswer(info: ServerInfo | undefined, model: string, method: string, path: string, body: unknown): InfoAnswer | undefined {
  if (info?.kind === 'llama-cpp' && method === 'GET' && path === '/props' && !info.noProps) {
    if (info.stall) return { kind: 'stall' };
    const props = info.props === 'top-level'
      ? { n_ctx: info.contextLength, total_slots: 1 }
      : { default_generation_settings: { n_ctx: info.contextLength, params: { temperature: 0.8 } }, total_slots: 1 };
    return json({ ...props, model_path: `/models/${model}.gguf`, chat_template: '', ...info.override });
  }
  if (info?.kind === 'lm-studio' && method === 'GET' && path.startsWith(LM_STUDIO_MODELS)) {
    const asked = decodeURIComponent(path.slice(LM_STUDIO_MODELS.length));
    if (asked !== model) return json({ error: `Model "${asked}" not found` }, 404);
    if (info.stall) return { kind: 'stall' };
    const loaded = info.loadedContextLength !== undefined;
    return json({
      id: model,
      object: 'model',
      type: 'llm',
      publisher: 'scripted',
      arch: 'llama',
      compatibility_type: 'gguf',
      quantization: 'Q4_K_M',
      state: loaded ? 'loaded' : 'not-loaded',
      max_context_length: info.contextLength,
      ...(loaded ? { loaded_context_length: info.loadedContextLength } : {}),
      ...info.override,
    });
  }
  if (info?.kind === 'ollama' && method === 'POST' && path === '/api/show') {
    const asked = typeof body === 'object' && body !== null ? ((body as { model?: unknown; name?: unknown }).model ?? (body as { name?: unknown }).name) : undefined;
    if (asked !== model) return json({ error: `model '${String(asked)}' not found` }, 404);
    if (info.stall) return { kind: 'stall' };
    const parameters = [...(info.numCtx !== undefined ? [`num_ctx                        ${info.numCtx}`] : []), 'stop                           "<|eot_id|>"'];
    return json({
      license: 'A licence.',
      modelfile: `FROM /models/${model}`,
      parameters: parameters.join('\n'),
      template: '{{ .Prompt }}',
      details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
      model_info: { 'general.architecture': 'llama', 'general.parameter_count': 3212749888, 'llama.context_length': info.contextLength, 'llama.embedding_length': 3072 },
      capabilities: ['completion', 'tools'],
      ...info.override,
    });
  }
  return undefined;
}

function json(body: unknown, status = 200): InfoAnswer {
  return { kind: 'json', status, body };
}
