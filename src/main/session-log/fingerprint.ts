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

/** Image and file bytes become their content hash: the fingerprint names a photo without carrying it. */
function withoutBytes(messages: LlmRequest['messages']): { messages: unknown[]; images: number } {
  let images = 0;
  const hashed = messages.map((message) => {
    if (typeof message.content === 'string') return message;
    return {
      ...message,
      content: message.content.map((part) => {
        if (part.type === 'image' || part.type === 'file') {
          images += 1;
          const data = part.type === 'image' ? part.image : part.data;
          return { ...part, [part.type === 'image' ? 'image' : 'data']: { sha256: contentHash(data) } };
        }
        return part;
      }),
    };
  });
  return { messages: hashed, images };
}

function contentHash(data: unknown): string {
  if (typeof data === 'string') return sha256Hex(Buffer.from(data, 'base64'));
  if (data instanceof Uint8Array) return sha256Hex(data);
  if (data instanceof ArrayBuffer) return sha256Hex(new Uint8Array(data));
  return sha256Hex(canonicalJson(data));
}

function schemaJson(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
}

export type RequestFingerprint = Omit<LogEventOf<'model-request'>, 'v' | 'seq' | 'at' | 'type'>;

export function requestFingerprint(request: LlmRequest): RequestFingerprint {
  const { messages, images } = withoutBytes(request.messages);
  const tools = Object.fromEntries(
    Object.entries(request.tools).map(([name, spec]) => [name, { description: spec.description, input: schemaJson(spec.inputSchema) }]),
  );
  const parts: RequestParts = {
    instructions: sha256Hex(request.instructions),
    messages: sha256Hex(canonicalJson(messages)),
    tools: sha256Hex(canonicalJson(tools)),
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
