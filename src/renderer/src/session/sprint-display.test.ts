import { describe, expect, it } from 'vitest';
import { startBreak, startSprint } from '../../../shared/sprints/sprint';
import { sprintDisplay } from './sprint-display';

const MINUTE = 60_000;
const sprint = startSprint(undefined, 0, 15 * MINUTE, 5 * MINUTE);

describe('the header’s sprint timer', () => {
  it('says whole minutes left and offers a pause; in the last minute it does not count seconds', () => {
    expect(sprintDisplay(sprint, 0)).toEqual({ label: 'Sprint 1', text: '15 min left', action: { kind: 'pause', label: 'Pause' } });
    expect(sprintDisplay(sprint, 14 * MINUTE + 1).text).toBe('under a minute left');
    expect(sprintDisplay(sprint, 14 * MINUTE + 59_000).text).toBe('under a minute left');
  });

  it('shows a pause with its time kept, time up without a button, and a break that can be skipped', () => {
    expect(sprintDisplay({ ...sprint, phase: { kind: 'paused', elapsedMs: 4 * MINUTE } }, 99 * MINUTE)).toEqual({
      label: 'Sprint 1',
      text: 'paused, 11 min left',
      action: { kind: 'resume', label: 'Resume' },
    });
    expect(sprintDisplay({ ...sprint, phase: { kind: 'due', at: 15 * MINUTE } }, 16 * MINUTE)).toEqual({ label: 'Sprint 1', text: 'finishing this one' });
    expect(sprintDisplay(startBreak(sprint, 15 * MINUTE), 16 * MINUTE)).toEqual({ label: 'Break', text: '4 min', action: { kind: 'skipBreak', label: 'Skip break' } });
  });
});
