import { z } from 'zod';
import { LeftoversSchema } from '../carry-over/schema';
import { applyJsonPatch, JsonPatchSchema } from '../json-patch';
import { CoachKindSchema, SessionStateSchema, type SessionState } from '../session/schema';
import { SessionProgressSchema } from './progress';

/** What a session folder's `meta.json` holds: enough for the session list without opening any log. */
export const SessionMetaSchema = z.object({
  id: z.string().min(1),
  /** Epoch milliseconds. */
  startedAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  spaceFunction: z.string().optional(),
  itemsProcessed: z.number().int().nonnegative(),
  status: z.enum(['active', 'ended']),
  coach: CoachKindSchema,
  /** What it leaves for next time; absent in meta written before Next time existed (those are never offered). */
  leftovers: LeftoversSchema.optional(),
  /** The earlier session whose leftovers this one took up: they are not offered again. */
  carriedFrom: z.string().optional(),
  /** What it did, for its room's progress (docs/rooms.md); absent in meta written before rooms existed. */
  progress: SessionProgressSchema.optional(),
});
export type SessionMeta = z.infer<typeof SessionMetaSchema>;

/** One line of the session list. */
export const SessionSummarySchema = SessionMetaSchema.extend({
  /** The session the app is running now. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionListSchema = z.object({
  sessions: z.array(SessionSummarySchema),
  /** Folders that could not be read, with why: listed, never silently dropped. */
  unreadable: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type SessionList = z.infer<typeof SessionListSchema>;

/**
 * One step of a logged session's timeline: what the turn changed in the session (against the step before), and what
 * happened in it. Changes rather than states, so a long session's timeline is as small as its log.
 */
export const TimelineStepSchema = z.object({
  /** 0 is the session as it opened. */
  turn: z.number().int().nonnegative(),
  changes: JsonPatchSchema,
  person: z.array(z.string()),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  coach: z.array(z.string()),
});
export type TimelineStep = z.infer<typeof TimelineStepSchema>;

export const TimelineSchema = z.object({
  sessionId: z.string(),
  coach: CoachKindSchema,
  model: z.string().optional(),
  /** The session as it opened; step n is it with the changes of steps 1 to n applied (`timelineStates`). */
  opening: SessionStateSchema,
  steps: z.array(TimelineStepSchema).min(1),
  /** The log ends inside a turn (the app stopped while the coach was answering). */
  unfinishedTurn: z.boolean(),
});
export type Timeline = z.infer<typeof TimelineSchema>;

/**
 * The session at each step of a timeline, folded as asked for and kept: each state shares with the one before it
 * all the turn did not change, so keeping them all costs about what the timeline itself does.
 */
export function timelineStates(timeline: Timeline): (index: number) => SessionState {
  const states: SessionState[] = [timeline.opening];
  return (index) => {
    const last = Math.min(Math.max(0, index), timeline.steps.length - 1);
    for (let step = states.length; step <= last; step += 1) states.push(applyJsonPatch(states[step - 1]!, timeline.steps[step]!.changes));
    return states[last]!;
  };
}
