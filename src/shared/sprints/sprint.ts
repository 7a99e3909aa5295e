import { z } from 'zod';

/**
 * Short sprints with a gentle check-in (issue 13). A sprint's state is session data: main owns the timer, the GUI
 * shows it, and the session log replays it. Every change carries the time it happened, so the state never depends
 * on when it is read; how much time is left is worked out from the clock by whoever shows it.
 */

export const SPRINT_MINUTES = { min: 5, max: 45, default: 15 } as const;
export const BREAK_MS = 5 * 60_000;

const epoch = z.number().int().nonnegative();
const duration = z.number().int().positive();

export const SprintPhaseSchema = z.discriminatedUnion('kind', [
  /** Counting: `elapsedMs` ran before `since` (a pause splits a sprint into stretches). */
  z.object({ kind: z.literal('running'), since: epoch, elapsedMs: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('paused'), elapsedMs: z.number().int().nonnegative() }),
  /** Time is up: the coach finishes the current item, then checks in. */
  z.object({ kind: z.literal('due'), at: epoch }),
  /** A break with a quiet timer; the next sprint starts when it ends (or when the person skips it). */
  z.object({ kind: z.literal('break'), since: epoch, lengthMs: duration }),
]);
export type SprintPhase = z.infer<typeof SprintPhaseSchema>;

export const SprintSchema = z.object({
  /** 1 for the session's first sprint. */
  number: z.number().int().positive(),
  lengthMs: duration,
  /** How long a break lasts (kept with the sprint so a replay needs no settings). */
  breakMs: duration,
  phase: SprintPhaseSchema,
});
export type Sprint = z.infer<typeof SprintSchema>;

/** What changes a sprint from outside a turn: the person (pause, resume, skip the break) and main's timer. */
export const SprintChangeSchema = z.discriminatedUnion('kind', [
  /** The first sprint (with the session's first photo or message), or the next one after a break. */
  z.object({ kind: z.literal('started'), at: epoch, lengthMs: duration, breakMs: duration }),
  z.object({ kind: z.literal('paused'), at: epoch }),
  z.object({ kind: z.literal('resumed'), at: epoch }),
  /** The timer ran out. */
  z.object({ kind: z.literal('due'), at: epoch }),
]);
export type SprintChange = z.infer<typeof SprintChangeSchema>;

/** A sprint change applied to the session's sprint; a change that does not fit the sprint's phase changes nothing. */
export function applySprintChange(sprint: Sprint | undefined, change: SprintChange): Sprint | undefined {
  if (change.kind === 'started') return startSprint(sprint, change.at, change.lengthMs, change.breakMs);
  if (!sprint) return sprint;
  const { phase } = sprint;
  switch (change.kind) {
    case 'paused':
      return phase.kind === 'running' ? { ...sprint, phase: { kind: 'paused', elapsedMs: elapsedAt(sprint, change.at) } } : sprint;
    case 'resumed':
      return phase.kind === 'paused' ? { ...sprint, phase: { kind: 'running', since: change.at, elapsedMs: phase.elapsedMs } } : sprint;
    case 'due':
      return phase.kind === 'running' ? { ...sprint, phase: { kind: 'due', at: change.at } } : sprint;
  }
}

/** The next sprint (the first when there is none yet). */
export function startSprint(previous: Sprint | undefined, at: number, lengthMs: number, breakMs: number): Sprint {
  return { number: (previous?.number ?? 0) + 1, lengthMs, breakMs, phase: { kind: 'running', since: at, elapsedMs: 0 } };
}

export function startBreak(sprint: Sprint, at: number): Sprint {
  return { ...sprint, phase: { kind: 'break', since: at, lengthMs: sprint.breakMs } };
}

/** Time spent in the sprint by `now` (never more than its length, never less than zero). */
export function elapsedAt(sprint: Sprint, now: number): number {
  const { phase } = sprint;
  switch (phase.kind) {
    case 'running':
      return Math.min(sprint.lengthMs, phase.elapsedMs + Math.max(0, now - phase.since));
    case 'paused':
      return Math.min(sprint.lengthMs, phase.elapsedMs);
    case 'due':
    case 'break':
      return sprint.lengthMs;
  }
}

/** When main's timer should next fire for this sprint: the sprint's end, or the break's; undefined when nothing counts. */
export function nextDeadline(sprint: Sprint | undefined): number | undefined {
  if (!sprint) return undefined;
  const { phase } = sprint;
  if (phase.kind === 'running') return phase.since + (sprint.lengthMs - phase.elapsedMs);
  if (phase.kind === 'break') return phase.since + phase.lengthMs;
  return undefined;
}

/** What the header shows: the time left, rounded up to whole minutes (no seconds ticking down). */
export function minutesLeft(sprint: Sprint, now: number): number {
  const { phase } = sprint;
  const left = phase.kind === 'break' ? phase.since + phase.lengthMs - now : sprint.lengthMs - elapsedAt(sprint, now);
  return Math.max(0, Math.ceil(left / 60_000));
}
