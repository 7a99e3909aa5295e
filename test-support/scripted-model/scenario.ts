import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** A regular expression written as its source text; checked when the scenario loads, not at request time. */
const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'not a valid regular expression' },
);

export const expectationSchema = z.strictObject({
  lastUserContains: z.string().min(1).optional(),
  lastUserMatches: regexSource.optional(),
  systemContains: z.string().min(1).optional(),
  /** The content of the newest tool result message contains this text (the follow-up after a tool call). */
  lastToolResultContains: z.string().min(1).optional(),
  lastRole: z.enum(['system', 'developer', 'user', 'assistant', 'tool']).optional(),
  toolsInclude: z.array(z.string().min(1)).optional(),
  toolsExclude: z.array(z.string().min(1)).optional(),
  hasTools: z.boolean().optional(),
  hasImages: z.boolean().optional(),
  minMessages: z.int().min(0).optional(),
  maxMessages: z.int().min(0).optional(),
  /** `none` when the request asks for plain text. */
  responseFormat: z.enum(['json_schema', 'json_object', 'none']).optional(),
  stream: z.boolean().optional(),
});

export const toolCallSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** An object is sent as JSON; a string is sent as it is, so a script can send malformed arguments. */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});

export const httpErrorSchema = z.strictObject({
  status: z.int().min(400).max(599),
  message: z.string().min(1),
  type: z.string().optional(),
  code: z.string().optional(),
  param: z.string().optional(),
  /** Extra response headers, e.g. `{"retry-after": "1"}` or `{"retry-after-ms": "10"}` on a 429. */
  headers: z.record(z.string(), z.string()).optional(),
});

export const finishReasonSchema = z.enum(['stop', 'tool_calls', 'length', 'content_filter']);

export const responseSchema = z
  .strictObject({
    /** Assistant text; an array is the stream's content chunks (joined when the request does not stream). */
    text: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    toolCalls: z.array(toolCallSchema).min(1).optional(),
    /** Default: `tool_calls` when there are tool calls, else `stop`. */
    finishReason: finishReasonSchema.optional(),
    usage: z.strictObject({ promptTokens: z.int().min(0), completionTokens: z.int().min(0) }).optional(),
    error: httpErrorSchema.optional(),
    /** Wait before answering (a slow model, or a timeout to provoke). */
    delayMs: z.int().min(0).max(60_000).optional(),
    /** Wait between streamed chunks, so a GUI can be seen receiving text piece by piece. */
    chunkDelayMs: z.int().min(0).max(10_000).optional(),
    /** Destroy the socket after this many streamed chunks, with no finish or [DONE]; a non-streaming request gets no response at all. */
    dropAfterChunks: z.int().min(0).optional(),
  })
  .refine((r) => r.error === undefined || (r.text === undefined && r.toolCalls === undefined), {
    error: 'an error response carries no text or toolCalls',
    path: ['error'],
  })
  .refine((r) => r.error !== undefined || r.text !== undefined || r.toolCalls !== undefined || r.dropAfterChunks !== undefined, {
    error: 'a response needs text, toolCalls, error or dropAfterChunks',
  });

export const stepSchema = z.strictObject({
  /** Named in mismatch reports; the step's index is used when absent. */
  name: z.string().min(1).optional(),
  expect: expectationSchema.optional(),
  respond: responseSchema,
  /** How many consecutive requests this step answers; `always` answers every request from here on. */
  times: z.union([z.int().min(1), z.literal('always')]).default(1),
});

/**
 * Ways real local servers fall short, answered before any step (the request is recorded but uses no step), so one
 * scenario can play a capable model and, with a quirk, a lesser one. Messages are the servers' own.
 */
export const quirksSchema = z.strictObject({
  /** Any request offering tools gets llama.cpp's 400 for a server started without --jinja. */
  refuseTools: z.boolean().optional(),
  /** Any request carrying an image gets llama.cpp's 400 for a model without a vision projector. */
  refuseImages: z.boolean().optional(),
  /** A `json_schema` response_format gets a 400 (json_object and plain text still work). */
  rejectJsonSchema: z.boolean().optional(),
  /** Chat Completions requests are never answered (the connection stays open until the client gives up). */
  stall: z.boolean().optional(),
});

export const QUIRK_MESSAGES = {
  refuseTools: 'tools param requires --jinja flag',
  refuseImages: 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj',
  rejectJsonSchema: "response_format type 'json_schema' is not supported by this server",
} as const;

const tokens = z.int().positive();
/** Both for every kind of server: what makes its info endpoint misbehave. */
const serverInfoFaults = {
  /** The info endpoint never answers (the connection stays open until the client gives up). */
  stall: z.boolean().optional(),
  /**
   * Fields laid over the info answer as built (over the model's entry in GET /v1/models for vLLM), so a test can send
   * a malformed one, e.g. `{ "n_ctx": "big" }`.
   */
  override: z.record(z.string(), z.unknown()).optional(),
};

/**
 * Makes the server also answer like a real one about the model's context length, each where that server says it.
 * Without it (and for other kinds' routes) those routes get the 404 every unknown route gets.
 */
export const serverInfoSchema = z.discriminatedUnion('kind', [
  /** vLLM: `max_model_len` on the model's entry in GET /v1/models. */
  z.strictObject({ kind: z.literal('vllm'), contextLength: tokens, ...serverInfoFaults }),
  /** llama.cpp server: GET /props with `default_generation_settings.n_ctx` (or `n_ctx` at the top, like some builds). */
  z.strictObject({
    kind: z.literal('llama-cpp'),
    contextLength: tokens,
    /** Where /props puts it; default `nested`. */
    props: z.enum(['nested', 'top-level']).optional(),
    /** `meta.n_ctx_train` on the model's entry in GET /v1/models: the length the model was trained for. */
    trainedLength: tokens.optional(),
    /** GET /props answers 404, as if the build had none (GET /v1/models still carries `trainedLength`). */
    noProps: z.boolean().optional(),
    ...serverInfoFaults,
  }),
  /** LM Studio: GET /api/v0/models/{model} with `max_context_length`, and `loaded_context_length` when loaded. */
  z.strictObject({ kind: z.literal('lm-studio'), contextLength: tokens, loadedContextLength: tokens.optional(), ...serverInfoFaults }),
  /** Ollama: POST /api/show with the model's own maximum in `model_info`, and `num_ctx` in `parameters` when set. */
  z.strictObject({ kind: z.literal('ollama'), contextLength: tokens, numCtx: tokens.optional(), ...serverInfoFaults }),
]);

export const scenarioSchema = z
  .strictObject({
    /** The model name listed by GET /v1/models and echoed in responses. */
    model: z.string().min(1).default('scripted'),
    /** When set, a request without `Authorization: Bearer <this>` gets 401 and consumes no step. */
    requireApiKey: z.string().min(1).optional(),
    /**
     * `sequence` (the default): each request uses the current step, in order. `first-match`: each request uses the
     * first step whose `expect` it meets, and steps never run out: a model whose answers depend only on what it is
     * asked, so a client that repeats a request (a crash and a resume) gets the same answer again.
     */
    order: z.enum(['sequence', 'first-match']).default('sequence'),
    steps: z.array(stepSchema),
    quirks: quirksSchema.optional(),
    serverInfo: serverInfoSchema.optional(),
    /** The answer to a request that matches no step (an unmet `expect`, or steps used up). Default: a 500 naming the problem. */
    fallback: responseSchema.optional(),
  })
  .refine((s) => s.order === 'first-match' || s.steps.slice(0, -1).every((step) => step.times !== 'always'), {
    error: 'only the last step may repeat "always": the steps after it could never answer',
    path: ['steps'],
  });

export type Expectation = z.infer<typeof expectationSchema>;
export type Quirks = z.infer<typeof quirksSchema>;
export type ServerInfo = z.infer<typeof serverInfoSchema>;
export type ScriptedToolCall = z.infer<typeof toolCallSchema>;
export type ScriptedHttpError = z.infer<typeof httpErrorSchema>;
export type ScriptedFinishReason = z.infer<typeof finishReasonSchema>;
export type ScriptedResponse = z.infer<typeof responseSchema>;
export type ScenarioStep = z.infer<typeof stepSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
/** What a scenario author writes: defaults (`model`, `times`) may be left out. */
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** A scenario that fails validation: the message names where it came from and each bad field. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
}

export function parseScenario(value: unknown, source = 'scenario'): Scenario {
  const result = scenarioSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${fieldPath(issue.path)}: ${issue.message}`);
  throw new ScenarioError(`${source} is not a valid scripted-model scenario:\n${problems.join('\n')}`);
}

export async function loadScenarioFile(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ScenarioError(`${file} could not be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseScenario(value, file);
}

function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(scenario)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}
