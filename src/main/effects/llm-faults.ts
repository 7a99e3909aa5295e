/**
 * What went wrong with a model call, in terms the coach can act on: retry it, tell the person which switch to
 * turn off, or say plainly that the model could not be reached. Nothing here ends a session.
 */
import { APICallError } from 'ai';

export type LlmFault =
  | { readonly kind: 'rate-limited'; readonly status: number; readonly retryAfterMs?: number; readonly message: string }
  | { readonly kind: 'server'; readonly status: number; readonly message: string }
  | { readonly kind: 'network'; readonly message: string }
  | { readonly kind: 'unsupported'; readonly capability: 'tools' | 'vision'; readonly message: string }
  | { readonly kind: 'auth'; readonly status: number; readonly message: string }
  | { readonly kind: 'rejected'; readonly status: number; readonly message: string }
  | { readonly kind: 'aborted'; readonly message: string }
  | { readonly kind: 'unknown'; readonly message: string };

export class LlmFaultError extends Error {
  override readonly name = 'LlmFaultError';
  constructor(readonly fault: LlmFault) {
    super(fault.message);
  }
}

// The last alternative is llama.cpp's "tools param requires --jinja flag" (llama-server started without --jinja).
const TOOLS_REFUSED = /\b(tools?|function[ _-]?call(ing|s)?|tool[ _-]?choice)\b.*\b(not|unsupported|does not|doesn't|no)\b|\b(not|unsupported|does not|doesn't)\b.*\b(tools?|function[ _-]?call(ing|s)?)\b|\btools?\b.*--jinja/i;
const IMAGES_REFUSED = /\b(image|images|vision|multimodal|image_url)\b.*\b(not|unsupported|does not|doesn't)\b|\b(not|unsupported|does not|doesn't)\b.*\b(image|images|vision|multimodal|image_url)\b/i;

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function classifyLlmError(error: unknown): LlmFault {
  if (error instanceof LlmFaultError) return error.fault;
  const chain = causeChain(error);
  if (chain.some((link) => (link as { name?: string }).name === 'AbortError')) {
    return { kind: 'aborted', message: 'The reply was stopped.' };
  }
  const api = chain.find((link): link is APICallError => APICallError.isInstance(link));
  if (api?.statusCode !== undefined) {
    const status = api.statusCode;
    const detail = `${api.message} ${api.responseBody ?? ''}`;
    if (status === 429) {
      const wait = retryAfterMs(api.responseHeaders);
      return { kind: 'rate-limited', status, ...(wait !== undefined ? { retryAfterMs: wait } : {}), message: 'The model service is busy (rate limited).' };
    }
    if (status >= 500) return { kind: 'server', status, message: `The model service failed (HTTP ${status}).` };
    if (status === 401 || status === 403) {
      return { kind: 'auth', status, message: 'The model service refused the API key. Check the key in Settings or OPENAI_API_KEY.' };
    }
    if (IMAGES_REFUSED.test(detail)) {
      return {
        kind: 'unsupported',
        capability: 'vision',
        message: 'This model does not accept images. Turn off "Vision" for this model in Settings (TIDY_MODEL_VISION=0).',
      };
    }
    if (TOOLS_REFUSED.test(detail)) {
      return {
        kind: 'unsupported',
        capability: 'tools',
        message: 'This model does not accept tool calls. Turn off "Tools" for this model in Settings (TIDY_MODEL_TOOLS=0).',
      };
    }
    return { kind: 'rejected', status, message: `The model service refused the request (HTTP ${status}).` };
  }
  const text = chain.map((link) => (link instanceof Error ? `${link.name} ${link.message}` : String(link))).join(' ');
  if (/ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|fetch failed|socket hang up|terminated|network/i.test(text)) {
    return { kind: 'network', message: 'The model service could not be reached.' };
  }
  return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

export function isRetryable(fault: LlmFault): boolean {
  return fault.kind === 'rate-limited' || fault.kind === 'server' || fault.kind === 'network';
}
