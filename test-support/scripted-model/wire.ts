import type { ScriptedHttpError, ScriptedResponse, ScriptedToolCall } from './scenario';

// OpenAI's Chat Completions wire format, built from a scripted response.

interface CompletionMeta {
  id: string;
  model: string;
  created: number;
}

interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export function wireToolCalls(calls: readonly ScriptedToolCall[], idPrefix: string): WireToolCall[] {
  return calls.map((call, i) => ({
    id: call.id ?? `${idPrefix}_${i}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

export function finishReasonOf(response: ScriptedResponse): string {
  return response.finishReason ?? (response.toolCalls === undefined ? 'stop' : 'tool_calls');
}

function textChunks(response: ScriptedResponse): string[] {
  const { text } = response;
  if (text === undefined) return [];
  return typeof text === 'string' ? [text] : text;
}

function wireUsage(response: ScriptedResponse) {
  const prompt = response.usage?.promptTokens ?? 10;
  const completion = response.usage?.completionTokens ?? 5;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function completionBody(response: ScriptedResponse, meta: CompletionMeta) {
  const toolCalls = response.toolCalls === undefined ? undefined : wireToolCalls(response.toolCalls, meta.id);
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: response.text === undefined ? null : textChunks(response).join(''),
          refusal: null,
          ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: finishReasonOf(response),
      },
    ],
    usage: wireUsage(response),
  };
}

/**
 * The JSON payloads of a streamed completion, in order, without the closing `[DONE]`.
 * Like OpenAI: a role chunk, content chunks, each tool call opened with its id and name then its
 * arguments in pieces, a finish chunk, then (when asked) a usage chunk with no choices.
 */
export function streamChunks(response: ScriptedResponse, meta: CompletionMeta, includeUsage: boolean): object[] {
  const chunk = (delta: object, finishReason: string | null = null) => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks: object[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const text of textChunks(response)) chunks.push(chunk({ content: text }));
  wireToolCalls(response.toolCalls ?? [], meta.id).forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const piece of splitInPieces(call.function.arguments, 2)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, finishReasonOf(response)));
  if (includeUsage) {
    chunks.push({ id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [], usage: wireUsage(response) });
  }
  return chunks;
}

/** Arguments stream in fragments on the real API; splitting them makes the client reassemble them. */
function splitInPieces(text: string, pieces: number): string[] {
  if (text.length < pieces) return text === '' ? [] : [text];
  const size = Math.ceil(text.length / pieces);
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}

export function errorBody(error: Omit<ScriptedHttpError, 'headers'>) {
  return {
    error: {
      message: error.message,
      type: error.type ?? defaultErrorType(error),
      param: error.param ?? null,
      code: error.code ?? null,
    },
  };
}

function defaultErrorType({ status }: Pick<ScriptedHttpError, 'status'>): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status < 500) return 'invalid_request_error';
  return 'server_error';
}
