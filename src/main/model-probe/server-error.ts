/**
 * A failed probe request in the server's own words, trimmed and with the key taken out, plus a plain hint when the
 * quirk is a known one.
 */
import { APICallError } from 'ai';
import { z } from 'zod';

const MAX_MESSAGE = 300;

// OpenAI, vLLM, llama.cpp and Ollama send `{ error: { message } }`; some older servers `{ error: "..." }`.
const ErrorBodySchema = z.union([
  z.object({ error: z.object({ message: z.string() }) }).transform((body) => body.error.message),
  z.object({ error: z.string() }).transform((body) => body.error),
  z.object({ message: z.string() }).transform((body) => body.message),
]);

/** The server's message for an error, or what went wrong on the way there. */
export function serverMessage(error: unknown, apiKey: string | undefined): string {
  const api = findApiCallError(error);
  let text: string;
  if (api) {
    const fromBody = parseBody(api.responseBody);
    text = `${api.statusCode !== undefined ? `HTTP ${api.statusCode}: ` : ''}${fromBody ?? api.message}`;
  } else {
    text = error instanceof Error ? describeCause(error) : String(error);
  }
  return clean(text, apiKey);
}

/** Trims to one short line and never lets the key through. */
export function clean(text: string, apiKey: string | undefined): string {
  let result = text.replace(/\s+/g, ' ').trim();
  if (apiKey) result = result.split(apiKey).join('[key]');
  // Keys quoted back by a server in another form (OpenAI shows "sk-...abcd").
  result = result.replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, '[key]');
  return result.length > MAX_MESSAGE ? `${result.slice(0, MAX_MESSAGE - 1)}…` : result;
}

/** A hint for a known quirk, in words a person can act on; undefined when the message is not one we know. */
export function hintFor(capability: 'tools' | 'vision' | 'any', message: string, baseUrl: string | undefined): string | undefined {
  if (/jinja/i.test(message)) return 'Start llama-server with --jinja for tool calls.';
  if (/mmproj/i.test(message)) return 'Start llama-server with --mmproj (the model’s vision projector) for images.';
  if (/HTTP 401|HTTP 403|api key|unauthori[sz]ed/i.test(message)) return 'Check the API key.';
  if (/ECONNREFUSED|fetch failed|Cannot connect to API|could not be reached/i.test(message)) {
    return 'Nothing answers at this address: is the server running?';
  }
  if (capability === 'tools' && /does not support tools/i.test(message)) {
    return 'This model has no tool support; pick one that has, such as llama3.1 or qwen2.5.';
  }
  if (capability === 'vision' && (isOllama(baseUrl) || /image|vision|multimodal/i.test(message))) {
    return 'This model has no vision; pick a vision model such as llava or llama3.2-vision.';
  }
  return undefined;
}

/** A request the server answered with a 4xx other than a key problem: another mode may still work. */
export function isRefusal(error: unknown): boolean {
  const status = findApiCallError(error)?.statusCode;
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
}

function isOllama(baseUrl: string | undefined): boolean {
  return baseUrl !== undefined && /:11434(\/|$)/.test(baseUrl);
}

function findApiCallError(error: unknown): APICallError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (APICallError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function parseBody(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : body;
  } catch {
    return body;
  }
}

/** "fetch failed" alone says little: the cause (ECONNREFUSED ...) says why. */
function describeCause(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : error.message;
}
