import { describe, expect, it } from 'vitest';
import { formatSessionDate, sessionActions, spaceLabel, statusLabel } from './format';

const at = new Date(2026, 10, 21, 14, 5).getTime();

describe('the date of a listed session', () => {
  it('reads as weekday, day, month and time in the given locale', () => {
    expect(formatSessionDate(at, new Date(2026, 11, 1).getTime(), 'en-GB')).toBe('Sat 21 Nov, 14:05');
  });

  it('adds the year only when it is not this year', () => {
    const older = formatSessionDate(at, new Date(2027, 0, 2).getTime(), 'en-GB');
    expect(older).toContain('21 Nov 2026');
    expect(older).toContain('14:05');
  });
});

describe('the words on a session row', () => {
  it('names the space, or says it is not named yet', () => {
    expect(spaceLabel({ spaceFunction: 'Work (Design)' })).toBe('Work (Design)');
    expect(spaceLabel({})).toBe('Space not named yet');
  });

  it('calls an active session unfinished, never overdue', () => {
    expect(statusLabel('active')).toBe('Unfinished');
    expect(statusLabel('ended')).toBe('Finished');
  });
});

describe('what can be done with a listed session', () => {
  it('resumes only an unfinished session that is not the live one', () => {
    expect(sessionActions({ status: 'active', current: false }).resume).toBe(true);
    expect(sessionActions({ status: 'active', current: true }).resume).toBe(false);
    expect(sessionActions({ status: 'ended', current: false }).resume).toBe(false);
  });

  it('opens any session and deletes any but the live one', () => {
    expect(sessionActions({ status: 'ended', current: true })).toEqual({ resume: false, open: true, delete: false });
    expect(sessionActions({ status: 'ended', current: false })).toEqual({ resume: false, open: true, delete: true });
  });
});
