/**
 * What a model request is, as a hash: the same instructions, history, tools, output schema and settings give
 * the same fingerprint on every machine, so replay can tell whether the current code and templates would send
 * exactly what was sent when the session was recorded.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { LlmRequest } from '../effects';
import type { LogEventOf, RequestParts } from './events';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with sorted keys and no undefined values: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (value instanceof Uint8Array) return { sha256: sha256Hex(value) };
  if (value instanceof URL) return value.href;
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return sortKeys((value as { toJSON(): unknown }).toJSON());
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * One message as the fingerprint sees it, as canonical JSON: image and file bytes become their content hash, so the
 * fingerprint names a photo without carrying it. Kept per message object: a history's messages are the same
 * objects on every model step, and never change once made.
 */
const messageJsonCache = new WeakMap<object, { json: string; images: number }>();

function messageJson(message: LlmRequest['messages'][number]): { json: string; images: number } {
  const cached = messageJsonCache.get(message);
  if (cached) return cached;
  let images = 0;
  const hashed =
    typeof message.content === 'string'
      ? message
      : {
          ...message,
          content: message.content.map((part) => {
            if (part.type !== 'image' && part.type !== 'file') return part;
            images += 1;
            const data = part.type === 'image' ? part.image : part.data;
            return { ...part, [part.type === 'image' ? 'image' : 'data']: { sha256: contentHash(data) } };
          }),
        };
  const entry = { json: canonicalJson(hashed), images };
  messageJsonCache.set(message, entry);
  return entry;
}

function contentHash(data: unknown): string {
  if (typeof data === 'string') return sha256Hex(Buffer.from(data, 'base64'));
  if (data instanceof Uint8Array) return sha256Hex(data);
  if (data instanceof ArrayBuffer) return sha256Hex(new Uint8Array(data));
  return sha256Hex(canonicalJson(data));
}

const schemaJsonCache = new WeakMap<z.ZodType, unknown>();

/** A schema's JSON Schema; the same schema object is asked for on every model step, so it is made once. */
function schemaJson(schema: z.ZodType): unknown {
  let json = schemaJsonCache.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
    schemaJsonCache.set(schema, json);
  }
  return json;
}

export type RequestFingerprint = Omit<LogEventOf<'model-request'>, 'v' | 'seq' | 'at' | 'type'>;

/** A tool as the fingerprint sees it, as canonical JSON, kept per schema and description. */
const toolJsonCache = new WeakMap<z.ZodType, Map<string, string>>();

function toolJson(spec: LlmRequest['tools'][string]): string {
  let byDescription = toolJsonCache.get(spec.inputSchema);
  if (!byDescription) toolJsonCache.set(spec.inputSchema, (byDescription = new Map()));
  let json = byDescription.get(spec.description);
  if (json === undefined) byDescription.set(spec.description, (json = canonicalJson({ description: spec.description, input: schemaJson(spec.inputSchema) })));
  return json;
}

export function requestFingerprint(request: LlmRequest): RequestFingerprint {
  const messages = request.messages.map(messageJson);
  const images = messages.reduce((sum, message) => sum + message.images, 0);
  // The same text canonicalJson gives for the whole array and the whole tool map, made from the cached pieces.
  const tools = Object.keys(request.tools)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${toolJson(request.tools[name]!)}`);
  const parts: RequestParts = {
    instructions: sha256Hex(request.instructions),
    messages: sha256Hex(`[${messages.map((message) => message.json).join(',')}]`),
    tools: sha256Hex(`{${tools.join(',')}}`),
    output: request.output !== undefined,
    settings: sha256Hex(canonicalJson(request.settings ?? {})),
  };
  return {
    fingerprint: sha256Hex(canonicalJson(parts)),
    parts,
    sizes: {
      instructionsChars: request.instructions.length,
      messages: request.messages.length,
      images,
      tools: Object.keys(request.tools).length,
    },
  };
}

/** Names the parts of two requests that differ, for a divergence a person can read. */
export function changedParts(recorded: RequestParts, replayed: RequestParts): string[] {
  return (Object.keys(recorded) as (keyof RequestParts)[]).filter((key) => recorded[key] !== replayed[key]);
}
