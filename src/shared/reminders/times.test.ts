import { describe, expect, it } from 'vitest';
import { dayOf, pickableDays, reminderAt, reminderOptions, reminderWords } from './times';

// Local times, as the person's clock reads them: the test holds in any time zone. 2026-11-26 is a Thursday.
const local = (month: number, day: number, hour: number, minute = 0) => new Date(2026, month - 1, day, hour, minute).getTime();
const THURSDAY_MORNING = local(11, 26, 8, 15);

describe('the plain times Remind me offers', () => {
  it('offers this evening, tomorrow morning and Saturday, at 7 pm, 9 am and 10 am', () => {
    expect(reminderOptions(THURSDAY_MORNING)).toEqual([
      { when: { kind: 'evening' }, label: 'This evening', time: '7 pm', at: local(11, 26, 19) },
      { when: { kind: 'morning' }, label: 'Tomorrow morning', time: '9 am', at: local(11, 27, 9) },
      { when: { kind: 'saturday' }, label: 'Saturday', time: '10 am, 28 November', at: local(11, 28, 10) },
    ]);
  });

  it('no longer offers this evening once it is evening', () => {
    expect(reminderOptions(local(11, 26, 18, 5)).map((option) => option.label)).toEqual(['Tomorrow morning', 'Saturday']);
    expect(reminderAt({ kind: 'evening' }, local(11, 26, 18, 5))).toEqual({ problem: expect.stringContaining('too late') });
  });

  it('on a Saturday offers the next one, a week on; on a Friday, tomorrow', () => {
    const saturday = reminderOptions(local(11, 28, 11)).find((option) => option.when.kind === 'saturday');
    expect(saturday).toMatchObject({ label: 'Next Saturday', at: local(12, 5, 10), time: '10 am, 5 December' });
    expect(reminderAt({ kind: 'saturday' }, local(11, 27, 23, 30))).toEqual({ at: local(11, 28, 10) });
  });

  it('takes a picked day from tomorrow to a year on, at 10 am, across a month and a year', () => {
    expect(pickableDays(THURSDAY_MORNING)).toEqual({ first: '2026-11-27', last: '2027-11-26' });
    expect(reminderAt({ kind: 'day', day: '2027-01-02' }, THURSDAY_MORNING)).toEqual({ at: new Date(2027, 0, 2, 10).getTime() });
    expect(reminderAt({ kind: 'day', day: '2026-11-26' }, THURSDAY_MORNING)).toEqual({ problem: 'Pick a day from tomorrow on.' });
    expect(reminderAt({ kind: 'day', day: '2027-11-27' }, THURSDAY_MORNING)).toEqual({ problem: 'Pick a day within the next year.' });
    expect(reminderAt({ kind: 'day', day: '2027-02-30' }, THURSDAY_MORNING)).toEqual({ problem: '2027-02-30 is not a day of the calendar.' });
  });

  it('says a time from now as a person would, never as late', () => {
    expect(reminderWords(local(11, 26, 19), THURSDAY_MORNING)).toBe('this evening at 7 pm');
    expect(reminderWords(local(11, 27, 9), THURSDAY_MORNING)).toBe('tomorrow at 9 am');
    expect(reminderWords(local(11, 28, 10), THURSDAY_MORNING)).toBe('on Saturday at 10 am');
    expect(reminderWords(local(12, 12, 10), THURSDAY_MORNING)).toBe('on Saturday 12 December at 10 am');
    expect(reminderWords(local(11, 25, 19), THURSDAY_MORNING)).toBe('yesterday at 7 pm');
    expect(reminderWords(local(11, 26, 14, 30), THURSDAY_MORNING)).toBe('this afternoon at 2:30 pm');
    expect(reminderWords(local(11, 20, 10), THURSDAY_MORNING)).toBe('on Friday 20 November at 10 am');
  });

  it('names local calendar days', () => {
    expect(dayOf(local(1, 5, 0, 30))).toBe('2026-01-05');
    expect(dayOf(local(12, 31, 23, 59))).toBe('2026-12-31');
  });
});
