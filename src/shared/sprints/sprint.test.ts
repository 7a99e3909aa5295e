import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySprintChange, elapsedAt, minutesLeft, nextDeadline, startBreak, startSprint, type Sprint, type SprintChange } from './sprint';

const MINUTE = 60_000;
const first = startSprint(undefined, 0, 15 * MINUTE, 5 * MINUTE);

describe('a sprint', () => {
  it('counts from its start, pauses without counting, and ends at its length', () => {
    expect(first).toEqual({ number: 1, lengthMs: 15 * MINUTE, breakMs: 5 * MINUTE, phase: { kind: 'running', since: 0, elapsedMs: 0 } });
    expect(nextDeadline(first)).toBe(15 * MINUTE);
    const paused = applySprintChange(first, { kind: 'paused', at: 4 * MINUTE })!;
    expect(paused.phase).toEqual({ kind: 'paused', elapsedMs: 4 * MINUTE });
    expect(nextDeadline(paused)).toBeUndefined();
    expect(elapsedAt(paused, 99 * MINUTE)).toBe(4 * MINUTE);
    const resumed = applySprintChange(paused, { kind: 'resumed', at: 60 * MINUTE })!;
    expect(nextDeadline(resumed)).toBe(71 * MINUTE);
    expect(minutesLeft(resumed, 60 * MINUTE)).toBe(11);
  });

  it('shows whole minutes, rounded up, and never below zero', () => {
    expect(minutesLeft(first, 0)).toBe(15);
    expect(minutesLeft(first, 14 * MINUTE + 1)).toBe(1);
    expect(minutesLeft(first, 15 * MINUTE)).toBe(0);
    expect(minutesLeft(first, 99 * MINUTE)).toBe(0);
  });

  it('has a break with its own deadline, and the next sprint is numbered on', () => {
    const due = applySprintChange(first, { kind: 'due', at: 15 * MINUTE })!;
    const onBreak = startBreak(due, 16 * MINUTE);
    expect(nextDeadline(onBreak)).toBe(21 * MINUTE);
    expect(minutesLeft(onBreak, 17 * MINUTE)).toBe(4);
    expect(applySprintChange(onBreak, { kind: 'started', at: 18 * MINUTE, lengthMs: 15 * MINUTE, breakMs: 5 * MINUTE })).toMatchObject({
      number: 2,
      phase: { kind: 'running', since: 18 * MINUTE },
    });
  });

  it('ignores a change that does not fit its phase (a pause on a break, time up while paused, no sprint at all)', () => {
    const onBreak = startBreak(first, MINUTE);
    expect(applySprintChange(onBreak, { kind: 'paused', at: 2 * MINUTE })).toBe(onBreak);
    const paused = applySprintChange(first, { kind: 'paused', at: MINUTE })!;
    expect(applySprintChange(paused, { kind: 'due', at: 2 * MINUTE })).toBe(paused);
    expect(applySprintChange(first, { kind: 'resumed', at: 2 * MINUTE })).toBe(first);
    expect(applySprintChange(undefined, { kind: 'paused', at: 0 })).toBeUndefined();
  });

  it('for any run of changes in time order, the time spent stays within the sprint and pauses never count', () => {
    const change = fc.oneof(
      fc.constant<SprintChange['kind']>('paused'),
      fc.constant<SprintChange['kind']>('resumed'),
      fc.constant<SprintChange['kind']>('due'),
      fc.constant<SprintChange['kind']>('started'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(change, fc.integer({ min: 0, max: 30 * MINUTE })), { maxLength: 40 }), (steps) => {
        let sprint: Sprint | undefined;
        let now = 0;
        let counted = 0;
        for (const [kind, gap] of steps) {
          const before = sprint;
          now += gap;
          if (before?.phase.kind === 'running') counted += gap;
          const next: SprintChange = kind === 'started' ? { kind, at: now, lengthMs: 15 * MINUTE, breakMs: 5 * MINUTE } : { kind, at: now };
          sprint = applySprintChange(sprint, next);
          if (kind === 'started') counted = 0;
          if (!sprint) continue;
          const spent = elapsedAt(sprint, now);
          expect(spent).toBeGreaterThanOrEqual(0);
          expect(spent).toBeLessThanOrEqual(sprint.lengthMs);
          if (sprint.phase.kind === 'running' || sprint.phase.kind === 'paused') expect(spent).toBe(Math.min(counted, sprint.lengthMs));
        }
      }),
    );
  });
});
