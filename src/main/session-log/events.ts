/**
 * The session log's line format. Every line of `log.jsonl` is one event `{ v, seq, at, type, ... }`:
 * `v` is the format version, `seq` counts lines up from 0, `at` is the session clock's epoch milliseconds
 * when the line was written. Lines from older versions pass through `upgrade` before they are validated,
 * so a new version adds one step to `UPGRADES` and one fixture, and every old log stays readable.
 *
 * Version 2: events are the record and the state is a fold over them. A turn ends with what it changed (a JSON
 * Patch over the session and the coach's memory), and only now and then with the whole of both (a checkpoint);
 * a call's answer names the line of its request, so calls running at once replay in the order they ended.
 *
 * Version 3: "Stop for today" is an answer of its own (`{ kind: 'stop' }`), which every card takes, where version 2's
 * guided cards offered it among their choices; the energy checks name themselves (`purpose: 'energy'`); a
 * `wind-down` line is the person's "Stop for today" outside a card (the header). An `undo` line (new within version
 * 3: no older line changes) is the person taking the guided coach's last answer back.
 */
import { z } from 'zod';
import type { LlmFault, LlmResponse } from '../effects';
import { AnswerSchema, QuestionSchema } from '../../shared/questions/schema';
import { JsonPatchSchema } from '../../shared/json-patch';
import { PhotoStageSchema, ViewSchema } from '../../shared/before-after/schema';
import { PhotoDetectionsSchema, PhotoOverlapSchema } from '../../shared/detection/schema';
import { CarryOverSchema } from '../../shared/carry-over/schema';
import { PointSchema } from '../../shared/pointing/schema';
import { CoachKindSchema, SessionStateSchema } from '../../shared/session/schema';
import { SprintChangeSchema } from '../../shared/sprints/sprint';
import { StructuredModeSchema } from '../../shared/model-probe/schema';

export const LOG_VERSION = 3;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

export const ModelSummarySchema = z.object({
  name: z.string().optional(),
  /** Only the host of the base URL: never a path, a query or credentials. */
  baseUrlHost: z.string().optional(),
  vision: z.boolean(),
  tools: z.boolean(),
  /** Whether the session had a model at all (a guided session may have none). */
  configured: z.boolean().optional(),
  /** How structured output was asked for, when not json_schema (the probe found the server wanted otherwise). */
  structuredOutput: StructuredModeSchema.exclude(['json_schema']).optional(),
  /** The context window the coach's history was cut to fit, in tokens; absent when unknown (no cut beyond its turns). */
  contextTokens: z.number().int().positive().optional(),
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

/**
 * The line of the request a completion answers. Absent in version 1, where calls never overlapped: there a
 * completion answers the oldest request still open.
 */
const call = z.number().int().nonnegative().optional();

/** The coach's own memory beyond the session (the conversational coach's bounded history); none for the guided coach. */
export const CoachMemorySchema = z.object({
  /** The model messages kept verbatim: the last few person turns. */
  messages: z.array(ModelMessageSchema),
  /** Person turns dropped from the front: the prompt still counts them. */
  droppedTurns: z.number().int().nonnegative(),
  /** Tool calls that failed in a row so far (absent when none): enough of them and the guided coach takes over. */
  failedToolCalls: z.number().int().positive().optional(),
});
export type CoachMemory = z.infer<typeof CoachMemorySchema>;

/** What a turn folds into: the session the GUI shows, and the coach's memory. */
export const SessionDocumentSchema = z.object({
  session: SessionStateSchema,
  coach: CoachMemorySchema.optional(),
});
export type SessionDocument = z.infer<typeof SessionDocumentSchema>;

export const LogEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...line,
    type: z.literal('session-started'),
    sessionId: z.string().min(1),
    appVersion: z.string(),
    coach: CoachKindSchema,
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
    /** What the person pointed at on a photo: the message is a point ("this one"), its text empty. */
    point: PointSchema.optional(),
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
      z.object({ id: z.string(), fileName: z.string(), width: z.number().int().positive(), height: z.number().int().positive(), view: ViewSchema.optional() }),
    ),
    /** Before anything moved, or after the work; decided as they arrived (absent in older logs and in between). */
    stage: PhotoStageSchema.optional(),
    /**
     * The person's message these photos join: photos of one import arrive in several lines as they are stored, the
     * first with its own message, the rest into that one (absent before this was so, and on the first line).
     */
    message: z.string().min(1).optional(),
  }),
  z.object({
    ...line,
    /** The on-device detector finished one photo: what it found joins the photo (replay needs no detector). */
    type: z.literal('photos-detected'),
    photoId: z.string().min(1),
    detections: PhotoDetectionsSchema,
    /** The earlier photos it shows part of, worked out from pixels as it arrived (absent when none, and in older logs). */
    overlaps: z.array(PhotoOverlapSchema).optional(),
  }),
  z.object({
    ...line,
    /** The sprint timer ran out, or the person paused, resumed or skipped a break (changes inside a turn are in its end). */
    type: z.literal('sprint'),
    change: SprintChangeSchema,
  }),
  z.object({
    ...line,
    /** The person chose to start from where an earlier session stopped: its space, anchors and leftovers join this one. */
    type: z.literal('carried-over'),
    carry: CarryOverSchema,
  }),
  z.object({
    ...line,
    /**
     * The person chose "Stop for today" outside a card (the header; on a card it is that card's answer): the next turn
     * winds the session down (`chosenAt`, epoch ms, is when they chose it).
     */
    type: z.literal('wind-down'),
    chosenAt: z.number().int().nonnegative(),
  }),
  z.object({
    ...line,
    /** The person took the last answer back (Undo): the next turn takes back the answer with this id, if still the last. */
    type: z.literal('undo'),
    answer: z.string().min(1).max(64),
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
  z.object({ ...line, type: z.literal('model-response'), call, response: LlmResponseSchema }),
  z.object({ ...line, type: z.literal('model-error'), call, fault: LlmFaultSchema }),
  z.object({
    ...line,
    /** A retry below the journal (rate limit, server error, dropped connection): for people reading the log. */
    type: z.literal('model-retry'),
    attempt: z.number().int().positive(),
    delayMs: z.number().nonnegative(),
    fault: LlmFaultSchema,
  }),
  z.object({
    ...line,
    type: z.literal('question-asked'),
    /** What the coach asked, as it passed it to the question effect. */
    spec: z.unknown(),
    /** The question as shown (id, askedAt, expiresAt), so a resumed session can show it again. */
    question: QuestionSchema.optional(),
  }),
  z.object({ ...line, type: z.literal('question-closed'), call, questionId: z.string().optional(), resolution: ResolutionSchema }),
  z.object({ ...line, type: z.literal('mode-transition'), from: z.string().optional(), to: z.string().optional() }),
  z.object({
    ...line,
    /** The person pressed Stop (or the session closed) while a turn ran: the turn's signal aborts here. */
    type: z.literal('turn-stopped'),
  }),
  z
    .object({
      ...line,
      type: z.literal('turn-ended'),
      /** The whole session and coach memory: the session as it opened, and a checkpoint now and then. */
      checkpoint: SessionDocumentSchema.optional(),
      /** Otherwise what the turn changed, against the document the earlier lines fold to (the turn's inputs applied). */
      changes: JsonPatchSchema.optional(),
    })
    .refine((event) => (event.checkpoint === undefined) !== (event.changes === undefined), {
      message: 'a turn-ended line holds either a checkpoint or its changes',
    }),
  z.object({
    ...line,
    /**
     * The app opened the session again (after a restart or a crash) and rebuilt its coach from the document as of
     * the turn that ended at line `from`; from there on the session runs with this model and coach.
     */
    type: z.literal('session-resumed'),
    from: z.number().int().nonnegative(),
    appVersion: z.string(),
    coach: CoachKindSchema,
    model: ModelSummarySchema,
    /** How the coach got its memory back: from the log, by replaying a version-1 log, or afresh (replay failed). */
    memory: z.enum(['folded', 'replayed', 'fresh']),
  }),
  z.object({
    ...line,
    type: z.literal('error'),
    message: z.string(),
    /** The effect that failed, when replay has to fail the same way (`question`). */
    effect: z.enum(['question']).optional(),
    call,
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
  'carried-over',
  'wind-down',
  'undo',
  'sprint',
  'turn-started',
  'turn-stopped',
  'question-asked',
  'question-closed',
  'turn-ended',
  'session-resumed',
]);

/** One step per older version: `UPGRADES[n]` turns a version-n line into a version-(n+1) line. */
const UPGRADES: Readonly<Record<number, (line: Record<string, unknown>) => Record<string, unknown>>> = {
  // Version 1 ended every turn with the whole state: each of those is a checkpoint with no coach memory.
  1: (line) => {
    if (line.type !== 'turn-ended') return line;
    const { state, ...rest } = line;
    return { ...rest, checkpoint: { session: state } };
  },
  // Version 2's cards as version 3 asks them, and its "Stop for today" choice as the stop answer it now is: a session
  // recorded then replays as it ran.
  2: (line) => {
    if (line.type === 'question-asked') return { ...line, spec: cardInVersion3(line.spec), ...(line.question === undefined ? {} : { question: cardInVersion3(line.question) }) };
    if (line.type === 'question-closed') return { ...line, resolution: resolutionInVersion3(line.resolution) };
    return line;
  },
};

/** Version 2's words for what version 3 says with a stop answer or a purpose. */
const V2_STOP_CHOICE = 'Stop for today';
const V2_WIND_DOWN_CHOICE = 'Wind down for today';
/** Every question the guided coach's energy check (templates/guided/energy-check.njk) asked in version 2. */
const V2_ENERGY_CHECKS: ReadonlySet<unknown> = new Set([
  'That’s a lot at once. Stop here for today? Stopping is fine.',
  'That’s the unsure pile worked through. Stop here for today?',
  'That’s the undecided things worked through. Stop here for today?',
]);

/**
 * A version-2 card as version 3 asks it: the guided coach's "what is it?" and clarifying cards without their "Stop for
 * today" choice (the card's frame offers it now), the energy checks with their purpose: the sprint's check-in, whose
 * choices include "Wind down for today", and the guided coach's yes/no "Stop here for today?" (in its template's words: a
 * model's own yes/no card is never taken for it).
 */
function cardInVersion3(card: unknown): unknown {
  if (!isRecord(card)) return card;
  if (card.kind === 'confirm' && card.purpose === undefined && V2_ENERGY_CHECKS.has(card.prompt)) return { ...card, purpose: 'energy' };
  if (card.kind !== 'choice' || card.purpose !== 'general' || !Array.isArray(card.choices)) return card;
  const labels = card.choices.map((choice: unknown) => (isRecord(choice) ? choice.label : undefined));
  if (labels.includes(V2_WIND_DOWN_CHOICE)) return { ...card, purpose: 'energy' };
  if (!labels.includes(V2_STOP_CHOICE)) return card;
  return { ...card, choices: card.choices.filter((_choice: unknown, index: number) => labels[index] !== V2_STOP_CHOICE) };
}

/** A version-2 pick of "Stop for today" among a card's choices is the stop answer of version 3. */
function resolutionInVersion3(resolution: unknown): unknown {
  if (!isRecord(resolution) || !isRecord(resolution.answer)) return resolution;
  const { kind, selected } = resolution.answer;
  const stop = kind === 'choice' && Array.isArray(selected) && selected.length === 1 && selected[0] === V2_STOP_CHOICE;
  return stop ? { ...resolution, answer: { kind: 'stop' } } : resolution;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
