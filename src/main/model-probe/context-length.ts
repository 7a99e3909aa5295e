/**
 * The model's context length, as the server itself says it: vLLM in its model list, llama.cpp in /props, LM Studio in
 * its own model API, Ollama in /api/show. Each request runs under the probe's per-request time limit, and any failure
 * (a 404, a stall, an answer of an unknown shape) only means the server did not say: this never throws.
 */
import { z } from 'zod';
import { tokens } from '../../shared/model-probe/context';
import type { ContextLength } from '../../shared/model-probe/schema';

/** Runs one request under the probe's time limit (and the caller's abort). */
export type Run = <T>(work: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/** The window Ollama runs a model with when neither the model's parameters nor the request set num_ctx. */
export const OLLAMA_DEFAULT_NUM_CTX = 4096;

export interface ContextQuery {
  /** The OpenAI-compatible base URL, e.g. `http://localhost:8080/v1`; the other endpoints are under it without `/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string | undefined;
  readonly run: Run;
  /**
   * What GET {baseUrl}/models answered, when the caller already asked (`answer` undefined: it could not be read), so
   * it is not asked twice. Without it, it is asked here.
   */
  readonly modelList?: { readonly answer: unknown };
}

const Tokens = z.int().positive();

/** vLLM's model list: each entry carries `max_model_len`; llama.cpp's may carry `meta.n_ctx_train`. */
const ModelEntriesSchema = z.object({ data: z.array(z.object({ id: z.string() }).loose()) });
const VllmEntrySchema = z.object({ max_model_len: Tokens });
const LlamaCppEntrySchema = z.object({ meta: z.object({ n_ctx_train: Tokens }) });
/** llama.cpp's GET /props: the slot's window in `default_generation_settings`, or at the top in some builds. */
const LlamaCppPropsSchema = z.union([
  z.object({ default_generation_settings: z.object({ n_ctx: Tokens }) }).transform((props) => props.default_generation_settings.n_ctx),
  z.object({ n_ctx: Tokens }).transform((props) => props.n_ctx),
]);
/** LM Studio's GET /api/v0/models/{model}: `loaded_context_length` only while the model is loaded. */
const LmStudioModelSchema = z.object({ loaded_context_length: z.unknown().optional(), max_context_length: z.unknown().optional() });
/** Ollama's POST /api/show: `parameters` is the Modelfile's PARAMETER lines; `model_info` the model's own metadata. */
const OllamaShowSchema = z.object({
  parameters: z.string().optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
});

/** The context length the server says, or undefined when it says none. */
export async function discoverContextLength(query: ContextQuery): Promise<ContextLength | undefined> {
  const baseUrl = query.baseUrl.replace(/\/+$/, '');
  const root = baseUrl.replace(/\/v1$/, '');
  const getJson = (url: string, init: { method?: string; body?: string } = {}) => askJson(url, init, query);

  const list = query.modelList ? query.modelList.answer : await getJson(`${baseUrl}/models`);
  const entry = entryFor(list, query.model);
  const vllm = VllmEntrySchema.safeParse(entry);
  if (vllm.success) return { tokens: vllm.data.max_model_len, source: 'vLLM /v1/models max_model_len' };
  // OpenAI says nothing about context length, and is asked nothing beyond its model list.
  if (isOpenAI(baseUrl)) return undefined;

  // A server answers one of these at most: asked together, the wait is one time limit even when one stalls.
  const [props, lmStudio, ollama] = await Promise.all([
    getJson(`${root}/props`),
    getJson(`${root}/api/v0/models/${query.model.split('/').map(encodeURIComponent).join('/')}`),
    getJson(`${root}/api/show`, { method: 'POST', body: JSON.stringify({ model: query.model }) }),
  ]);
  return fromLlamaCppProps(props) ?? fromLmStudio(lmStudio) ?? fromOllama(ollama) ?? fromLlamaCppTraining(entry);
}

function fromLlamaCppProps(answer: unknown): ContextLength | undefined {
  const parsed = LlamaCppPropsSchema.safeParse(answer);
  return parsed.success ? { tokens: parsed.data, source: 'llama.cpp /props' } : undefined;
}

function fromLmStudio(answer: unknown): ContextLength | undefined {
  const parsed = LmStudioModelSchema.safeParse(answer);
  if (!parsed.success) return undefined;
  const loaded = Tokens.safeParse(parsed.data.loaded_context_length);
  if (loaded.success) return { tokens: loaded.data, source: 'LM Studio /api/v0/models loaded_context_length' };
  const max = Tokens.safeParse(parsed.data.max_context_length);
  if (!max.success) return undefined;
  return {
    tokens: max.data,
    source: 'LM Studio /api/v0/models max_context_length',
    message: `LM Studio has not loaded this model; it allows ${tokens(max.data)} tokens, and is loaded with the context length set in LM Studio.`,
  };
}

function fromOllama(answer: unknown): ContextLength | undefined {
  const parsed = OllamaShowSchema.safeParse(answer);
  if (!parsed.success) return undefined;
  const numCtx = Tokens.safeParse(Number(/^\s*num_ctx\s+(\d+)\s*$/m.exec(parsed.data.parameters ?? '')?.[1]));
  if (numCtx.success) return { tokens: numCtx.data, source: 'Ollama /api/show num_ctx' };
  const max = Object.entries(parsed.data.model_info ?? {})
    .filter(([key]) => key.endsWith('.context_length'))
    .map(([, value]) => Tokens.safeParse(value))
    .find((result) => result.success)?.data;
  if (max === undefined) return undefined;
  if (max <= OLLAMA_DEFAULT_NUM_CTX) return { tokens: max, source: 'Ollama /api/show model_info' };
  return {
    tokens: OLLAMA_DEFAULT_NUM_CTX,
    source: 'Ollama /api/show, default num_ctx',
    message: `Ollama runs this model with ${tokens(OLLAMA_DEFAULT_NUM_CTX)} tokens unless num_ctx is set; the model itself allows ${tokens(max)}.`,
  };
}

/** The length llama.cpp's model was trained for: an upper bound only, when /props did not say what the server runs. */
function fromLlamaCppTraining(entry: unknown): ContextLength | undefined {
  const parsed = LlamaCppEntrySchema.safeParse(entry);
  if (!parsed.success) return undefined;
  return {
    tokens: parsed.data.meta.n_ctx_train,
    source: 'llama.cpp /v1/models meta.n_ctx_train',
    message: 'This is the length the model was trained for; the server did not say its own window (llama-server --ctx-size), which may be smaller.',
  };
}

function entryFor(list: unknown, model: string): unknown {
  const parsed = ModelEntriesSchema.safeParse(list);
  return parsed.success ? parsed.data.data.find((entry) => entry.id === model) : undefined;
}

/** The JSON a server answers, or undefined for anything else (an error status, not JSON, a stall, no server). */
async function askJson(url: string, init: { method?: string; body?: string }, query: ContextQuery): Promise<unknown> {
  try {
    return await query.run(async (signal) => {
      const response = await fetch(url, {
        ...init,
        signal,
        headers: {
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(query.apiKey ? { authorization: `Bearer ${query.apiKey}` } : {}),
        },
      });
      const text = await response.text();
      return response.ok ? (JSON.parse(text) as unknown) : undefined;
    });
  } catch {
    return undefined;
  }
}

function isOpenAI(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}
