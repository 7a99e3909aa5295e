/**
 * The session log's line format. Every line of `log.jsonl` is one event `{ v, seq, at, type, ... }`:
 * `v` is the format version, `seq` counts lines up from 0, `at` is the session clock's epoch milliseconds
 * when the line was written. Lines from older versions pass through `upgrade` before they are validated,
 * so a new version adds one step to `UPGRADES` and one fixture, and every old log stays readable.
 */
import { z } from 'zod';
import type { LlmFault, LlmResponse } from '../effects';
import { AnswerSchema, QuestionSchema } from '../../shared/questions/schema';
import { SessionStateSchema } from '../../shared/session/schema';

export const LOG_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

export const ModelSummarySchema = z.object({
  name: z.string().optional(),
  /** Only the host of the base URL: never a path, a query or credentials. */
  baseUrlHost: z.string().optional(),
  vision: z.boolean(),
  tools: z.boolean(),
  /** Whether the session had a model at all (a guided session may have none). */
  configured: z.boolean().optional(),
});
export type ModelSummary = z.infer<typeof ModelSummarySchema>;

export const LlmFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rate-limited'), status: z.number(), retryAfterMs: z.number().optional(), message: z.string() }),
  z.object({ kind: z.literal('server'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('network'), message: z.string() }),
  z.object({ kind: z.literal('unsupported'), capability: z.enum(['tools', 'vision']), message: z.string() }),
  z.object({ kind: z.literal('auth'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('rejected'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('aborted'), message: z.string() }),
  z.object({ kind: z.literal('unknown'), message: z.string() }),
]) satisfies z.ZodType<LlmFault>;

/** Messages are kept as the model step returned them; only their outline is checked. */
const ModelMessageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
});

export const LlmResponseSchema = z.object({
  messages: z.array(ModelMessageSchema),
  text: z.string(),
  toolCalls: z.array(
    z.object({ toolCallId: z.string(), toolName: z.string(), input: z.unknown(), invalidReason: z.string().optional() }),
  ),
  output: z.unknown().optional(),
  outputError: z.string().optional(),
  finishReason: z.string(),
  usage: z.object({ inputTokens: z.number().optional(), outputTokens: z.number().optional() }),
});

export type LoggedLlmResponse = z.infer<typeof LlmResponseSchema>;

/** A logged response is an `LlmResponse` that went through JSON; the schema checks only its messages' outline. */
export function asLlmResponse(logged: LoggedLlmResponse): LlmResponse {
  return logged as unknown as LlmResponse;
}

export const ResolutionSchema = z.object({
  answer: AnswerSchema,
  closedBy: z.enum(['person', 'timeout', 'cancelled']),
});

/** Hashes of the parts of a model request, so a divergence can say which part changed. */
export const RequestPartsSchema = z.object({
  instructions: sha256,
  messages: sha256,
  tools: sha256,
  output: z.boolean(),
  settings: sha256,
});
export type RequestParts = z.infer<typeof RequestPartsSchema>;

const line = { v: z.literal(LOG_VERSION), seq: z.number().int().nonnegative(), at: z.number() };

export const LogEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...line,
    type: z.literal('session-started'),
    sessionId: z.string().min(1),
    appVersion: z.string(),
    coach: z.enum(['conversational', 'guided']),
    model: ModelSummarySchema,
    /** Template file (relative to the templates folder) -> sha256 of its bytes. */
    templates: z.record(z.string(), sha256),
  }),
  z.object({
    ...line,
    type: z.literal('person-message'),
    messageId: z.string().optional(),
    text: z.string(),
    photoIds: z.array(z.string()).optional(),
    /** When the message was sent (epoch ms), as the session state shows it. */
    sentAt: z.number().int().nonnegative().optional(),
  }),
  z.object({
    ...line,
    /** A coach turn begins, answering these queued messages and looking at these new photos. */
    type: z.literal('turn-started'),
    messageIds: z.array(z.string()),
    photoIds: z.array(z.string()),
  }),
  z.object({
    ...line,
    type: z.literal('photos-imported'),
    photos: z.array(
      z.object({ id: z.string(), fileName: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }),
    ),
  }),
  z.object({ ...line, type: z.literal('clock'), source: z.enum(['now', 'monotonic']), value: z.number() }),
  z.object({
    ...line,
    type: z.literal('random'),
    draw: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('float'), value: z.number() }),
      z.object({ kind: z.literal('id'), value: z.string() }),
    ]),
  }),
  z.object({
    ...line,
    type: z.literal('model-request'),
    /** sha256 of the canonical JSON of everything sent; see `requestFingerprint`. */
    fingerprint: sha256,
    parts: RequestPartsSchema,
    sizes: z.object({ instructionsChars: z.number().int(), messages: z.number().int(), images: z.number().int(), tools: z.number().int() }),
  }),
  z.object({ ...line, type: z.literal('model-response'), response: LlmResponseSchema }),
  z.object({ ...line, type: z.literal('model-error'), fault: LlmFaultSchema }),
  z.object({
    ...line,
    type: z.literal('question-asked'),
    /** What the coach asked, as it passed it to the question effect. */
    spec: z.unknown(),
    /** The question as shown (id, askedAt, expiresAt), so a resumed session can show it again. */
    question: QuestionSchema.optional(),
  }),
  z.object({ ...line, type: z.literal('question-closed'), questionId: z.string().optional(), resolution: ResolutionSchema }),
  z.object({ ...line, type: z.literal('mode-transition'), from: z.string().optional(), to: z.string().optional() }),
  z.object({ ...line, type: z.literal('turn-ended'), state: SessionStateSchema }),
  z.object({
    ...line,
    type: z.literal('error'),
    message: z.string(),
    /** The effect that failed, when replay has to fail the same way (`question`). */
    effect: z.enum(['question']).optional(),
  }),
]);

export type LogEvent = z.infer<typeof LogEventSchema>;
export type LogEventType = LogEvent['type'];
export type LogEventOf<K extends LogEventType> = Extract<LogEvent, { type: K }>;
type WithoutLine<E> = E extends unknown ? Omit<E, 'v' | 'seq' | 'at'> : never;
/** An event as a caller hands it to the writer, which adds `v`, `seq` and `at`. */
export type LogEventInput = WithoutLine<LogEvent>;

/**
 * Events that are fsynced before their append resolves: what the person said or answered, the question on
 * screen, and each turn's state. A crash then loses at most the model output of the turn in flight.
 */
export const DURABLE_EVENTS: ReadonlySet<LogEventType> = new Set([
  'session-started',
  'person-message',
  'photos-imported',
  'turn-started',
  'question-asked',
  'question-closed',
  'turn-ended',
]);

/** One step per older version: `UPGRADES[n]` turns a version-n line into a version-(n+1) line. */
const UPGRADES: Readonly<Record<number, (line: Record<string, unknown>) => Record<string, unknown>>> = {};

export class LogVersionError extends Error {
  override readonly name = 'LogVersionError';
}

/** Brings a parsed line of any known version up to `LOG_VERSION`; validation comes after. */
export function upgrade(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let current = raw as Record<string, unknown>;
  const version = current.v;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new LogVersionError(`has no valid version "v" (found ${JSON.stringify(version)})`);
  }
  if (version > LOG_VERSION) {
    throw new LogVersionError(`is log version ${version}, newer than this app reads (${LOG_VERSION}); update the app`);
  }
  for (let from = version; from < LOG_VERSION; from += 1) {
    const step = UPGRADES[from];
    if (!step) throw new LogVersionError(`is log version ${from}, which has no upgrade to version ${from + 1}`);
    current = { ...step(current), v: from + 1 };
  }
  return current;
}
